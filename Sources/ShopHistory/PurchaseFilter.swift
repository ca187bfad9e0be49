import ShopModel

/// Which purchases `history` and `spending` look at.
public struct PurchaseFilter: Sendable {
    /// A case-insensitive substring of the name.
    public var search: String?
    /// The first and last local days included.
    public var since: CalendarDay?
    public var until: CalendarDay?
    /// Only purchases at this store (by id, or by name for a store since removed).
    public var store: Store?
    /// Only purchases logged by this device (`history --device`), compared case-insensitively.
    public var device: String?
    /// Only purchases bought from this list (`--list`, SPEC 22): by id, or by name for a list since gone.
    public var list: NamedList?

    public init(search: String? = nil, since: CalendarDay? = nil, until: CalendarDay? = nil, store: Store? = nil) {
        self.search = search
        self.since = since
        self.until = until
        self.store = store
    }

    /// Refuses a first day after the last (`--since` after `--until`: exit 1).
    public func validate() throws(HistoryError) {
        if let since, let until, since > until { throw .reversedDayRange(since: since, until: until) }
    }

    /// The filter, ready to test many purchases of `list`'s household: the search folded once, each name's answer
    /// remembered.
    func matcher(calendar: LocalCalendar, in list: ShoppingList) -> Matcher {
        Matcher(
            filter: self, calendar: calendar, needle: search.map(NameOrder.key).flatMap { $0.isEmpty ? nil : $0 },
            household: self.list == nil ? nil : list)
    }

    struct Matcher {
        let filter: PurchaseFilter
        let calendar: LocalCalendar
        let needle: String?
        /// The household's lists, when `--list` filters (a purchase's list id that names none is matched by name).
        let household: ShoppingList?
        var answers: [String: Bool] = [:]

        /// Whether every purchase passes (no search, days or store): then callers need not ask about (and copy) each.
        var includesEverything: Bool {
            needle == nil && filter.since == nil && filter.until == nil && filter.store == nil && filter.device == nil
                && filter.list == nil
        }

        mutating func includes(_ purchase: Purchase) -> Bool {
            if let needle {
                let matches: Bool
                if let known = answers[purchase.name] {
                    matches = known
                } else {
                    matches = NameOrder.key(purchase.name).contains(needle)
                    answers[purchase.name] = matches
                }
                if !matches { return false }
            }
            if filter.since != nil || filter.until != nil {
                let day = calendar.dayNumber(of: purchase.date)
                if let since = filter.since, day < since.number { return false }
                if let until = filter.until, day > until.number { return false }
            }
            if let store = filter.store {
                guard
                    purchase.storeID == store.id
                        || (purchase.storeID == nil && purchase.store.map(NameOrder.key) == NameOrder.key(store.name))
                else { return false }
            }
            if let device = filter.device {
                guard let by = purchase.by, NameOrder.key(by) == NameOrder.key(device) else { return false }
            }
            if let list = filter.list, let household, !household.purchase(purchase, isFrom: list) { return false }
            return true
        }
    }
}
