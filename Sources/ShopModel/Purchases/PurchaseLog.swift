/// The purchase log as one command sees it: the live purchases, and what the command added or deleted.
///
/// The log is kept in its own append-only file (see ``PurchaseLogFile``), read only by the commands that
/// need it. A command that did not read it (`buy`) can still add purchases: they are appended to the file.
public struct PurchaseLog: Hashable, Sendable {
    /// The live purchases in the order they were logged (plus any added by this command).
    public private(set) var purchases: [Purchase] = []
    /// Whether ``purchases`` holds the whole log (`false`: only what this command added).
    public internal(set) var isLoaded: Bool
    /// Purchases added since the log was read, in order; the store appends them to the file.
    package private(set) var added: [Purchase] = []
    /// Purchases deleted since the log was read; the store appends a deletion line for each.
    package private(set) var deleted: [Purchase.ID] = []

    /// An empty log; `isLoaded` says whether it is the whole log or only what a command adds to it.
    public init(isLoaded: Bool = true) {
        self.isLoaded = isLoaded
    }

    /// A whole log read from a file or an export.
    /// - Parameter deleted: the ids its deletion lines name (`unbuy`), which a merge needs: a purchase
    ///   leaves the household's log only through such a line, never by missing from one side.
    /// - Parameter stock: its stock entries (SPEC section 18), in logged order.
    /// - Parameter dead: the purchase lines it holds that a deletion line names (the log's other set, kept so that a
    ///   merge can give every device the same lines, SPEC 23).
    package init(
        loaded purchases: [Purchase], deleted: Set<Purchase.ID> = [], stock: [StockEntry] = [], dead: [Purchase] = []
    ) {
        self.purchases = purchases
        deletedIDs = deleted
        stockEntries = stock
        deadPurchases = dead
        isLoaded = true
    }

    /// The purchase lines a deletion line names, as read (a merge's: of every side). Not live: no view reads them.
    package private(set) var deadPurchases: [Purchase] = []

    /// Writes the line of a purchase that a deletion line names and this log lacks (a merge's, from another device):
    /// it stays dead here, and the two devices' logs hold the same lines.
    package mutating func addDeadLine(_ purchase: Purchase) {
        added.append(purchase)
        deadPurchases.append(purchase)
        deletedIDs.insert(purchase.id)
    }

    /// The stock entries (`use`, `open`, `stock add`) in logged order, plus any added by this command.
    public private(set) var stockEntries: [StockEntry] = []
    /// Stock entries added since the log was read; the store appends them to the file.
    package private(set) var addedStock: [StockEntry] = []

    /// Logs a stock entry.
    package mutating func add(_ entry: StockEntry) {
        stockEntries.append(entry)
        addedStock.append(entry)
    }

    /// Which state of the purchase log file the data file names (it is written there); `nil` when no purchase was
    /// ever logged beside it. Only the data file's store reads or moves it.
    package var marker: PurchaseLogMarker?

    /// The purchases deletion lines name: as read (see ``init(loaded:deleted:)``), and those this command deleted.
    package var deletedIDs: Set<Purchase.ID> = []

    /// Every log compares equal: the log is not part of a list's value, which is what its data file holds. A change to
    /// the log is seen through ``hasChanges``; compare ``purchases`` to compare logs.
    public static func == (lhs: PurchaseLog, rhs: PurchaseLog) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}

    /// Whether this command changed the log.
    package var hasChanges: Bool { !added.isEmpty || !deleted.isEmpty || !addedStock.isEmpty }

    /// Logs a purchase.
    package mutating func add(_ purchase: Purchase) {
        purchases.append(purchase)
        added.append(purchase)
    }

    /// Deletes a purchase (only on a loaded log).
    package mutating func delete(_ id: Purchase.ID) {
        guard let position = purchases.firstIndex(where: { $0.id == id }) else { return }
        purchases.remove(at: position)
        deletedIDs.insert(id)
        if let fresh = added.firstIndex(where: { $0.id == id }) {
            added.remove(at: fresh)
        } else {
            deleted.append(id)
        }
    }

    /// Writes a deletion line for `id` whether or not the purchase is live here (a deletion the log
    /// lost, put back by `sync`), and takes the purchase away if it is.
    package mutating func recordDeletion(_ id: Purchase.ID) {
        purchases.removeAll { $0.id == id }
        added.removeAll { $0.id == id }
        deleted.append(id)
        deletedIDs.insert(id)
    }

    /// Points purchases at another item where `replacement` names one (not a change to the log file: the
    /// lines keep the id they were logged with, and every read points them again).
    package mutating func repoint(_ replacement: (Purchase) -> Item.ID?) {
        for index in purchases.indices {
            if let id = replacement(purchases[index]) {
                purchases[index].loggedItemID = purchases[index].loggedItemID ?? purchases[index].itemID
                purchases[index].itemID = id
            }
        }
    }

    /// The purchases of one item, in logged order.
    public func purchases(of itemID: Item.ID) -> [Purchase] {
        purchases.filter { $0.itemID == itemID }
    }

    /// Every item's purchases, grouped in one pass (for callers that look at many items).
    public func purchasesByItem() -> [Item.ID: [Purchase]] {
        var groups: [Item.ID: [Purchase]] = [:]
        for purchase in purchases { groups[purchase.itemID, default: []].append(purchase) }
        return groups
    }

    /// The item's `dateLastPurchased` according to its purchases: the latest logged date, never earlier
    /// than the date it had before its first logged purchase; `nil` when it has none.
    package static func lastDate(of purchases: [Purchase]) -> Date?? {
        guard let latest = purchases.max(by: { $0.date < $1.date }) else { return nil }
        let first = purchases.min(by: { $0.date < $1.date })!
        if let before = first.dateBefore, before > latest.date { return .some(before) }
        return .some(latest.date)
    }
}
