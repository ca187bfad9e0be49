/// An amount written exactly, for the data file: `2`, `1/3`, `1500 g`, `3.5 cup + 200 g`.
///
/// Each part is its exact quantity (a decimal when it is one, else a reduced fraction `N/D`) and the unit's canonical
/// symbol, parts joined by ` + `. Reading it back gives the same value, so a list never drifts.
extension MeasureUnit {
    /// The US customary measures: a sum that also holds a metric amount is kept in the metric unit.
    static let customarySymbols: Set<String> = ["oz", "lb", "tsp", "tbsp", "fl oz", "cup", "pint", "quart", "gallon"]
}

extension Amount: ExpressibleByIntegerLiteral {
    /// Nothing: no part at all (what is left once everything is taken back).
    public static let none = Amount(parts: [])

    /// A whole count: `let amount: Amount = 3`.
    public init(integerLiteral value: Int) {
        self.init(count: value)
    }

    /// What joins the parts of ``exactText``; no unit holds a `+` (``MeasureUnit/validated(_:)``), so the
    /// reader finds each part's end by it, whatever the part before it was.
    static let partSeparator = " + "

    public var exactText: String {
        parts.map(\.exactText).joined(separator: Self.partSeparator)
    }

    /// Reads ``exactText`` back; `nil` when the text is not in that form, a part is zero, or a part is past the limits.
    ///
    /// The grammar is the writer's, part by part: `NUMBER` (a count) or `NUMBER SPACE UNIT`, parts joined by
    /// ``partSeparator``. A count may stand anywhere (`3 + 6 cm`), so it must never be read as the start of a unit.
    public init?(exactText text: String) {
        // The empty text is no amount (an item's quantity when the person wants it with none of their own).
        guard !text.isEmpty else {
            self = .none
            return
        }
        // Read byte by byte: a data file of thousands of amounts is read at every command.
        var parts: [Part] = []
        var utf8 = Substring(text).utf8
        let separator = Self.partSeparator.utf8
        while true {
            guard let quantity = Self.exactNumber(&utf8), !quantity.isZero else { return nil }
            var unit = MeasureUnit.count
            if utf8.first == UInt8(ascii: " "), !utf8.starts(with: separator) {
                utf8.removeFirst()
                // The unit runs to the next part (`firstRange(of:)` is far slower than finding the `+`).
                var end = utf8.firstIndex(of: UInt8(ascii: "+")) ?? utf8.endIndex
                if end != utf8.endIndex {
                    guard end > utf8.startIndex else { return nil }
                    end = utf8.index(before: end)
                }
                let symbol = String(Substring(utf8[..<end]))
                guard let parsed = MeasureUnit.named[symbol] ?? MeasureUnit(parsing: symbol) else { return nil }
                unit = parsed
                utf8 = utf8[end...]
            }
            parts.append(Part(quantity: quantity, unit: unit))
            guard !utf8.isEmpty else { break }
            guard utf8.starts(with: separator) else { return nil }
            utf8 = utf8.dropFirst(separator.count)
        }
        let amount = Amount(parts: parts)
        guard amount.isWithinLimits else { return nil }
        self = amount
    }

    /// Whether every part is within the limits (``Amount/limit`` kg, l, or of a count or word unit).
    public var isWithinLimits: Bool {
        for part in parts {
            let (quantity, size, limit) = (
                part.quantity, part.unit.sizeInBaseUnit, part.unit.pricingUnit.sizeInBaseUnit
            )
            // quantity × size <= Amount.limit × limit, cross-multiplied without reducing (no gcd); small numbers
            // only, so nothing overflows; anything else takes the exact path.
            guard quantity.numerator < 1 << 40, quantity.denominator < 1 << 40, size.numerator < 1 << 50,
                size.denominator < 1 << 40, limit.numerator < 1 << 24, limit.denominator == 1
            else { return (try? checked("")) != nil }
            if quantity.numerator * size.numerator > Int128(Amount.limit) * limit.numerator * quantity.denominator
                * size.denominator
            {
                return false
            }
        }
        return true
    }

    /// `12`, `1.5`, `1/3` at the start of `utf8`, consumed; `nil` when there is no such number.
    private static func exactNumber(_ utf8: inout Substring.UTF8View) -> ExactNumber? {
        var numerator: Int128 = 0
        var denominator: Int128 = 1
        var digits = 0
        var places = -1
        while let byte = utf8.first, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: ".")
        {
            utf8.removeFirst()
            if byte == UInt8(ascii: ".") {
                guard places < 0 else { return nil }
                places = 0
                continue
            }
            digits += 1
            guard digits <= 24 else { return nil }
            numerator = numerator * 10 + Int128(byte - UInt8(ascii: "0"))
            if places >= 0 {
                places += 1
                denominator *= 10
            }
        }
        guard digits > 0 else { return nil }
        if utf8.first == UInt8(ascii: "/"), places < 0 {
            utf8.removeFirst()
            var under: Int128 = 0
            var count = 0
            while let byte = utf8.first, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                utf8.removeFirst()
                count += 1
                guard count <= 24 else { return nil }
                under = under * 10 + Int128(byte - UInt8(ascii: "0"))
            }
            guard count > 0 else { return nil }
            denominator = under
        }
        return ExactNumber(numerator: numerator, denominator: denominator)
    }

    /// `1.5`, `0.125`, `12` when the number is a decimal of at most 12 fraction digits; `nil` for `1/3`.
    static func exactDecimal(_ number: ExactNumber) -> String? {
        var power: Int128 = 1
        for places in 0...12 {
            if power % number.denominator == 0 {
                let scaled = number.numerator * (power / number.denominator)
                return places == 0 ? String(scaled) : number.text(places: places)
            }
            power *= 10
        }
        return nil
    }

    /// The number a script reads as `quantity` for one part: a count rounded up to a whole number (as it
    /// is shown), a measure in the unit it is shown in, to three fraction digits.
    public static func shownNumber(of part: Part) -> ExactNumber {
        let shown = part.shown
        if shown.unit.isCount, !shown.quantity.isWhole {
            return ExactNumber(numerator: shown.quantity.roundedUp, denominator: 1)!
        }
        return ExactNumber(numerator: shown.quantity.scaledRoundingHalfUp(places: 3), denominator: 1000)!
    }

    /// A whole number of pieces for formats that only know counts (ShoppingList14): a count rounded up,
    /// 1 for any other amount; whether anything was lost in doing so.
    public var wholeCountForExport: (count: Int, isExact: Bool) {
        guard let first = parts.first, parts.count == 1, first.unit.isCount else { return (1, parts.isEmpty) }
        let count = Int(min(first.quantity.roundedUp, Int128(Amount.limit)))
        return (max(count, 1), first.quantity.isWhole)
    }
}

extension Amount.Part {
    /// One part of ``Amount/exactText``: its exact quantity (a decimal when it is one, else a reduced
    /// fraction `N/D`), then, unless it is a count, a space and the unit's symbol.
    var exactText: String {
        let text = Amount.exactDecimal(quantity) ?? "\(quantity.numerator)/\(quantity.denominator)"
        return unit.isCount ? text : text + " " + unit.symbol
    }
}
