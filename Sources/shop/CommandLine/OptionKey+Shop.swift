import ShopArguments

// shop's kinds of option value: numbers are told from words as SPEC section 4 says (``NumberWord``).
extension OptionKey where Value == Int {
    /// An option taking a whole number, such as `--quantity <n>`. A word is a usage error (exit 64); a number that is
    /// no whole number or does not fit is refused with exit 1 (SPEC section 4); ranges are the command's to check.
    static func integer(_ long: String, short: Character? = nil, value: String, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .integer, help: help),
            decode: { word in NumberWord.decodeWholeNumber(word, option: "--" + long, help: help) })
    }
}

extension OptionKey {
    /// An option taking a decimal number, such as `--price <price>`: a word is a usage error (exit 64);
    /// `parse` judges the number when the command reads the value (`--price -1`: exit 1). `decimalComma`:
    /// money, where `1,19` is `1.19` (``NumberWord/withDecimalPoint(_:)``).
    static func number<Parsed: Sendable, Failure: Sendable>(
        _ long: String, short: Character? = nil, value: String, help: String, decimalComma: Bool = false,
        parse: @escaping @Sendable (String) throws(Failure) -> Parsed
    ) -> OptionKey where Value == Result<Parsed, Failure> {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .number, help: help),
            decode: { given in
                let word = decimalComma ? NumberWord.withDecimalPoint(given) : given
                guard NumberWord.isNumber(word) else { return .malformed(expected: "a number") }
                return .value(Result { () throws(Failure) in try parse(word) })
            })
    }
}
