import ShopKit

/// What the parser makes of the word given to an option: its typed value when well formed.
enum Decoded<Value> {
    /// The typed value (a `Bool`, `String`, `Int`, an enumeration, or a `Result` judged later).
    case value(Value)
    /// The word has the wrong shape (`-q many`): a usage error now, `Invalid value ... expected` this.
    case malformed(expected: String)
    /// The word is a number but not one the option can take (`-q 1.5`): exit 1, reported after the whole
    /// command line has parsed and before the command runs.
    case refused(ErrorReport)

}

extension Decoded: Sendable where Value: Sendable {
    /// The same verdict with the value's type erased: what the parser records, for the key to read back.
    var erased: Decoded<any Sendable> {
        switch self {
        case .value(let value): .value(value)
        case .malformed(let expected): .malformed(expected: expected)
        case .refused(let report): .refused(report)
        }
    }
}

/// The untyped verdict ``NumberWord/decodeWholeNumber(_:option:help:)`` returns.
typealias OptionDecoding = Decoded<any Sendable>

/// A typed option: declared once with its name, help and value decoder; the command table lists its
/// ``spec``, and a command reads its value as `context.options[key]` (or through its group, see
/// ``OptionGroup``): the value the parser decoded, once, as the line was read (issue 49: the words were
/// decoded again by every read).
///
/// Values that only a command can judge keep today's order of errors by decoding to a `Result`
/// (`--price -1` is refused where the price is applied, under the lock), read with `try ...?.get()`.
struct OptionKey<Value: Sendable>: Sendable {
    /// The declaration the table, help, manual and completion scripts show, with the key's decoder.
    var spec: OptionSpec

    /// - Parameter decode: turns a word given to the option into its value; the parser calls it once per
    ///   word (a malformed word is a usage error) and keeps the value for the command.
    init(spec: OptionSpec, decode: @escaping @Sendable (String) -> Decoded<Value>) {
        var spec = spec
        spec.decode = { decode($0).erased }
        self.spec = spec
    }

    /// The same key with its help worded for one command (`--price` of `buy` is the price paid).
    func help(_ help: String) -> OptionKey {
        var key = self
        key.spec.help = help
        return key
    }
}

extension OptionKey where Value == Bool {
    /// A flag such as `--star`: `true` when given.
    static func flag(_ long: String, short: Character? = nil, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: nil, kind: .flag, help: help),
            decode: { _ in .value(true) })
    }

    /// `--json`, shared by every command that can print JSON.
    static func json(_ what: String) -> OptionKey {
        .flag("json", help: "Print \(what) as JSON.")
    }
}

extension OptionKey where Value == String {
    /// An option taking any word, such as `--note <text>`; the word may begin with `-`.
    static func string(_ long: String, short: Character? = nil, value: String, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .string, help: help),
            decode: { .value($0) })
    }
}

extension OptionKey where Value == Int {
    /// An option taking a whole number, such as `--quantity <n>`. A word is a usage error (exit 64); a number that is
    /// no whole number or does not fit is refused with exit 1 (SPEC section 4); ranges are the command's to check.
    static func integer(_ long: String, short: Character? = nil, value: String, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .integer, help: help),
            decode: { word in wholeNumber(word, option: "--" + long, help: help) })
    }
}

extension OptionKey {
    /// An option taking one of the cases of `Value` by its raw value, such as `--format <format>`;
    /// any other word is a usage error listing them.
    /// - Parameter values: the cases offered, in the order help lists them (default: all of them).
    static func choice(
        _ long: String, short: Character? = nil, value: String, _ values: [Value] = Array(Value.allCases),
        help: String
    ) -> OptionKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        let words = values.map(\.rawValue)
        return OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .choice(words), help: help),
            decode: { word in
                guard let choice = Value(rawValue: word), words.contains(word) else {
                    return .malformed(expected: ArgumentParser.listed(words))
                }
                return .value(choice)
            })
    }

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

    /// An option taking a word that `parse` judges when the command reads it (`--color`, `--note`, a
    /// day), so that its error comes exactly where the command used to check it.
    static func parsed<Parsed: Sendable, Failure: Sendable>(
        _ long: String, short: Character? = nil, value: String, help: String,
        parse: @escaping @Sendable (String) throws(Failure) -> Parsed
    ) -> OptionKey where Value == Result<Parsed, Failure> {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .string, help: help),
            decode: { word in .value(Result { () throws(Failure) in try parse(word) }) })
    }
}

/// A whole number's verdict, typed: ``NumberWord`` judges the word (and words the refusal); `Int` reads the rest.
func wholeNumber(_ word: String, option: String, help: String) -> Decoded<Int> {
    switch NumberWord.decodeWholeNumber(word, option: option, help: help) {
    case .value: .value(NumberWord.wholeNumber(word)!)
    case .malformed(let expected): .malformed(expected: expected)
    case .refused(let report): .refused(report)
    }
}
