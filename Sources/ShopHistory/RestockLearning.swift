import ShopModel

/// An interval learned from an item's purchases (`--every auto`, SPEC section 10).
public struct LearnedInterval: Sendable, Hashable {
    /// How many days one unit lasts (the median over recent gaps, each divided by the quantity bought at its start).
    public var daysPerUnit: Double
    /// How long the last purchase should last: ``daysPerUnit`` × the quantity last bought.
    public var days: Double
    /// How many purchases the estimate comes from (same-day purchases count as one).
    public var purchaseCount: Int
    /// The last purchase's date.
    public var lastPurchase: Date
    /// When it is next due: the last purchase plus ``days``.
    public var nextDue: Date { lastPurchase.addingTimeInterval(days * 86_400) }
}

/// Learns how long an item lasts from when, and how many, it was bought.
///
/// Each gap between two purchases is divided by the quantity bought at its start; the estimate is the median of the
/// recent per-unit gaps, times the quantity last bought.
public enum RestockLearning {
    /// Fewer purchases than this teach nothing (two gaps are the fewest a median can steady).
    public static let minimumPurchases = 3
    /// `restock --suggest` wants at least this many purchases.
    public static let suggestionPurchases = 4
    /// How many recent purchases count: old habits fade.
    static let window = 9
    /// Purchases closer than this are one shopping trip (bought twice by mistake, or in two shops).
    static let sameTrip = 12.0 * 3600

    /// The purchases as shopping trips, oldest first: (date, quantity), same-trip purchases summed.
    static func trips(_ purchases: [Purchase]) -> [(date: Date, quantity: Double)] {
        var trips: [(date: Date, quantity: Double)] = []
        for purchase in purchases.sorted(by: { $0.date < $1.date }) {
            if let last = trips.last, purchase.date.timeIntervalSince(last.date) < sameTrip {
                trips[trips.count - 1].quantity += purchase.restockMeasure
            } else {
                trips.append((purchase.date, purchase.restockMeasure))
            }
        }
        return trips
    }

    static func unitGaps(_ trips: [(date: Date, quantity: Double)]) -> [Double] {
        let recent = trips.suffix(window)
        return zip(recent, recent.dropFirst()).map { earlier, later in
            later.date.timeIntervalSince(earlier.date) / 86_400 / max(earlier.quantity, Purchase.smallestMeasure)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The learned interval, or `nil` with fewer than ``minimumPurchases`` trips.
    public static func learn(from purchases: [Purchase]) -> LearnedInterval? {
        let trips = trips(purchases)
        guard trips.count >= minimumPurchases, let last = trips.last else { return nil }
        let perUnit = median(unitGaps(trips))
        return LearnedInterval(
            daysPerUnit: perUnit, days: perUnit * max(last.quantity, Purchase.smallestMeasure),
            purchaseCount: trips.count,
            lastPurchase: last.date)
    }

    /// Whether the purchases come at regular per-unit gaps (for `restock --suggest`): at least
    /// ``suggestionPurchases`` trips, and the gaps' median absolute deviation at most a quarter of their median.
    public static func isRegular(_ purchases: [Purchase]) -> LearnedInterval? {
        let trips = trips(purchases)
        guard trips.count >= suggestionPurchases, let learned = learn(from: purchases), learned.daysPerUnit > 0 else {
            return nil
        }
        let gaps = unitGaps(trips)
        let spread = median(gaps.map { abs($0 - learned.daysPerUnit) })
        return spread <= learned.daysPerUnit / 4 ? learned : nil
    }
}

/// Why `restock` puts an item back on the list or leaves it (what `--dry-run` and `show` explain).
public struct RestockDecision: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// A fixed `--every DAYS`; `lastPurchase` `nil` if never bought.
        case fixed(days: Int, lastPurchase: Date?)
        /// `--every auto` with enough purchases.
        case learned(LearnedInterval)
        /// `--every auto` with too few purchases to learn from.
        case tooFewPurchases(Int)
    }

    public var item: Item
    /// Whether `restock` puts it back now.
    public var isDue: Bool
    public var reason: Reason
    /// When it is next due, if known.
    public var nextDue: Date? {
        switch reason {
        case .fixed(let days, let last): last.map { $0.addingTimeInterval(Double(days) * 86_400) }
        case .learned(let learned): learned.nextDue
        case .tooFewPurchases: nil
        }
    }
}

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

    /// The restock decision for one item with an interval (fixed or learned; learned needs the loaded log), else `nil`.
    /// Intervals count local calendar days (SPEC 16): N days from a purchase on day D is due on day D+N.
    /// - Parameter purchases: the item's purchases, when the caller has them grouped; else they are read from `log`.
    public func restockDecision(
        for item: Item, purchases: [Purchase]? = nil, in log: PurchaseLog, at now: Date,
        calendar: LocalCalendar = .current
    ) -> RestockDecision? {
        let today = calendar.dayNumber(of: now)
        if case .days(let every) = item.restock {
            let last = believedLastPurchase(item, purchases: purchases ?? log.purchases(of: item.id), at: now)
            let due = last.map { today >= calendar.dayNumber(of: $0) + every } ?? true
            return RestockDecision(item: item, isDue: due, reason: .fixed(days: every, lastPurchase: last))
        }
        guard item.restock == .learned else { return nil }
        let horizon = Self.believableHorizon(now)
        let mine = (purchases ?? log.purchases(of: item.id)).filter { $0.date <= horizon }
        guard let learned = RestockLearning.learn(from: mine) else {
            return RestockDecision(
                item: item, isDue: false, reason: .tooFewPurchases(RestockLearning.trips(mine).count))
        }
        return RestockDecision(
            item: item, isDue: today >= calendar.dayNumber(of: learned.nextDue), reason: .learned(learned))
    }

    /// Every off-list item with an interval, with `restock`'s decision, in walking order.
    public func restockDecisions(at now: Date, in log: PurchaseLog) -> [RestockDecision] {
        let groups = log.purchasesByItem()
        let calendar = LocalCalendar.current.memoizingOffsets()
        return walkingOrder(items.filter { !$0.onList && $0.restock != nil }).compactMap {
            restockDecision(for: $0, purchases: groups[$0.id] ?? [], in: log, at: now, calendar: calendar)
        }
    }

    /// `restock --suggest`: items without an interval bought regularly, with what was learned, in name order.
    public func restockSuggestions(in log: PurchaseLog) -> [(item: Item, learned: LearnedInterval)] {
        let groups = log.purchasesByItem()
        return nameOrder(items.filter { $0.restock == nil }).compactMap { item in
            guard let purchases = groups[item.id], let learned = RestockLearning.isRegular(purchases) else {
                return nil
            }
            return (item, learned)
        }
    }
}

extension Purchase {
    /// The least a purchase counts for in learning: a thousandth of a unit, so that a gap is never divided by zero.
    static let smallestMeasure = 0.001

    /// How much was bought, as learning compares purchases of one item: the first part of the amount in the unit a
    /// price is per (pieces, kg, litres, packs, word units).
    var restockMeasure: Double {
        if let count = amount.wholeCount { return Double(count) }
        guard let first = amount.parts.first, let units = amount.quantity(in: first.unit.pricingUnit) else { return 1 }
        return units.doubleValue
    }
}
