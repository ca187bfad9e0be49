import ShopModel

/// Dates from a clock that runs ahead (SPEC 20): a purchase dated more than a day after this device's clock is kept,
/// but ignored by dates and restock until its time.
extension ShoppingList {
    /// How far ahead of this clock a date is still believed: a day, for time zones and small drifts.
    static let futureTolerance: TimeInterval = 86_400

    /// The latest date believed at `now`.
    package static func believableHorizon(_ now: Date) -> Date {
        now.addingTimeInterval(futureTolerance)
    }

    /// The item's last purchase as restock believes it at `now`: its `dateLastPurchased`, unless that is
    /// past ``believableHorizon(_:)``; then the latest of its logged purchases that is not, or none.
    package func believedLastPurchase(_ item: Item, purchases: [Purchase], at now: Date) -> Date? {
        let horizon = Self.believableHorizon(now)
        guard let date = item.dateLastPurchased, date > horizon else { return item.dateLastPurchased }
        return purchases.lazy.map(\.date).filter { $0 <= horizon }.max()
    }
}
