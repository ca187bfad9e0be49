/// What the parser makes of the word given to an option: its typed value when well formed.
public enum Decoded<Value> {
    /// The typed value (a `Bool`, `String`, `Int`, an enumeration, or a `Result` judged later).
    case value(Value)
    /// The word has the wrong shape (`-q many`): a usage error now, `Invalid value ... expected` this.
    case malformed(expected: String)
    /// The word has the right shape but is no value the option can take (`-q 1.5`): reported after the
    /// whole command line has parsed and before the command runs.
    case refused(OptionRefusal)

}

extension Decoded: Sendable where Value: Sendable {
    /// The same verdict with the value's type erased: what the parser records, for the key to read back.
    public var erased: Decoded<any Sendable> {
        switch self {
        case .value(let value): .value(value)
        case .malformed(let expected): .malformed(expected: expected)
        case .refused(let report): .refused(report)
        }
    }
}

/// A typed option: declared once with its name, help and value decoder; the command table lists its
/// ``spec``, and a command reads its value as `context.options[key]` (or through its group, see
/// ``OptionGroup``): the value the parser decoded, once, as the line was read (issue 49: the words were
/// decoded again by every read).
///
/// Values that only a command can judge keep today's order of errors by decoding to a `Result`
/// (a price below zero is refused where the price is applied), read with `try ...?.get()`.
public struct OptionKey<Value: Sendable>: Sendable {
    /// The declaration the table, help, manual and completion scripts show, with the key's decoder.
    public var spec: OptionSpec

    /// - Parameter decode: turns a word given to the option into its value; the parser calls it once per
    ///   word (a malformed word is a usage error) and keeps the value for the command.
    public init(spec: OptionSpec, decode: @escaping @Sendable (String) -> Decoded<Value>) {
        var spec = spec
        spec.decode = { decode($0).erased }
        self.spec = spec
    }

    /// The same key with its help worded for one command (`--price` of `buy` is the price paid).
    public func help(_ help: String) -> OptionKey {
        var key = self
        key.spec.help = help
        return key
    }
}

extension OptionKey where Value == Bool {
    /// A flag such as `--star`: `true` when given.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: nil, kind: .flag, help: help),
            decode: { _ in .value(true) })
    }
}

extension OptionKey where Value == String {
    /// An option taking any word, such as `--note <text>`; the word may begin with `-`.
    public static func string(_ long: String, short: Character? = nil, value: String, help: String) -> OptionKey {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .string, help: help),
            decode: { .value($0) })
    }
}

extension OptionKey {
    /// An option taking one of the cases of `Value` by its raw value, such as `--format <format>`;
    /// any other word is a usage error listing them.
    /// - Parameter values: the cases offered, in the order help lists them (default: all of them).
    public static func choice(
        _ long: String, short: Character? = nil, value: String, _ values: [Value] = Array(Value.allCases),
        help: String
    ) -> OptionKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        // A closure, not `\.rawValue`: a key path is built at run time, for each such option at every start-up.
        let words = values.map { $0.rawValue }
        return OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .choice(words), help: help),
            decode: { word in
                guard let choice = Value(rawValue: word), words.contains(word) else {
                    return .malformed(expected: ArgumentWords.listed(words))
                }
                return .value(choice)
            })
    }

    /// An option taking a word that `parse` judges when the command reads it (`--color`, `--note`), so
    /// that its error comes exactly where the command used to check it.
    public static func parsed<Parsed: Sendable, Failure: Sendable>(
        _ long: String, short: Character? = nil, value: String, help: String,
        parse: @escaping @Sendable (String) throws(Failure) -> Parsed
    ) -> OptionKey where Value == Result<Parsed, Failure> {
        OptionKey(
            spec: OptionSpec(long: long, short: short, valueName: value, kind: .string, help: help),
            decode: { word in .value(Result { () throws(Failure) in try parse(word) }) })
    }
}

/// Why a well-formed word is no value of its option (`-q 1.5`): the program reports it before the command runs.
public struct OptionRefusal: Sendable, Hashable {
    /// What is wrong with the word.
    public var message: String
    /// What the option takes (its help), if it helps.
    public var hint: String?

    /// A refusal saying `message`, with `hint`.
    public init(message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}
