/// A price per some unit, to four fraction digits: what a purchase was paid per kg, per piece, per pack
/// (SPEC section 12). `--paid 4.54` for 650 g is 6.9846 per kg; the line total, not this, is what was paid.
///
/// A price taken from a total paid keeps the exact ratio as well (SPEC 17: 12 for 1.94 is 97/600, shown as
/// 0.1617): 50 more at that price are 8.08, where 50 × 0.1617 would be 8.09.
public struct UnitPrice: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The price in ten-thousandths (69846 is 6.9846), rounded half up when ``fraction`` holds the exact one.
    public let tenThousandths: Int
    /// The exact price when four fraction digits do not hold it (a total over an amount: `97/600`); `nil`
    /// when ``tenThousandths`` is exact, so that two equal prices are equal values.
    public let fraction: ExactNumber?

    /// The largest unit price a purchase may hold: a line total of 1,000,000.00 over a thousandth of a unit.
    static let maximum = Price.maximumCents * 100 * 1000

    /// Wraps a number of ten-thousandths; `nil` when negative or above ``maximum``.
    public init?(tenThousandths: Int) {
        guard tenThousandths >= 0, tenThousandths <= Self.maximum else { return nil }
        self.tenThousandths = tenThousandths
        fraction = nil
    }

    /// A price in cents, exactly.
    public init(_ price: Price) {
        tenThousandths = price.cents * 100
        fraction = nil
    }

    /// An exact price: shown rounded half up to four fraction digits, multiplied as it is; `nil` when that rounding is
    /// above ``maximum``. A ratio whose terms run past twelve digits keeps only its four digits: the files' reader
    /// takes twelve, and products of such terms could outgrow the arithmetic.
    public init?(exactly value: ExactNumber) {
        let scaled = value.scaledRoundingHalfUp(places: 4)
        guard let rounded = Int(exactly: scaled), rounded <= Self.maximum else { return nil }
        tenThousandths = rounded
        let fits = value.numerator < Self.largestTerm && value.denominator < Self.largestTerm
        fraction = !fits || scaled * value.denominator == value.numerator * 10_000 ? nil : value
    }

    /// The bound on a kept fraction's numerator and denominator: twelve digits.
    static let largestTerm: Int128 = 1_000_000_000_000

    /// `total / quantity`, kept exact (SPEC 12, 17); `nil` when the quantity is zero.
    package init?(total: Price, over quantity: ExactNumber) {
        guard let ratio = ExactNumber(scaled: Int128(total.cents), places: 2) / quantity else { return nil }
        self.init(exactly: ratio)
    }

    /// The exact ratio as the files keep it, `97/600`; `nil` when four fraction digits hold the price.
    public var fractionText: String? {
        fraction.map { "\($0.numerator)/\($0.denominator)" }
    }

    /// Reads ``fractionText`` beside the four-digit price it rounds to; `nil` when the text is not a
    /// fraction `N/D` or does not round to `rounded`.
    public init?(fractionText text: some StringProtocol, rounded: UnitPrice) {
        guard text.contains("/"), let value = ExactNumber(parsing: text), let price = UnitPrice(exactly: value),
            price.fraction != nil, price.tenThousandths == rounded.tenThousandths
        else { return nil }
        self = price
    }

    /// Parses `2`, `2.49`, `0.1617`: a decimal >= 0 with at most four fraction digits; `nil` for anything
    /// else (signs, exponents, fractions, five decimals).
    public init?(parsing text: String) {
        let refused: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: " "), UInt8(ascii: "\t")]
        guard !text.utf8.contains(where: refused.contains),
            let number = ExactNumber(parsing: text, maximumFractionDigits: 4)
        else { return nil }
        let scaled = number.numerator * 10_000 / number.denominator
        guard scaled <= Int128(Self.maximum) else { return nil }
        self.init(tenThousandths: Int(scaled))
    }

    /// The price in whole cents when it has at most two fraction digits (what an item's own price may be,
    /// SPEC section 1); `nil` for `0.1617`.
    public var cents: Price? {
        fraction == nil && tenThousandths % 100 == 0 ? Price(cents: tenThousandths / 100) : nil
    }

    /// The price rounded half up to the cent (what an item keeps as its own price).
    public var rounded: Price {
        guard let fraction else { return Price(sumOfCents: (tenThousandths + 50) / 100) }
        return Price(sumOfCents: Int(fraction.scaledRoundingHalfUp(places: 2)))
    }

    /// The exact value, for arithmetic with amounts.
    public var exact: ExactNumber { fraction ?? ExactNumber(numerator: Int128(tenThousandths), denominator: 10_000)! }

    /// `2.49`, `6.9846`, `3.00`: at least two fraction digits, at most four, no trailing zero beyond two.
    public var description: String {
        var fraction = tenThousandths % 10_000
        var digits = 4
        while digits > 2 && fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(tenThousandths / 10_000)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// The shortest decimal form for JSON: `2.49`, `2.5`, `3`, `6.9846`.
    public var jsonNumber: String {
        var fraction = tenThousandths % 10_000
        guard fraction != 0 else { return "\(tenThousandths / 10_000)" }
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(tenThousandths / 10_000)." + String(repeating: "0", count: digits - text.count) + text
    }

    public static func < (lhs: UnitPrice, rhs: UnitPrice) -> Bool { lhs.exact < rhs.exact }
}

