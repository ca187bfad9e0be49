/// The quantity of a recipe's ingredient or a plan's free-hand ingredient as an amount to buy (SPEC
/// section 14): one definition for both files.
///
/// The official parser keeps a quantity it cannot read as text, and so did shop: `{1/0}`, `{-1%kg}`, `{0}`
/// and `{1000000000000000000000000000000%kg}` went on the list with no amount, and nobody was told. A
/// quantity that starts with a digit, a point or a sign is meant as a number, so it must be one: above 0
/// and within the limits, else the command fails (exit 1) and nothing changes. Only a quantity that starts
/// otherwise (`few`, `a pinch`) is words, which put the item on the list with no amount.
enum IngredientQuantity {
    /// The amount `quantity` and `unit` give, or `nil` for no quantity or one in words.
    /// - Parameter source: the file and ingredient, for the error (`lasagne.cook: @flour`).
    /// - Throws: ``ShopError/invalidIngredientQuantity(source:quantity:problem:)`` for a number that is
    ///   not one, not above 0, or past the limits; ``ShopError/invalidUnit(_:problem:)`` for a unit that
    ///   breaks rule 1.
    static func amount(_ quantity: String?, unit: String?, source: String) throws(ShopError) -> Amount? {
        guard let quantity = quantity.map({ String($0.trimmingSpaces) }), let first = quantity.first else {
            return nil
        }
        guard first.isASCII, first.isNumber || first == "." || first == "-" || first == "+" else { return nil }
        func refuse(_ problem: Amount.Problem) -> ShopError {
            .invalidIngredientQuantity(source: source, quantity: quantity, problem: problem)
        }
        let unsigned = first == "-" || first == "+" ? quantity.dropFirst().trimmingSpaces : Substring(quantity)
        guard let number = ExactNumber(parsing: unsigned, maximumFractionDigits: 6) ?? upperBound(of: unsigned)
        else {
            // A long run of digits is a number too large to hold, not a word.
            let digits = !unsigned.isEmpty && unsigned.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            throw refuse(digits && first != "-" ? .tooLarge : .notANumber)
        }
        if first == "-", !number.isZero { throw refuse(.negative) }
        guard !number.isZero else { throw refuse(.zero) }
        let measure = try unit.flatMap { (text: String) throws(ShopError) in try MeasureUnit.validated(text) } ?? .count
        let amount = Amount(number, measure)
        guard amount.isWithinLimits else { throw refuse(.tooLarge) }
        return amount
    }

    /// A range `2-3` (the official parser reads it as one): enough for either end is its upper bound.
    /// `nil` unless both ends are numbers above 0 and the first is not above the second.
    private static func upperBound(of text: Substring) -> ExactNumber? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let low = ExactNumber(parsing: ends[0], maximumFractionDigits: 6),
            let high = ExactNumber(parsing: ends[1], maximumFractionDigits: 6), !low.isZero, low <= high
        else { return nil }
        return high
    }
}

/// Whether YAML front matter can be read as the simple `key: value` lines shop takes from it.
enum FrontMatter {
    /// `false` when a line is neither blank, a comment, indented (a nested value), a list item, nor
    /// `key: value`, when a plain value holds `: `, or when a quote or a `[`/`{` opened on a line is not
    /// closed on it: YAML a parser would refuse, whose metadata the official parser drops.
    static func looksValid(_ lines: ArraySlice<Substring>) -> Bool {
        for line in lines {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasPrefix(" ") || line.hasPrefix("\t") || trimmed.hasPrefix("- ") || trimmed == "-" { continue }
            guard let colon = trimmed.firstIndex(of: ":"), colon > trimmed.startIndex else { return false }
            let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces
            if let quote = value.first, quote == "\"" || quote == "'" {
                guard value.count >= 2, value.last == quote else { return false }
                continue
            }
            // `title: Pasta: the best` is a mapping inside a plain value, which YAML refuses.
            if value.contains(": ") { return false }
            if value.hasPrefix("[") && !value.hasSuffix("]") || value.hasPrefix("{") && !value.hasSuffix("}") {
                return false
            }
        }
        return true
    }
}
