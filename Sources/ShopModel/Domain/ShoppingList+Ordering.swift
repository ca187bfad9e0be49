extension ShoppingList {
    /// All locations in walking order: visitation order, then name (rule 7), then id; the Unknown Location last.
    public var locationsInVisitationOrder: [Location] {
        locations.map { (location: $0, key: NameOrder.key($0.name)) }
            .sorted { lhs, rhs in
                if lhs.location.isUnknown != rhs.location.isUnknown { return rhs.location.isUnknown }
                if lhs.location.visitationOrder != rhs.location.visitationOrder {
                    return lhs.location.visitationOrder < rhs.location.visitationOrder
                }
                if lhs.location.name != rhs.location.name {
                    return NameOrder.precedes(lhs.location.name, rhs.location.name, lhsKey: lhs.key, rhsKey: rhs.key)
                }
                return lhs.location.id < rhs.location.id
            }
            .map(\.location)
    }

    /// Items in walking order (rule 7): location visitation order, location name, item name, id.
    public func walkingOrder(_ items: some Sequence<Item>) -> [Item] {
        walkingOrder(items, at: nil)
    }

    /// Items in the walking order of `store` (SPEC section 7), or of rule 7 when `store` is `nil`: see
    /// ``Walk``. The rank table is built once, so the cost is one sort, as without a store.
    public func walkingOrder(_ items: some Sequence<Item>, at store: Store?) -> [Item] {
        walkingOrder(items, along: walk(at: store))
    }

    /// Items in the order of a walk the caller already built (``walk(at:)``).
    public func walkingOrder(_ items: some Sequence<Item>, along walk: Walk) -> [Item] {
        Self.sorted(items) { walk.rank(of: $0.locationID) }
    }

    /// Items in name order (rule 7), the order of the purchased history.
    public func nameOrder(_ items: some Sequence<Item>) -> [Item] {
        Self.sorted(items, rank: nil)
    }

    /// The walk through the locations at `store` (or without a store): a rank per location, built once.
    public func walk(at store: Store?) -> Walk {
        Walk(list: self, store: store)
    }

    /// The purchased history (items off the list) in name order, optionally only names containing `search`.
    public func history(matching search: String? = nil) -> [Item] {
        let needle = search.map(NameOrder.key).flatMap { $0.isEmpty ? nil : $0 }
        return nameOrder(
            items.filter { item in
                guard !item.onList else { return false }
                guard let needle else { return true }
                return NameOrder.key(item.name).contains(needle)
            })
    }

    /// Splits items into those bought within the last `days` local calendar days (0 = today) and the rest;
    /// never-bought items count as earlier. Both halves keep the order they came in.
    public static func splitRecent(_ items: [Item], days: Int, now: Date, calendar: LocalCalendar = .current)
        -> (recent: [Item], earlier: [Item])
    {
        let firstRecentDay = calendar.dayNumber(of: now) - max(0, days)
        var recent: [Item] = []
        var earlier: [Item] = []
        for item in items {
            if let date = item.dateLastPurchased, calendar.dayNumber(of: date) >= firstRecentDay {
                recent.append(item)
            } else {
                earlier.append(item)
            }
        }
        return (recent, earlier)
    }

    /// Sorts by a location rank, then by rule 7's name order, then id, over packed name keys (see
    /// ``NameOrder/SortKeys``), so the sort moves integers rather than whole items.
    private static func sorted(_ items: some Sequence<Item>, rank: ((Item) -> Int)?) -> [Item] {
        let items = Array(items)
        return sortedPositions(items, rank: rank).map { items[$0] }
    }

    /// The positions of `items` in name order (rule 7), then id: the order of ``nameOrder(_:)``, without
    /// copying the items (the data file writes its items in this order).
    package static func namePositions(_ items: [Item]) -> [Int] {
        sortedPositions(items, rank: nil)
    }

    /// The positions of `items` by `rank` (all equal when `nil`), then name (rule 7), then id: every item order.
    private static func sortedPositions(_ items: [Item], rank: ((Item) -> Int)?) -> [Int] {
        let ranks = rank.map { items.map($0) }
        // Names by position: a map over the items would copy each one.
        let names = items.indices.lazy.map { items[$0].name }
        return NameOrder.SortKeys(names).sortedPositions(rank: ranks) { items[$0].id < items[$1].id }
    }
}

/// One location's items, as `list --by-location` shows them.
public struct LocationGroup: Hashable, Sendable {
    /// The location.
    public var location: Location
    /// Its items, in walking order.
    public var items: [Item]
    /// `false` when a store is in effect and does not have this location.
    public var isAtStore: Bool
}

/// The order in which locations are walked: by rule 7 without a store; at a store, its locations in its
/// order, then the Unknown Location, then every location it lacks (in rule 7's order).
///
/// Built once per command as a table of ranks by the locations' positions in the list, so ordering n items costs one
/// sort and one location lookup per item.
public struct Walk: Sendable {
    /// The store walked, or `nil` for rule 7's order.
    public let store: Store?
    private let locations: RecordTable<Location>
    /// The rank of the location at each position of ``locations``.
    private var ranks: [Int]
    /// Ranks below this are locations the store has (all of them without a store).
    private let atStoreLimit: Int
    private let unknownRank: Int

    init(list: ShoppingList, store: Store?) {
        self.store = store
        locations = list.locationsByID
        let table = list.locationsByID
        let unset = -1
        var ranks = [Int](repeating: unset, count: table.count)
        // Every location of the list has a position; an id that is not the list's (a store from another
        // list) has none and is left out, sorting with the Unknown Location.
        func setRank(_ rank: Int, of id: Location.ID) {
            if let position = table.position(of: id) { ranks[position] = rank }
        }
        let everywhere = list.locationsInVisitationOrder
        if let store {
            for (index, id) in store.locationIDs.enumerated() { setRank(index, of: id) }
            unknownRank = store.locationIDs.count
            setRank(unknownRank, of: list.unknownLocationID)
            atStoreLimit = unknownRank + 1
            var next = atStoreLimit
            for location in everywhere {
                guard let position = table.position(of: location.id), ranks[position] == unset else { continue }
                ranks[position] = next
                next += 1
            }
        } else {
            for (index, location) in everywhere.enumerated() { setRank(index, of: location.id) }
            unknownRank = table.position(of: list.unknownLocationID).map { ranks[$0] } ?? Int.max
            atStoreLimit = Int.max
        }
        self.ranks = ranks
    }

    /// The position of a location in the walk (an id not in the list sorts with the Unknown Location).
    public func rank(of location: Location.ID) -> Int {
        guard let position = locations.position(of: location) else { return unknownRank }
        return ranks[position]
    }

    /// Whether the store has the location (always `true` without a store; the Unknown Location is in every store).
    public func isAtStore(_ location: Location.ID) -> Bool { rank(of: location) < atStoreLimit }

    /// The locations the store walks, in order, the Unknown Location last (every location without a store).
    public func locations(in list: ShoppingList) -> [Location] {
        guard let store else { return list.locationsInVisitationOrder }
        return store.locationIDs.compactMap { list.location($0) } + [list.unknownLocation]
    }
}
