/// An amount written exactly, for the data file: `2`, `1/3`, `1500 g`, `3.5 cup + 200 g`.
///
/// Each part is its exact quantity (a decimal when it is one, else a reduced fraction `N/D`) and the unit's canonical
/// symbol, parts joined by ` + ` in their order. Reading it back gives the same value, so a list never
/// drifts however often it is written.
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

    /// The exact text of the amount (see the type's description).
    public var exactText: String {
        parts.map { part in
            let number = part.quantity
            let text = Self.exactDecimal(number) ?? "\(number.numerator)/\(number.denominator)"
            return part.unit.isCount ? text : text + " " + part.unit.symbol
        }.joined(separator: " + ")
    }

    /// Reads ``exactText`` back; `nil` when the text is not in that form, a part is zero, or a part is
    /// past the limits.
    public init?(exactText text: String) {
        var parts: [Part] = []
        for piece in text.split(separator: " + ", omittingEmptySubsequences: false) {
            let trimmed = piece.trimmingSpaces
            let numberEnd = trimmed.firstIndex(of: " ") ?? trimmed.endIndex
            let numberText = trimmed[..<numberEnd]
            guard !numberText.isEmpty, numberText.allSatisfy({ "0123456789/.".contains($0) }),
                let quantity = ExactNumber(parsing: numberText, maximumFractionDigits: 12), !quantity.isZero
            else { return nil }
            let unitText = trimmed[numberEnd...].trimmingSpaces
            let unit = unitText.isEmpty ? MeasureUnit.count : MeasureUnit(parsing: unitText)
            guard let unit else { return nil }
            parts.append(Part(quantity: quantity, unit: unit))
        }
        guard !parts.isEmpty else { return nil }
        let amount = Amount(parts: parts)
        guard (try? amount.checked(text)) != nil else { return nil }
        self = amount
    }

    /// `1.5`, `0.125`, `12` when the number is a decimal of at most 12 fraction digits; `nil` for `1/3`.
    private static func exactDecimal(_ number: ExactNumber) -> String? {
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
        let count = Int(min(first.quantity.roundedUp, Int128(9999)))
        return (max(count, 1), first.quantity.isWhole)
    }
}
