/// What an option expects after its name.
public enum ValueKind: Sendable, Hashable {
    /// No value: present or absent (`--star`).
    case flag
    /// Any word (`--note <text>`); the word may begin with `-`.
    case string
    /// A whole number (`--quantity <n>`). The parser refuses words (a usage error); ranges, fractions and
    /// signs are checked later, because a number out of range is a bad value, not a malformed command line.
    case integer
    /// A decimal number (`--price <price>`): words are refused by the parser, bad numbers later.
    case number
    /// One of a fixed list of words (`--format text|markdown|csv`).
    case choice([String])
}

/// One option of a command (or a global option), as the table shows it: declared once, by an ``OptionKey``, whose value
/// parser is ``decode``; parsing, help, usage lines and completion scripts are all derived from it.
public struct OptionSpec: Sendable {
    /// The long name without dashes (`quantity` for `--quantity`); also the key of its values in ``Invocation``.
    public var long: String
    /// The one-letter short name without the dash (`q` for `-q`), if any.
    public var short: Character?
    /// How the value shows in help and usage (`<n>`); `nil` for flags.
    public var valueName: String?
    public var kind: ValueKind
    public var help: String
    /// Whether giving it more than once is meaningful (shown as `...` in usage). The parser keeps every
    /// occurrence either way; single-valued readers take the last.
    public var isRepeatable: Bool = false
    /// Hidden options parse but are left out of help and completions.
    public var isHidden: Bool = false
    /// Words a whole-number option also accepts (`--every auto`).
    public var keywords: [String] = []
    /// Decodes the word given, once, at parse time: its value (which ``OptionValues`` keeps for the
    /// command), malformed (a usage error) or refused (reported before the command runs). Set by
    /// ``OptionKey`` from its typed decoder; the value is of the key's type (an option declared without a
    /// key keeps its word).
    public var decode: @Sendable (String) -> Decoded<any Sendable> = { .value($0) }

    /// An option; see the properties (``decode`` is set by ``OptionKey``).
    public init(
        long: String, short: Character? = nil, valueName: String? = nil, kind: ValueKind, help: String,
        isRepeatable: Bool = false, isHidden: Bool = false, keywords: [String] = []
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.kind = kind
        self.help = help
        self.isRepeatable = isRepeatable
        self.isHidden = isHidden
        self.keywords = keywords
    }

    /// `--quantity`.
    public var longFlag: String { "--" + long }
    /// `-q`, if the option has a short name.
    public var shortFlag: String? { short.map { "-" + String($0) } }
    public var takesValue: Bool { kind != .flag }

    /// `--quantity <n>` (or `--star`): how errors and the usage line name the option.
    public var synopsis: String {
        valueName.map { "\(longFlag) \($0)" } ?? longFlag
    }

    /// `-q, --quantity <n>`: the label column of the help.
    public var helpLabel: String {
        shortFlag.map { "\($0), \(synopsis)" } ?? synopsis
    }

    /// The help line, with the allowed values appended for choice options so they are never out of sync.
    public var fullHelp: String {
        guard case .choice(let values) = kind else { return help }
        return "\(help) (values: \(values.joined(separator: ", ")))"
    }
}

/// One positional argument of a command.
public struct ArgumentSpec: Sendable, Hashable {
    /// How it shows in help, usage and errors, brackets included (`<name>`).
    public var name: String
    public var help: String
    /// Whether the command runs without it.
    public var isOptional: Bool = false
    /// Whether it takes every remaining word (`<name> ...`). Only the last argument may repeat.
    public var isRepeatable: Bool = false
    /// The words it accepts, if it is a choice (`<shell>`: bash, zsh, fish); `nil` accepts any word.
    public var choices: [String]? = nil

    /// A positional argument; see the properties.
    public init(
        name: String, help: String, isOptional: Bool = false, isRepeatable: Bool = false, choices: [String]? = nil
    ) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeatable = isRepeatable
        self.choices = choices
    }

    /// `<name> ...`, `[<search>]` or `[<name> ...]`: how the usage line shows it.
    public var synopsis: String {
        let core = isRepeatable ? "\(name) ..." : name
        return isOptional ? "[\(core)]" : core
    }

    /// The help line, with the allowed values appended for choice arguments.
    public var fullHelp: String {
        guard let choices else { return help }
        return "\(help) (values: \(choices.joined(separator: ", ")))"
    }
}

// MARK: - Equatable

extension OptionSpec: Equatable {
    /// Two declarations are equal when they show the same: the value decoder is not compared.
    public static func == (lhs: OptionSpec, rhs: OptionSpec) -> Bool {
        lhs.long == rhs.long && lhs.short == rhs.short && lhs.valueName == rhs.valueName && lhs.kind == rhs.kind
            && lhs.help == rhs.help && lhs.isRepeatable == rhs.isRepeatable && lhs.isHidden == rhs.isHidden
            && lhs.keywords == rhs.keywords
    }
}
