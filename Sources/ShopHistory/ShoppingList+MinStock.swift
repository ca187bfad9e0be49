import ShopModel

/// An item kept in stock with less at home than its `minStock` (SPEC section 18): what is at home (not
/// expired, in the minimum's family) and the missing amount `restock` puts on the list.
public struct MinimumStockDecision: Sendable, Hashable {
    public let item: Item
    /// What is at home in the minimum's unit.
    public let atHome: Amount.Part
    /// The minimum less what is at home.
    public let missing: Amount.Part
}

extension ShoppingList {
    /// The items off the list kept in stock with less at home than their minimum, in name order; needs the log.
    public func belowMinimumStock(at now: Date, in log: PurchaseLog, calendar: LocalCalendar = .current)
        -> [MinimumStockDecision]
    {
        guard log.isLoaded, items.contains(where: { $0.minStock != nil }) else { return [] }
        let ledger = log.stockLedger(of: self, calendar: calendar)
        let today = CalendarDay(number: calendar.dayNumber(of: now))
        return items.compactMap { item -> MinimumStockDecision? in
            guard item.stock, !item.onList, let minimum = item.minStock else { return nil }
            // A minimum of 2 for butter in packs of 250 g is 500 g: lots of packs are their measure (SPEC 23).
            let least = minimum.measured(inPacksOf: item.pack)
            let home = ledger.items[item.id]?.usable(in: least.unit.family, on: today) ?? .zero
            let wanted = least.baseQuantity
            guard home < wanted else { return nil }
            let size = least.unit.sizeInBaseUnit
            return MinimumStockDecision(
                item: item, atHome: Amount.Part(quantity: (home / size) ?? home, unit: least.unit),
                missing: Amount.Part(quantity: ((wanted - home) / size) ?? wanted, unit: least.unit))
        }
        .sorted { NameOrder.precedes($0.item.name, $1.item.name) }
    }

    /// `restock` of the items below their minimum: each goes back on the list with the missing amount as its own.
    public mutating func restockBelowMinimum(at now: Date, in log: PurchaseLog, calendar: LocalCalendar = .current)
        -> [MinimumStockDecision]
    {
        let decisions = belowMinimumStock(at: now, in: log, calendar: calendar)
        for decision in decisions {
            guard var item = itemsByID[decision.item.id] else { continue }
            item.onList = true
            item.isAvailable = true
            item.recipesOnly = false
            item.quantity = Amount(parts: [decision.missing])
            itemsByID[item.id] = item
        }
        return decisions
    }
}
