import ShopModel

extension ShoppingList {
    /// The items `restock` would put back, in walking order: off the list, with an interval, and never bought or last
    /// bought at least `every` calendar days ago (SPEC 16); learned intervals need the loaded log.
    public func dueForRestock(at now: Date, in log: PurchaseLog) -> [Item] {
        restockDecisions(at: now, in: log).filter(\.isDue).map(\.item)
    }

    /// `restock`: puts every due item back on the list (keeping its purchase date, as `unbuy` does).
    public mutating func restock(at now: Date, in log: PurchaseLog) -> [ItemOutcome] {
        (try? unbuy(dueForRestock(at: now, in: log).map(\.id))) ?? []
    }
}
