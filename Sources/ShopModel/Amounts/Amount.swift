/// How much of an item to buy: one part per unit family (`1.5 kg + 2 cups`), each exact.
///
/// Parts of one family add by the units' exact sizes (`500 g + 1 lb`); parts of different families are never converted
/// into each other (grams of flour never become cups). Every value is exact (``ExactNumber``).
public struct Amount: Hashable, Sendable, CustomStringConvertible {
    /// One family's share of an amount.
    public struct Part: Hashable, Sendable, CustomStringConvertible {
        /// The quantity in ``unit``, exact; always above zero.
        public var quantity: ExactNumber
        /// The unit the part was first given in (a count has ``MeasureUnit/count``).
        public var unit: MeasureUnit

        /// A part; no limit is checked here (see ``Amount/checked(_:)``).
        public init(quantity: ExactNumber, unit: MeasureUnit) {
            self.quantity = quantity
            self.unit = unit
        }

        /// The quantity in the family's base unit (grams, millilitres, pieces).
        package var baseQuantity: ExactNumber { quantity * unit.sizeInBaseUnit }

        /// The part in the unit it is shown in: its own, or the larger metric unit once it reaches 1000.
        public var shown: Part {
            guard let larger = unit.largerMetricUnit, quantity >= ExactNumber(whole: 1000) else { return self }
            return Part(quantity: (baseQuantity / larger.sizeInBaseUnit)!, unit: larger)
        }

        /// `1.5 kg`, `3 cans`, `2`; a count that is not whole is shown rounded up (half a lemon: `1`). A unit is shown
        /// escaped (``Escape/forTerminal(_:)``): like a name, it is data, never a command to the terminal.
        public var description: String {
            let part = shown
            if part.unit.isCount {
                return part.quantity.isWhole ? part.quantity.text() : String(part.quantity.roundedUp)
            }
            let number = part.quantity.text()
            return number + " " + Escape.forTerminal(part.unit.shown(forOne: part.quantity == .one))
        }
    }

    /// Why an amount was refused.
    public enum Problem: Hashable, Sendable {
        /// Not a number, or a number followed by something that is not a unit.
        case notANumber
        /// Zero: an amount is above zero.
        case zero
        /// Below zero (a recipe's `{-1%kg}`).
        case negative
        /// More than three digits after the decimal point, as typed.
        case tooManyFractionDigits
        /// Over ``Amount/limit`` kg, l, or of a count or word unit.
        case tooLarge
    }

    /// The parts, one per family, in the order the families first came.
    public private(set) var parts: [Part] {
        get {
            switch storage {
            case .count(let count): [Part(quantity: ExactNumber(whole: count), unit: .count)]
            case .parts(let parts): parts
            }
        }
        set { storage = Storage(newValue) }
    }

    /// A single whole count (what most items hold) is kept inline, sparing a heap allocation per item read; anything
    /// else as its parts. Always normalised, so equal amounts have equal storage (the synthesised `==` relies on it).
    private enum Storage: Hashable, Sendable {
        case count(Int)
        case parts([Part])

        init(_ parts: [Part]) {
            if parts.count == 1, parts[0].unit == .count, parts[0].quantity.isWhole,
                let count = Int(exactly: parts[0].quantity.numerator)
            {
                self = .count(count)
            } else {
                self = .parts(parts)
            }
        }
    }

    private var storage: Storage

    /// The limit of every amount, the one place it is spelt: at most this many kg, l, or pieces or word
    /// units of a family; a whole quantity is `1...limit`. Messages, help and the man page interpolate it.
    public static let limit = 9999

    /// The largest amount of a family: ``limit`` kg, l, or pieces or word units.
    public static let maximumCount = ExactNumber(whole: limit)

    /// A whole count.
    public init(count: Int) {
        storage = .count(count)
    }

    /// An amount of one part.
    public init(_ quantity: ExactNumber, _ unit: MeasureUnit) {
        storage = Storage([Part(quantity: quantity, unit: unit)])
    }

    /// An amount from its parts, merging parts of one family; parts of zero are dropped.
    public init(parts: [Part]) {
        storage = .parts([])
        for part in parts { add(part) }
    }

    /// Whether nothing is left (every part taken back).
    public var isEmpty: Bool {
        if case .parts(let parts) = storage { return parts.isEmpty }
        return false
    }

    /// The whole count when the amount is a single whole count (`quantity` as scripts always read it).
    public var wholeCount: Int? {
        if case .count(let count) = storage { return count }
        guard parts.count == 1, let part = parts.first, part.unit.isCount, part.quantity.isWhole else { return nil }
        return Int(part.quantity.numerator)
    }

    /// `1.5 kg + 2 cups`; a count beside other parts is marked as one (`×2 + 3 cups`, `1 tbsp + ×1`), so it
    /// never reads as a number of the unit next to it (SPEC section 14).
    public var description: String {
        if case .count(let count) = storage { return String(count) }
        let parts = parts
        guard parts.count > 1 else { return parts.map(\.description).joined() }
        return parts.map { $0.unit.isCount ? "×" + $0.description : $0.description }.joined(separator: " + ")
    }

