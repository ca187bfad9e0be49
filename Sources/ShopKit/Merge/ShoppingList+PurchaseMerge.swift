/// The three-way merge of purchase logs (SPEC section 10): purchases are records with ids that never
/// change, so the merge is by id alone. Every purchase logged on either side survives; one that the base
/// had and one side no longer has was deleted (by `unbuy`) and stays deleted.
extension ShoppingList {
    /// The live purchases of the merge of three logs, ours' order first, then theirs' new ones, and the
    /// purchases deleted on one side (whose dates `dateLastPurchased` must forget).
    static func mergedPurchases(base: [Purchase], ours: [Purchase], theirs: [Purchase]) -> (
        merged: [Purchase], deleted: [Purchase]
    ) {
        let baseIDs = Set(base.map(\.id))
        let ourIDs = Set(ours.map(\.id))
        let theirIDs = Set(theirs.map(\.id))
        // In the base but gone from a side: deleted there.
        let deletedIDs = baseIDs.filter { !ourIDs.contains($0) || !theirIDs.contains($0) }
        var merged = ours.filter { !deletedIDs.contains($0.id) }
        merged += theirs.filter { !ourIDs.contains($0.id) && !deletedIDs.contains($0.id) }
        return (merged, base.filter { deletedIDs.contains($0.id) })
    }

    /// Sets this (merged) list's log to the merge of the three sides' logs and recomputes every logged
    /// item's `dateLastPurchased` from it, so a purchase deleted on one side does not come back through the
    /// date. Does nothing when no side's log was loaded (a data file merged without its log).
    mutating func mergePurchaseLogs(base: ShoppingList, ours: ShoppingList, theirs: ShoppingList) {
        // The merged data file goes with this device's log file, to which `sync` appends what came in
        // (``rebaseLog(onto:)``): keep ours' marker, never the other device's.
        logMarker = ours.logMarker
        guard base.log.isLoaded || ours.log.isLoaded || theirs.log.isLoaded else { return }
        let (merged, deleted) = Self.mergedPurchases(
            base: base.log.purchases, ours: ours.log.purchases, theirs: theirs.log.purchases)
        log = PurchaseLog(loaded: merged)
        // The purchases of a record merged into a same-named one follow the record kept (SPEC 8.2).
        attachOrphanPurchases()
        recomputePurchaseDates(deleted: deleted)
        recomputeStorePrices()
    }
}

extension ShoppingList {
    /// After a merge (`sync`): makes this list's purchases the changes to apply to `local`'s log file, so
    /// the store appends them (the new purchases, and a deletion line for each purchase the merge took
    /// away) under `local`'s marker. One atomic, undoable step with the data file, as every other change
    /// to the log: an undo of the sync restores the old marker, and the appended lines no longer count.
    /// - Parameter local: the device's list as read before the merge, with its whole log loaded.
    mutating func rebaseLog(onto local: ShoppingList) {
        let merged = log.purchases
        let mergedIDs = Set(merged.map(\.id))
        let localIDs = Set(local.log.purchases.map(\.id))
        var updated = local.log
        for purchase in merged where !localIDs.contains(purchase.id) { updated.add(purchase) }
        for purchase in local.log.purchases where !mergedIDs.contains(purchase.id) { updated.delete(purchase.id) }
        log = updated
        logMarker = local.logMarker
    }
}
