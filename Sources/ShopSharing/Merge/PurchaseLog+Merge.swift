import ShopHistory
import ShopModel

/// The three-way merge of purchase logs (SPEC sections 10 and 16): purchases are records with ids that never change, so
/// the merge is by id alone. Every purchase any of the three logs holds survives, unless a deletion line (`unbuy`) of
/// one of them names it: a purchase leaves the household's log only that way, never by missing from one side (a log
/// file restored from a backup, cut by an `undo`, or rewritten by a remote, which `sync` refuses before it gets here).
///
/// **The rule that makes every order of syncs agree.** A log is two sets that only grow: the purchases and the deletion
/// lines. The merge is the union of each, and a purchase is live when no deletion line names it. Union is commutative,
/// associative and idempotent, so every order of fast-forwards and merges gives one log: a deletion that arrives before
/// its purchase waits for it. Hence every deletion line any side holds is written into the merged log
/// (``rebaseLog(onto:)``), also for a purchase this device never saw, or the device that made the pair would find it
/// missing and its next `sync` would be refused. Two logs are the same when both sets are
/// (``GitSync/sameLog(_:_:_:_:)``), whatever the order of their lines.
extension PurchaseLog {
    /// The live purchases of the merge of three logs, ours' order first, then theirs' new ones, then the base's that
    /// neither side holds live without a deletion line; and the purchases a deletion line took away.
    static func mergedPurchases(base: PurchaseLog, ours: PurchaseLog, theirs: PurchaseLog) -> (
        merged: [Purchase], deleted: [Purchase]
    ) {
        let deletedIDs = base.deletedIDs.union(ours.deletedIDs).union(theirs.deletedIDs)
        var seen = Set<Purchase.ID>()
        var merged: [Purchase] = []
        var deleted: [Purchase] = []
        for purchase in ours.purchases + theirs.purchases + base.purchases where seen.insert(purchase.id).inserted {
            if deletedIDs.contains(purchase.id) { deleted.append(purchase) } else { merged.append(purchase) }
        }
        return (merged, deleted)
    }

    /// The union by id of three logs' stock entries (SPEC section 18): ours' order first, then theirs' new
    /// ones, then the base's. Nothing deletes a stock entry (they name no lot: an `unbuy` of the purchase a
    /// use took from makes the replay take it from the lots that remain).
    static func mergedStockEntries(base: PurchaseLog, ours: PurchaseLog, theirs: PurchaseLog) -> [StockEntry] {
        var seen = Set<StockEntry.ID>()
        return (ours.stockEntries + theirs.stockEntries + base.stockEntries).filter { seen.insert($0.id).inserted }
    }
}

extension MergeReport {
    /// Sets this (merged) report's log to the merge of the three sides' logs and recomputes every logged
    /// item's `dateLastPurchased` from it, so a purchase deleted on one side does not come back through the
    /// date. Does nothing but keep ours' marker when no side's log was loaded (a data file merged without its log).
    mutating func mergePurchaseLogs(base: PurchaseLog, ours: PurchaseLog, theirs: PurchaseLog) {
        // The merged data file goes with this device's log file, to which `sync` appends what came in
        // (``rebaseLog(onto:)``): keep ours' marker, never the other device's.
        defer { log.marker = ours.marker }
        guard base.isLoaded || ours.isLoaded || theirs.isLoaded else { return }
        let (merged, deleted) = PurchaseLog.mergedPurchases(base: base, ours: ours, theirs: theirs)
        // The dead lines of every side, and the purchases a deletion took away: the other set of the union.
        var seenDead = Set<Purchase.ID>()
        let dead = (ours.deadPurchases + theirs.deadPurchases + base.deadPurchases + deleted).filter {
            seenDead.insert($0.id).inserted
        }
        log = PurchaseLog(
            loaded: merged, deleted: base.deletedIDs.union(ours.deletedIDs).union(theirs.deletedIDs),
            stock: PurchaseLog.mergedStockEntries(base: base, ours: ours, theirs: theirs), dead: dead)
        // The purchases of a record merged into a same-named one follow the record kept (SPEC 8.2).
        list.attachOrphanPurchases(in: &log)
        list.recomputePurchaseDates(from: log, deleted: deleted)
    }

    /// After a merge (`sync`): makes this list's purchases the changes to apply to `local`'s log file, so
    /// the store appends them (the new purchases, and a deletion line for each purchase the merge took
    /// away) under `local`'s marker. One atomic, undoable step with the data file, as every other change
    /// to the log: an undo of the sync restores the old marker, and the appended lines no longer count.
    /// - Parameter local: the device's log as read before the merge, whole.
    mutating func rebaseLog(onto local: PurchaseLog) {
        let merged = log.purchases
        let mergedIDs = Set(merged.map(\.id))
        let localIDs = Set(local.purchases.map(\.id))
        var updated = local
        for purchase in merged where !localIDs.contains(purchase.id) { updated.add(purchase) }
        for purchase in local.purchases where !mergedIDs.contains(purchase.id) { updated.delete(purchase.id) }
        // Every deletion line travels on, also one for a purchase this device never saw (see the rule above).
        for id in log.deletedIDs.subtracting(updated.deletedIDs).sorted() {
            updated.recordDeletion(id)
        }
        // And every dead purchase line this device lacks (SPEC 23): both devices then hold the same lines, and the
        // data file's log marker, a digest of them, is the same on both.
        let localDead = Set(local.deadPurchases.map(\.id))
        for purchase in log.deadPurchases where !localDead.contains(purchase.id) && !localIDs.contains(purchase.id) {
            updated.addDeadLine(purchase)
        }
        let localStock = Set(local.stockEntries.map(\.id))
        for entry in log.stockEntries where !localStock.contains(entry.id) { updated.add(entry) }
        log = updated
    }
}
