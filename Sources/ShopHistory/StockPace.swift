import ShopModel

/// How fast a stocked item goes (SPEC section 18), and what that leaves of each lot at its best-before.
public struct StockPace: Hashable, Sendable {
    /// The amount used per day, in ``family``'s base unit (grams, millilitres, pieces, word units).
    public let perDay: Double
    /// The unit family the pace is in.
    public let family: MeasureUnit.Family
    /// Where it was learned: the `use` entries, or (with fewer than 3) the gaps between purchases.
    public let fromUses: Bool

    /// The most recent uses or purchases a pace reads: a household's habits change.
    static let window = 10

    /// The item's pace: from its (eaten, not spoiled) uses when it has at least 3, else from the gaps between
    /// its purchases (at least 2 in one family); `nil` when neither says.
    public static func of(_ stock: ItemStock, purchases: [Purchase]) -> StockPace? {
        if stock.uses.count >= 3, let family = stock.uses.last?.family {
            let uses = stock.uses.filter { $0.family == family }.suffix(window)
            if uses.count >= 3, let first = uses.first, let last = uses.last {
                let total = uses.dropFirst().reduce(0.0) { $0 + $1.base.doubleValue }
                let days = max(last.date.timeIntervalSince(first.date) / 86_400, 1)
                return StockPace(perDay: total / days, family: family, fromUses: true)
            }
        }
        // By date (then id), not in the order of this device's log file: every device computes the same pace.
        let purchases = purchases.sorted {
            $0.date != $1.date ? $0.date < $1.date : OrderKey($0.id.uuid) < OrderKey($1.id.uuid)
        }
        guard let family = purchases.last?.amount.parts.first?.unit.family else { return nil }
        let bought = purchases.compactMap { purchase -> (Date, ExactNumber)? in
            guard let part = purchase.amount.parts.first(where: { $0.unit.family == family }) else { return nil }
            return (purchase.date, part.baseQuantity)
        }.suffix(window)
        guard bought.count >= 2, let first = bought.first, let last = bought.last else { return nil }
        let days = last.0.timeIntervalSince(first.0) / 86_400
        guard days >= 1 else { return nil }
        let total = bought.dropLast().reduce(0.0) { $0 + $1.1.doubleValue }
        return StockPace(perDay: total / days, family: family, fromUses: false)
    }

    /// What will be left of each lot (in ``ItemStock/lots``' order) at the end of its best-before day at this pace, in
    /// whole base units; `nil` for a lot with no best-before, of another family, or expired.
    public func expectedLeft(_ stock: ItemStock, now: Date, calendar: LocalCalendar) -> [ExactNumber?] {
        var ahead = 0.0
        let today = CalendarDay(number: calendar.dayNumber(of: now))
        return stock.lots.map { lot in
            // An expired lot is not eaten any more: it goes, and nothing is expected of it.
            guard lot.unit.family == family, !lot.isExpired(on: today) else { return nil }
            let size = lot.left.doubleValue
            defer { ahead += size }
            guard let bestBefore = lot.bestBefore else { return nil }
            let end = CalendarDay(number: bestBefore.number + 1).instant(hour: 0, in: calendar)
            let used = perDay * max(0, end.timeIntervalSince(now) / 86_400)
            let left = min(max(ahead + size - used, 0), size)
            return ExactNumber(whole: Int(left.rounded()))
        }
    }
}

extension ExactNumber {
    /// The nearest `Double` (for paces and forecasts, never for amounts kept).
    public var doubleValue: Double { Double(numerator) / Double(denominator) }
}
