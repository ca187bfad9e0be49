import ShopModel

/// One lot at home (SPEC section 18): what is left of a purchase, or of a `stock add`, of a stocked item.
public struct StockLot: Hashable, Sendable {
    /// The purchase it came from; `nil` for a `stock add`.
    public let purchaseID: Purchase.ID?
    /// The `stock add` it came from; `nil` for a purchase.
    public let entryID: StockEntry.ID?
    /// The unit it was bought in: what is left is shown in it (or its larger metric unit).
    public let unit: MeasureUnit
    /// What is left, in the family's base unit (grams, millilitres, pieces, word units).
    public internal(set) var left: ExactNumber
    /// When it was bought (or put into stock).
    public let bought: Date
    /// The last day it is good; expired the day after. `nil`: none known.
    public internal(set) var bestBefore: CalendarDay?
    /// When it was opened, if it was.
    public internal(set) var opened: Date?
    /// What the lot cost in all, when its purchase had a line total, and what it held then (base units):
    /// a spoiled share costs its share of the line total.
    let cost: (total: Price, size: ExactNumber)?

    /// What is left, in the lot's unit.
    public var amount: Amount.Part {
        Amount.Part(quantity: (left / unit.sizeInBaseUnit) ?? left, unit: unit)
    }

    /// Whether it is past its best-before on `today`.
    public func isExpired(on today: CalendarDay) -> Bool {
        bestBefore.map { $0 < today } ?? false
    }

    /// The cost of `base` units of it, its share of the line total, rounded half up to the cent.
    func cost(of base: ExactNumber) -> Price? {
        guard let cost, let share = (ExactNumber(whole: cost.total.cents) * base) / cost.size else { return nil }
        return Price(sumOfCents: Int(share.scaledRoundingHalfUp(places: 0)))
    }

    public static func == (lhs: StockLot, rhs: StockLot) -> Bool {
        lhs.purchaseID == rhs.purchaseID && lhs.entryID == rhs.entryID && lhs.unit == rhs.unit
            && lhs.left == rhs.left && lhs.bought == rhs.bought && lhs.bestBefore == rhs.bestBefore
            && lhs.opened == rhs.opened
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(purchaseID)
        hasher.combine(entryID)
        hasher.combine(left)
    }

    /// Grocy's order, which lot goes first: opened lots, then the earliest best-before (none last), then
    /// the earliest bought, then the id (so every device agrees).
    static func goesBefore(_ lhs: StockLot, _ rhs: StockLot) -> Bool {
        if (lhs.opened != nil) != (rhs.opened != nil) { return lhs.opened != nil }
        switch (lhs.bestBefore, rhs.bestBefore) {
        case (let left?, let right?) where left != right: return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if lhs.bought != rhs.bought { return lhs.bought < rhs.bought }
        return lhs.orderKey < rhs.orderKey
    }

    var orderKey: OrderKey {
        OrderKey(purchaseID?.uuid ?? entryID?.uuid ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }
}

/// An id's bytes as two big-endian words: they compare as the id's uppercase text does, without making the text (the
/// order of two lines of one date-time on every device).
struct OrderKey: Comparable, Sendable {
    let high: UInt64
    let low: UInt64

    init(_ uuid: UUID) {
        let bytes = uuid.uuid
        high = withUnsafeBytes(of: bytes) { UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) }
        low = withUnsafeBytes(of: bytes) { UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
    }

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }
}

/// An amount thrown away (`use --spoiled`): what, when, and what it cost.
public struct Spoilage: Hashable, Sendable {
    public let part: Amount.Part
    public let date: Date
    /// The lots' share of their purchases' line totals; `nil` when none of them had one.
    public let cost: Price?
}

/// What is at home of one stocked item, and what happened to it.
public struct ItemStock: Hashable, Sendable {
    public let itemID: Item.ID
    public let name: String
    /// The lots at home (something left), in the order they go.
    public internal(set) var lots: [StockLot] = []
    /// What was used and eaten, for the pace: the date and the amount (base units) of its family.
    public internal(set) var uses: [(date: Date, base: ExactNumber, family: MeasureUnit.Family)] = []
    /// What was thrown away.
    public internal(set) var spoiled: [Spoilage] = []

    public static func == (lhs: ItemStock, rhs: ItemStock) -> Bool {
        lhs.itemID == rhs.itemID && lhs.lots == rhs.lots && lhs.spoiled == rhs.spoiled
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(itemID) }

    /// Puts a lot where it goes (after those it ties with that came before it: a lot is inserted once).
    mutating func insert(_ lot: StockLot) {
        var low = 0
        var high = lots.count
        while low < high {
            let middle = (low + high) / 2
            if StockLot.goesBefore(lot, lots[middle]) { high = middle } else { low = middle + 1 }
        }
        lots.insert(lot, at: low)
    }

    /// The total at home, family by family (expired lots included, as `stock` shows them).
    public var total: Amount {
        Amount(parts: lots.map(\.amount))
    }

    /// What is at home and not expired on `today`, in `family`'s base unit: what recipes and restock count.
    public func usable(in family: MeasureUnit.Family, on today: CalendarDay) -> ExactNumber {
        lots.reduce(.zero) { sum, lot in
            lot.unit.family == family && !lot.isExpired(on: today) ? sum + lot.left : sum
        }
    }
}