    /// The sum, family by family: each family's total stays in the unit that family came in first.
    public func adding(_ other: Amount) -> Amount {
        var sum = self
        for part in other.parts { sum.add(part) }
        return sum
    }

    /// Every part multiplied by `factor` (a recipe scaled to more servings).
    public func scaled(by factor: ExactNumber) -> Amount {
        Amount(parts: parts.map { Part(quantity: $0.quantity * factor, unit: $0.unit) })
    }

    /// The amount, if every part is within the limits.
    /// - Throws: ``ShopError/invalidAmount(_:problem:)`` with ``Problem/tooLarge``.
    public func checked(_ typed: String) throws(ShopError) -> Amount {
        for part in parts where Self.limit(of: part.unit) < part.baseQuantity {
            throw .invalidAmount(typed, problem: .tooLarge)
        }
        return self
    }

    /// The first part's amount in the unit its price is given per (pieces, kg, litres, word units) times
    /// the price, rounded half up to the cent; `nil` without a price.
    public func lineTotal(at price: Price?) -> Price? {
        guard let price else { return nil }
        // Counts and prices are bounded (``limit`` × 1,000,000.00), so the product cannot overflow.
        if case .count(let count) = storage { return Price(sumOfCents: price.cents &* count) }
        guard let first = parts.first else { return nil }
        let pricedUnits = (first.baseQuantity / first.unit.pricingUnit.sizeInBaseUnit)!
        let cents = pricedUnits * ExactNumber(whole: price.cents)
        return Price(sumOfCents: Int(cents.scaledRoundingHalfUp(places: 0)))
    }

    private mutating func add(_ part: Part) {
        guard !part.quantity.isZero else { return }
        guard let index = parts.firstIndex(where: { $0.unit.family == part.unit.family }) else {
            parts.append(part)
            return
        }
        let existing = parts[index]
        parts[index].quantity = existing.quantity + (part.baseQuantity / existing.unit.sizeInBaseUnit)!
    }

    private static func limit(of unit: MeasureUnit) -> ExactNumber {
        maximumCount * unit.pricingUnit.sizeInBaseUnit
    }
}

extension Amount {
    /// Parses an amount as typed after `-q`: `2`, `2.5`, `1/2`, `1 1/2`, `500g`, `500 g`, `1.5kg`, `2 l`,
    /// `3 cans`, `1 bunch`, `2 fl oz`.
    ///
    /// At most three digits after the decimal point; above zero; within the limits. A unit written
    /// against the number must be a measure of the tables (`500g`, `2T`); a word unit follows a space
    /// (`3 cans`), so `12x` and `1e9` are no amounts (``Problem/notANumber``, a usage error at `-q`).
    /// - Throws: ``ShopError/invalidAmount(_:problem:)``, or ``ShopError/invalidUnit(_:problem:)`` for a
    ///   unit that breaks rule 1.
    public init(parsing text: String) throws(ShopError) {
        let trimmed = text.trimmingSpaces
        // `-1`, `-2 kg`: a number, below zero (a bad value, not the wrong shape).
        if trimmed.hasPrefix("-"), (try? Amount(parsing: String(trimmed.dropFirst()))) != nil {
            throw .invalidAmount(text, problem: .negative)
        }
        // The number is the longest leading run of digits, points, slashes and the spaces between them.
        var end = trimmed.startIndex
        var index = trimmed.startIndex
        while index < trimmed.endIndex, "0123456789./ ".contains(trimmed[index]) {
            index = trimmed.index(after: index)
            if trimmed[trimmed.index(before: index)] != " " { end = index }
        }
        // "1 1/2 cups" keeps the mixed number; "3 cans" stops before the word.
        let numberText = trimmed[..<end]
        let unitText = trimmed[end...].trimmingSpaces
        guard !numberText.isEmpty else { throw .invalidAmount(text, problem: .notANumber) }
        guard let quantity = ExactNumber(parsing: numberText, maximumFractionDigits: 3) else {
            let fraction = numberText.split(separator: ".").last ?? ""
            let tooPrecise =
                numberText.contains(".") && !numberText.contains("/") && fraction.count > 3
                && ExactNumber(parsing: numberText, maximumFractionDigits: 12) != nil
            // A long run of digits is a number too large to hold (`-q 99999999999999999999`), not a word.
            let digits =
                numberText.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
                && numberText.filter { $0 == "." }.count <= 1
            throw .invalidAmount(
                text, problem: tooPrecise ? .tooManyFractionDigits : digits ? .tooLarge : .notANumber)
        }
        guard !quantity.isZero else { throw .invalidAmount(text, problem: .zero) }
        let unit: MeasureUnit
        if unitText.isEmpty {
            unit = .count
        } else {
            let spaced = end < trimmed.endIndex && (trimmed[end] == " " || trimmed[end] == "\t")
            guard let first = unitText.first, first.isLetter, let parsed = try MeasureUnit.validated(unitText),
                spaced || !parsed.isWord
            else {
                throw .invalidAmount(text, problem: .notANumber)
            }
            unit = parsed
        }
        self = try Amount(quantity, unit).checked(text)
    }
}
