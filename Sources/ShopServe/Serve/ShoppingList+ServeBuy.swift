import ShopHistory
import ShopModel

extension ShoppingList {
    /// A phone's `buy` (SPEC 13, 17): logged as `buy` would, dated at the tap, at the store picked, by the
    /// phone's name, with what the cart row's form gave (`-q`, `--price`, `--paid`). A `buy` that names
    /// the purchase of an earlier tap replaces that purchase (never adds a second one).
    mutating func buy(_ item: Item, _ op: ServeOp, now: Date, log: inout PurchaseLog) throws(ShopError)
        -> ServeOpResult
    {
        guard let corrected = op.purchase, let logged = log.purchases.first(where: { $0.id == corrected }) else {
            // A tap: `buy` changes nothing when it throws, so no copy of the list is needed.
            guard item.onList else { return .declined("\(item.name) is not on the list: it was bought already") }
            try logPurchase(of: item.id, op, date: min(op.at ?? now, now), storeID: op.store, now: now, log: &log)
            return .applied(summary: "buy \(item.name)")
        }
        // The tap's purchase gives way to the corrected one, at the tap's time and store: both or neither.
        var working = self
        var workingLog = log
        _ = working.unbuy(purchase: corrected, of: item.id, log: &workingLog)
        guard let current = working.item(item.id), current.onList else {
            return .declined("\(item.name) is not on the list: it was bought already")
        }
        try working.logPurchase(
            of: current.id, op, date: logged.date, storeID: logged.storeID ?? op.store, now: now, log: &workingLog)
        self = working
        log = workingLog
        return .applied(summary: "buy \(item.name)")
    }

    /// A `buy` of an item that no longer exists here (removed on another device before the tap was
    /// sent): the item is made again under its name and bought, so it stays off the list and the
    /// purchase is logged, at the form's price or else the line total the page showed.
    mutating func buyRecreating(_ name: String, _ op: ServeOp, now: Date, log: inout PurchaseLog) throws(ShopError)
        -> ServeOpResult
    {
        var working = self
        let outcomes = try working.add([name])
        guard let id = outcomes.first?.id, let item = working.item(id) else { return .gone }
        var priced = op
        if op.receipt.price == nil && op.receipt.paid == nil { priced.receipt.paid = op.shownTotal }
        // `buy` changes nothing when it throws: the log is changed only once the list's copy is taken.
        try working.logPurchase(of: id, priced, date: min(op.at ?? now, now), storeID: op.store, now: now, log: &log)
        self = working
        return .applied(
            summary: "buy \(item.name)",
            note: "\(item.name) was removed elsewhere: its purchase is logged and it is kept off the list")
    }

    /// Logs the purchase of one item for `op`, its id the op's.
    private mutating func logPurchase(
        of id: Item.ID, _ op: ServeOp, date: Date, storeID: Store.ID?, now: Date, log: inout PurchaseLog
    ) throws(ShopError) {
        let details = PurchaseDetails(
            date: date, quantity: op.receipt.quantity, price: op.receipt.price, paid: op.receipt.paid,
            store: storeID.flatMap { self.store($0) }, by: op.by, purchaseID: Purchase.ID(op.id.uuid))
        _ = try buy([id], at: now, details: details, log: &log)
    }
}

extension ShoppingList {
    /// The line total each applied `buy` op's purchase was logged at (its id is the op's), found in one
    /// pass from the end of the log: what the page puts in its cart, so the cart's total is `history`'s.
    public func loggedLineTotals(
        _ ops: [Result<ServeOp, ServeOpProblem>], _ results: [ServeOpResult], in log: PurchaseLog
    ) -> [Identifier<ServeOp>: Price] {
        var wanted: Set<Purchase.ID> = []
        for (parsed, result) in zip(ops, results) {
            if case .success(let op) = parsed, op.kind == .buy, case .applied = result {
                wanted.insert(Purchase.ID(op.id.uuid))
            }
        }
        var totals: [Identifier<ServeOp>: Price] = [:]
        guard !wanted.isEmpty else { return totals }
        for purchase in log.purchases.reversed() where wanted.contains(purchase.id) {
            if let total = purchase.lineTotal { totals[Identifier<ServeOp>(purchase.id.uuid)] = total }
            wanted.remove(purchase.id)
            if wanted.isEmpty { break }
        }
        return totals
    }
}
