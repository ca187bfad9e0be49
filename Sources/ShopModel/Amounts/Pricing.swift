/// How an item is priced: a price per a unit, and the pack size it is bought in (SPEC section 12).
///
/// A price is never read in another family: `3 tbsp` of butter priced per piece has no line total.
public struct Pricing: Hashable, Sendable {
    /// The price per ``unit``, to four fraction digits: never rounded before it is multiplied (SPEC 17).
    public var price: UnitPrice
    /// What the price is per: ``MeasureUnit/count`` (a piece), `kg`, `l`, a word unit, or ``MeasureUnit/pack``.
    public var unit: MeasureUnit
    /// The pack size the item is bought in, if any.
    public var pack: Amount.Part?

    public init(price: UnitPrice, unit: MeasureUnit, pack: Amount.Part? = nil) {
        self.price = price
        self.unit = unit
        self.pack = pack
    }

    /// A price in cents (an item's own).
    public init(price: Price, unit: MeasureUnit, pack: Amount.Part? = nil) {
        self.init(price: UnitPrice(price), unit: unit, pack: pack)
    }

    var isPerPack: Bool { pack != nil && unit == .pack }

    /// The family the price applies to: the pack's when the price is per pack, else the unit's.
    var family: MeasureUnit.Family { isPerPack ? pack!.unit.family : unit.family }

    /// The part of `amount` that is priced (in the price's family), if any.
    func pricedPart(of amount: Amount) -> Amount.Part? {
        let family = self.family
        if amount.parts.count == 1 { return amount.parts[0].unit.family == family ? amount.parts[0] : nil }
        return amount.parts.first { $0.unit.family == family }
    }

    /// The line total of `amount`: its part in the price's family (whole packs with a pack size) × the exact price,
    /// rounded half up to the cent only then (SPEC 11, 17: 10 × 0.1617 is 1.62); `nil` when no part is in that family.
    public func lineTotal(of amount: Amount) -> Price? {
        // Most items hold a whole count priced per piece: no fraction needed, ten-thousandths to cents.
        if pack == nil, unit.isCount, price.fraction == nil, let count = amount.wholeCount {
            return Price(sumOfCents: (price.tenThousandths &* count &+ 50) / 100)
        }
        guard let units = pricedUnits(of: amount) else { return nil }
        return Price(sumOfCents: Int((units * price.exact).scaledRoundingHalfUp(places: 2)))
    }

    /// How many of the price's unit `amount` holds: packs bought (`2 packs`, or the packs that hold the
    /// part in the pack's family) for an item with a pack size, else its part in the price's family.
    package func pricedUnits(of amount: Amount) -> ExactNumber? {
        if let pack, let packed = amount.parts.first(where: { $0.unit == .pack }),
            isPerPack || unit.family == pack.unit.family
        {
            return isPerPack ? packed.quantity : (packed.quantity * pack.baseQuantity / unit.sizeInBaseUnit)!
        }
        // A pack with no amount is one pack (SPEC 16): a bare count of an item with a pack size counts packs.
        if let pack, let packs = amount.bareCount(besides: pack), isPerPack || unit.family == pack.unit.family {
            return isPerPack ? packs : (packs * pack.baseQuantity / unit.sizeInBaseUnit)!
        }
        guard let part = pricedPart(of: amount) else { return nil }
        let units: ExactNumber
        if let pack, part.unit.family == pack.unit.family {
            let packs = ExactNumber(whole: Self.packs(of: part, in: pack))
            units = isPerPack ? packs : (packs * pack.baseQuantity / unit.sizeInBaseUnit)!
        } else if part.unit.family == unit.family {
            units = (part.baseQuantity / unit.sizeInBaseUnit)!
        } else {
            return nil
        }
        return units
    }

    /// Whole packs of `pack` that hold `part` (rounded up; at least one).
    static func packs(of part: Amount.Part, in pack: Amount.Part) -> Int {
        let exact = (part.baseQuantity / pack.baseQuantity)!
        return max(1, Int(exact.roundedUp))
    }
}

extension Amount {
    /// The whole packs of `pack` to buy for the part of this amount in the pack's family, if it has one.
    public func packs(of pack: Amount.Part) -> Int? {
        guard let part = parts.first(where: { $0.unit.family == pack.unit.family }) else { return nil }
        return Pricing.packs(of: part, in: pack)
    }

    /// This amount with its part in the pack's family replaced by the whole packs to buy (`2 pack`): what
    /// `buy` logs for an item bought in packs. Other parts stay as they are.
    public func inPacks(of pack: Amount.Part) -> Amount {
        if let packs = bareCount(besides: pack) { return Amount(parts: [Part(quantity: packs, unit: .pack)]) }
        guard let count = packs(of: pack) else { return self }
        var result: [Part] = []
        for part in parts {
            if part.unit.family == pack.unit.family {
                result.append(Part(quantity: ExactNumber(whole: count), unit: .pack))
            } else {
                result.append(part)
            }
        }
        return Amount(parts: result)
    }

    /// The number of packs a bare count stands for when the item has a pack size in a measure (SPEC 16: `add
    /// "olive oil" --pack 500ml` with no amount is one pack); `nil` for any other amount.
    func bareCount(besides pack: Amount.Part) -> ExactNumber? {
        guard !pack.unit.isCount, parts.count == 1, parts[0].unit.isCount else { return nil }
        return parts[0].quantity
    }

    /// The quantity of the part in `unit`'s family, measured in `unit` (650 g in kg is 0.65); `nil` when there is none.
    public func quantity(in unit: MeasureUnit) -> ExactNumber? {
        guard let part = parts.first(where: { $0.unit.family == unit.family }) else { return nil }
        return part.baseQuantity / unit.sizeInBaseUnit
    }
}

extension Amount.Part {
    /// The part as a measure of an item bought in packs of `pack` (SPEC section 23: packs are amounts): `2 packs` of
    /// 250 g is 500 g, and, when the pack is a measure, a count is a count of packs (`3` of 1 l is 3 l). Any other part,
    /// or any part of an item with no pack size, stays as it is.
    public func measured(inPacksOf pack: Amount.Part?) -> Amount.Part {
        guard let pack, unit == .pack || (unit.isCount && !pack.unit.isCount) else { return self }
        return Amount.Part(quantity: quantity * pack.quantity, unit: pack.unit)
    }
}

extension Amount {
    /// This amount with its counts of packs (a count, or `N packs`) added to its part in the pack's family, when it has
    /// one: an item needing one pack of flour by hand and 175 g for a recipe needs one amount, 1.175 kg (2 packs of
    /// 1 kg), never `×1 + 1 pack (175 g)` (SPEC section 23). Without such a part the amount is left as it is (a count of
    /// packs is shown and bought as one).
    public func foldingPacks(of pack: Amount.Part) -> Amount {
        let parts = parts
        guard parts.count > 1,
            parts.contains(where: { $0.unit.family == pack.unit.family && $0.unit != .pack }),
            parts.contains(where: { $0.measured(inPacksOf: pack) != $0 })
        else { return self }
        // Parts of one family add in the unit of the first of them: `1` then `175 g` of 1 kg packs is 1.175 kg.
        return Amount(parts: parts.map { $0.measured(inPacksOf: pack) })
    }
}
