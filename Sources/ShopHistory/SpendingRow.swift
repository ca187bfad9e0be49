import ShopModel

/// One row of `spending`.
public struct SpendingRow: Sendable, Hashable {
    /// The period (`2026-W47`, `2026-11`, `2026`) or group name; `nil` for purchases with no store or location.
    public var group: String?
    /// The first and last day of the period, or of the group's purchases.
    public var from: CalendarDay
    public var until: CalendarDay
    public var totals: PurchaseTotals

    mutating func merge(from: CalendarDay, until: CalendarDay, _ purchase: Purchase) {
        self.from = min(self.from, from)
        self.until = max(self.until, until)
        totals.add(purchase)
    }
}

/// How `spending` groups purchases.
public enum SpendingGrouping: String, CaseIterable, Sendable {
    case week, month, year, store, location, item
    /// By the device that logged each purchase (SPEC section 12).
    case device
    /// By the list each purchase was bought from (SPEC section 22), named as it is now.
    case list
}
