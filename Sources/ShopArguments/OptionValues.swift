/// The options given on one command line, judged at parse time, read through typed keys whose decoder
/// turns the word into the value: `options[order]` is an `Int?`, `options[json]`
/// a `Bool`, and an ``OptionGroup`` reads its options into the properties they are bound to.
///
/// Every occurrence is kept in the order given: a single-valued option reads as its last value, and the
/// undo history names a command with the words as typed.
public struct OptionValues: Sendable, Hashable {
    /// One occurrence of an option: the word as typed (empty for a flag), and its value as the option's key
    /// decoded it, or why it was refused.
    struct Entry: Sendable {
        /// The word after the option (or after its `=`).
        var word: String
        /// The decoded value, of the key's `Value` type; `nil` when refused.
        var value: (any Sendable)?
        /// Why the word cannot be the option's value, reported before the command runs.
        var refusal: OptionRefusal?
    }

    private var entries: [String: [Entry]] = [:]

    /// No option given.
    public init() {}

    /// Records an occurrence of `option` (long name) with the parser's decoding of its word.
    public mutating func append(_ option: OptionSpec, word: String, decoded: Decoded<any Sendable>) {
        var entry = Entry(word: word)
        switch decoded {
        case .value(let value): entry.value = value
        case .refused(let report): entry.refusal = report
        case .malformed: preconditionFailure("a malformed value is a usage error, never recorded")
        }
        entries[option.long, default: []].append(entry)
    }

    /// The flag's presence.
    public subscript(key: OptionKey<Bool>) -> Bool {
        entries[key.spec.long] != nil
    }

    /// The last value given, if any. (A refused word never reaches a command: the run stops before it.)
    public subscript<Value>(key: OptionKey<Value>) -> Value? {
        last(of: key.spec.long, as: Value.self)
    }

    /// The last value given to the option named `long` (for ``OptionBinding``). The cast cannot fail: the
    /// value is what the key of that name decoded, and a command's options have one key per name.
    public func last<Value>(of long: String, as _: Value.Type) -> Value? {
        entries[long]?.last?.value as? Value
    }

    /// Whether the option named `long` was given (for ``OptionBinding``).
    public func isGiven(_ long: String) -> Bool {
        entries[long] != nil
    }

    /// Whether the option `key` was given (for options read as a pair, such as `--json` and `--format`).
    public func contains<Value>(_ key: OptionKey<Value>) -> Bool {
        entries[key.spec.long] != nil
    }

    /// The words given to `option`, in order, as typed: what the undo history repeats.
    public func words(of option: OptionSpec) -> [String] {
        entries[option.long]?.map(\.word) ?? []
    }

    /// The long names of the options given (what makes arguments optional: `buy --all`).
    public var givenNames: Set<String> { Set(entries.keys) }

    /// The first value refused among `options` (in the table's order, then as given): what the program reports before the command runs.
    public func firstRefusal(among options: [OptionSpec]) -> OptionRefusal? {
        for option in options {
            if let report = entries[option.long]?.lazy.compactMap(\.refusal).first { return report }
        }
        return nil
    }

    public static func == (lhs: OptionValues, rhs: OptionValues) -> Bool {
        lhs.entries.mapValues { $0.map(\.word) } == rhs.entries.mapValues { $0.map(\.word) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.mapValues { $0.map(\.word) })
    }
}
