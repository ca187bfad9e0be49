import ShopModel

extension ShoppingList {
    /// `unbuy`: puts items back on the list and deletes each one's purchase logged last, restoring the date (SPEC 10,
    /// 14), price, own amount and recipe needs from before it (SPEC 16). Needs the whole log. An item with no logged
    /// purchase only goes back on the list (rule 6).
    public mutating func unbuy(_ ids: [Item.ID], deletingLatestPurchase: Bool, log: inout PurchaseLog)
        throws(ShopError) -> [ItemOutcome]
    {
        guard deletingLatestPurchase else { return try unbuy(ids) }
        let unique = Self.distinct(ids)
        let wanted = Set(unique)
        var byItem: [Item.ID: [Purchase]] = [:]
        for purchase in log.purchases where wanted.contains(purchase.itemID) {
            byItem[purchase.itemID, default: []].append(purchase)
        }
        var working = self
        var workingLog = log
        var deletions: [Purchase.ID] = []
        var givenBack: [(Item.ID, Purchase.ListedBefore)] = []
        let outcomes = try working.updateEach(unique) { item in
            item.onList = true
            item.isAvailable = true
            // The purchase logged last, never the one with the latest date (SPEC 14): clocks may run ahead, and the
            // log's order is the order this device learned of the purchases.
            guard var purchases = byItem[item.id], let latest = purchases.indices.last else { return }
            let deleted = purchases.remove(at: latest)
            item.restorePrice(before: deleted)
            item.dateLastPurchased = PurchaseLog.lastDate(of: purchases) ?? deleted.dateBefore
            byItem[item.id] = purchases
            deletions.append(deleted.id)
            if let before = deleted.listedBefore { givenBack.append((item.id, before)) }
        }
        for id in deletions { workingLog.delete(id) }
        // The list as it was before the purchase: the amount, the recipes' needs (SPEC 16).
        for (id, before) in givenBack { working.giveBack(before, to: id) }
        // The last price at a store may have been the one taken back.
        working.recomputeStorePrices(only: Set(unique), from: workingLog)
        self = working
        log = workingLog
        return outcomes.map { ItemOutcome(id: $0.id, kind: .changed) }
    }

    /// `drop`: takes items off the list without buying them: no purchase, date unchanged.
    public mutating func drop(_ ids: [Item.ID]) throws(ShopError) -> [ItemOutcome] {
        let outcomes = try updateEach(ids) { item in
            item.onList = false
            item.recipesOnly = false
        }
        // Not needed any more: what recipes added to it is settled too, as by a purchase (none is logged).
        settleRecipeNeeds(of: Set(outcomes.lazy.filter { $0.kind == .changed }.map(\.id)))
        return outcomes
    }

    /// Points the purchases of an item that no longer exists at the item of the same name, when there is one: after a
    /// merge made two same-named items one, or when an item of a removed one's name comes back.
    package func attachOrphanPurchases(in log: inout PurchaseLog) {
        // Nearly always every purchase's item exists: find out by id alone, copying no purchase.
        let purchases = log.purchases
        guard purchases.indices.contains(where: { !itemsByID.contains(purchases[$0].itemID) }) else { return }
        let list = self
        log.repoint { purchase in
            guard !list.itemsByID.contains(purchase.itemID), let item = list.item(named: purchase.name) else {
                return nil
            }
            return item.id
        }
    }

    /// Sets every logged item's `dateLastPurchased` to its latest purchase's (after a merge or an import). Items
    /// without purchases keep their date, unless `deleted` (purchases gone from the log) held it: then the date from
    /// before those.
    package mutating func recomputePurchaseDates(from log: PurchaseLog, deleted: [Purchase] = []) {
        let groups = log.purchasesByItem()
        var gone: [Item.ID: [Purchase]] = [:]
        for purchase in deleted where groups[purchase.itemID] == nil {
            gone[purchase.itemID, default: []].append(purchase)
        }
        for (id, purchases) in groups {
            guard var item = itemsByID[id], let date = PurchaseLog.lastDate(of: purchases) else { continue }
            if item.dateLastPurchased != date {
                item.dateLastPurchased = date
                itemsByID[id] = item
            }
        }
        for (id, purchases) in gone {
            guard var item = itemsByID[id], let first = purchases.min(by: { $0.date < $1.date }) else { continue }
            if item.dateLastPurchased != first.dateBefore {
                item.dateLastPurchased = first.dateBefore
                itemsByID[id] = item
            }
        }
    }
}
