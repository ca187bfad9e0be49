import ShopKit

/// The options of `recipe add` read into values: `--servings` or `--scale` (a word is a usage error,
/// exit 64; zero or less is exit 1).
enum RecipeOptions {
    /// `--servings N`, `--scale F`, or as written.
    static func scale(_ invocation: Invocation) throws(CommandFailure) -> RecipeScale {
        let servings = invocation.string("servings")
        let scale = invocation.string("scale")
        if servings != nil && scale != nil {
            throw .usage(
                UsageError(
                    message: "'--servings' and '--scale' cannot be used together", commandPath: invocation.commandPath))
        }
        if let servings { return .servings(try number(servings, option: "--servings <n>", invocation)) }
        if let scale { return .factor(try number(scale, option: "--scale <factor>", invocation)) }
        return .factor(.one)
    }

    private static func number(_ text: String, option: String, _ invocation: Invocation) throws(CommandFailure)
        -> ExactNumber
    {
        let trimmed = text.trimmingCharacters(in: " ")
        let isZeroOrNegative =
            trimmed.hasPrefix("-") && ExactNumber(parsing: trimmed.dropFirst(), maximumFractionDigits: 6) != nil
        if isZeroOrNegative {
            throw .shop(.invalidValue("\(option.split(separator: " ")[0]) \(text) is not above zero", hint: "give a number above 0"))
        }
        guard let number = ExactNumber(parsing: trimmed, maximumFractionDigits: 6) else {
            throw .usage(
                UsageError(
                    message: "Invalid value '\(text)' for '\(option)': expected a number",
                    commandPath: invocation.commandPath))
        }
        guard !number.isZero else {
            throw .shop(.invalidValue("\(option.split(separator: " ")[0]) \(text) is not above zero", hint: "give a number above 0"))
        }
        return number
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