/// A price as typed after `--price`: `2.49` (per the item's unit), `11.99/kg`, `3.49/pack`, `0.79/head`.
public struct TypedPrice: Hashable, Sendable {
    /// The price, to four fraction digits (a store's price, SPEC 12 and 17: `0.1617/each`); an item's
    /// own price takes at most two (``cents``).
    public var price: UnitPrice
    /// The unit it is per; `nil`: per the unit of the item's amount when it is set (SPEC section 12).
    public var unit: MeasureUnit?

    public init(price: UnitPrice, unit: MeasureUnit?) {
        self.price = price
        self.unit = unit
    }

    /// A price in cents with its unit.
    public init(price: Price, unit: MeasureUnit?) {
        self.init(price: UnitPrice(price), unit: unit)
    }

    /// The price in whole cents, for an item's own price (SPEC section 1: at most two decimals).
    /// - Throws: ``ShopError/priceTooPrecise(_:)`` for a price with three or four decimals.
    public func cents() throws(ShopError) -> Price {
        guard let cents = price.cents else { throw .priceTooPrecise(price.description) }
        return cents
    }

    /// Words that name one piece (a count), so `0.50/each` is per piece.
    private static let pieceWords: Set<String> = ["piece", "pieces", "pc", "pcs", "each", "ea"]

    /// Parses `2.49`, `11.99/kg`, `3.49 / pack`, `0.50/each`, `0.1617/each` (up to four decimals).
    /// - Throws: ``ShopError/invalidPrice(_:)`` for a number that is no price, or a `/` followed by no unit
    ///   or by something that is not a word (`5/`, `1/0`).
    public init(parsing text: String) throws(ShopError) {
        guard let slash = text.firstIndex(of: "/") else {
            self.init(price: try Validation.unitPrice(text), unit: nil)
            return
        }
        let unitText = text[text.index(after: slash)...].trimmingSpaces
        guard let first = unitText.first, first.isLetter, let unit = MeasureUnit(parsing: unitText) else {
            throw .invalidPrice(text)
        }
        let price = try Validation.unitPrice(String(text[..<slash]))
        let isPiece = Self.pieceWords.contains(unitText.lowercased())
        self.init(price: price, unit: isPiece ? .count : unit)
    }
}

extension MeasureUnit {
    /// The word unit a price per pack is per (`3.49/pack`): with a pack size, one whole pack.
    public static let pack = MeasureUnit.word("pack")

    /// `kg`, `l`, `pack`, `head`; `nil` for a count (per piece): the JSON of `priceUnit`.
    public var priceUnitSymbol: String? { isCount ? nil : symbol }
}
