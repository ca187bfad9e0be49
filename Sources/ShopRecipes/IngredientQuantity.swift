import ShopModel

/// The quantity of a recipe's ingredient or a plan's free-hand ingredient as an amount to buy (SPEC
/// sections 14 and 19): one definition for both files.
///
/// A quantity the official parser reads as a number (``CooklangNumber``), or a number with a sign or an exponent (`-1`,
/// `1e30`), must be one to buy: above 0 and within the limits, else the command fails (exit 1). Every other quantity is
/// text (`01/2`, `7 k`, `few`): the item goes on the list with no amount.
enum IngredientQuantity {
    /// The amount `quantity` and `unit` give, or `nil` for no quantity or one the official parser reads as text.
    /// - Parameter source: the file and ingredient, for the error (`lasagne.cook: @flour`).
    /// - Throws: ``RecipeError/invalidIngredientQuantity(source:quantity:problem:)`` for a number that is not above 0 or
    ///   past the limits; ``RecipeError/core(_:)`` with ``ShopError/invalidUnit(_:problem:)`` for a unit that breaks rule 1.
    static func amount(_ quantity: String?, unit: String?, source: String) throws(RecipeError) -> Amount? {
        guard let quantity = quantity.map({ String($0.trimmingSpaces) }), let first = quantity.first else {
            return nil
        }
        func refuse(_ problem: Amount.Problem) -> RecipeError {
            .invalidIngredientQuantity(source: source, quantity: quantity, problem: problem)
        }
        var written = Substring(quantity)
        // `2*`: the official parser's mark that a quantity scales, on a number.
        if written.hasSuffix("*"), CooklangNumber.number(in: written.dropLast()) != nil { written = written.dropLast() }
        let signed = first == "-" || first == "+"
        let unsigned = signed ? written.dropFirst().trimmingSpaces : written
        guard let text = CooklangNumber.number(in: unsigned) else {
            guard isExponent(unsigned) else { return nil }
            throw refuse(.notANumber)
        }
        let number = try value(of: text, refuse: refuse)
        if first == "-", !number.isZero { throw refuse(.negative) }
        guard !number.isZero else { throw refuse(.zero) }
        let measure =
            try unit.flatMap { (text: String) throws(RecipeError) in
                try RecipeError.core { () throws(ShopError) in try MeasureUnit.validated(text) }
            } ?? .count
        let amount = Amount(number, measure)
        guard amount.isWithinLimits else { throw refuse(.tooLarge) }
        return amount
    }

    /// What stands in an ingredient's braces, split at the `%`: `2%kg` → ("2", "kg"); `3` → ("3", nil); empty or
    /// spaces → (nil, nil).
    static func quantityAndUnit(_ inside: Substring) -> (quantity: String?, unit: String?) {
        let parts = inside.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
        let quantity = parts[0].trimmingSpaces
        let unit = parts.count > 1 ? parts[1].trimmingSpaces : ""
        return (quantity.isEmpty ? nil : String(quantity), unit.isEmpty ? nil : String(unit))
    }

    /// The number a single value stands for (a range is text, SPEC section 23).
    private static func value(of text: Substring, refuse: (Amount.Problem) -> RecipeError) throws(RecipeError)
        -> ExactNumber
    {
        if let number = ExactNumber(parsing: text, maximumFractionDigits: 6) { return number }
        // A long run of digits is a number too large to hold, or too fine; `1/0` is no number at all.
        if text.contains("/") { throw refuse(.notANumber) }
        let fraction = text.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
        throw refuse(fraction.count > 6 ? .tooManyFractionDigits : .tooLarge)
    }

    /// `1e30`, `2.5E-3`: a number in scientific notation, which no recipe means as text.
    private static func isExponent(_ text: Substring) -> Bool {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return false }
        var exponent = text[text.index(after: e)...]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return CooklangNumber.number(in: text[..<e]) != nil && !exponent.isEmpty
            && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

/// Whether YAML front matter can be read as the simple `key: value` lines shop takes from it.
enum FrontMatter {
    /// `false` when a line is neither blank, a comment, indented, a list item, nor `key: value`, when a plain value
    /// holds `: `, or when a quote, `[` or `{` is not closed on its line: YAML the official parser drops.
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
