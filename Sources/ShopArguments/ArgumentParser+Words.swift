// Word-level helpers of the parser: recognising options, splitting `--opt=value`, checking values.
extension ArgumentParser {
    /// A read position in the argument list.
    struct Cursor {
        var words: [String]
        var index = 0

        /// The next word, without consuming it.
        var peek: String? { index < words.count ? words[index] : nil }
        var rest: ArraySlice<String> { words[index...] }

        mutating func next() -> String? {
            guard let word = peek else { return nil }
            index += 1
            return word
        }
    }

    /// Checks a positional argument's word against its choices; `label` names it (`<shell>`).
    func check(_ value: String, choices: [String], label: String, path: [String]) throws(UsageError) {
        if !choices.contains(value) {
            throw UsageError(
                message:
                    "Invalid value \(conventions.quote(value)) for '\(label)': expected \(ArgumentWords.listed(choices))",
                commandPath: path)
        }
    }

    /// `". Did you mean 'x'?"` or the empty string, ranked by the program's edit distance.
    func suggestion(for word: String, among candidates: [String]) -> String {
        Suggestion.hint(for: word, among: candidates, distance: conventions.editDistance)
    }
}

/// How the parser reads single words of a command line.
public enum ArgumentWords {
    /// Whether `word` is an option (or `--`) rather than a positional. A lone `-` is a positional (standard input).
    public static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1
    }

    /// Splits `--name=value` into its name and inline value. Short options and `--name` have no inline value.
    public static func split(_ word: String) -> (name: String, inline: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Whether `name` asks for help.
    public static func isHelp(_ name: String) -> Bool {
        name == "--help" || name == "-h"
    }

    /// The letter of a short option (`q` for `-q`), or `nil` if `name` is not one.
    public static func shortName(_ name: String) -> Character? {
        guard name.count == 2, name.first == "-", let letter = name.last, letter != "-" else { return nil }
        return letter
    }

    /// `'a', 'b' or 'c'`.
    public static func listed(_ choices: [String]) -> String {
        let quoted = choices.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

extension CommandSpec {
    /// Its option spelled `name` as typed: `--long` or `-s`.
    public func option(matching name: String) -> OptionSpec? {
        if name.hasPrefix("--") { return option(long: String(name.dropFirst(2))) }
        return ArgumentWords.shortName(name).flatMap { option(short: $0) }
    }
}

/// What the parser asks of the program it parses for: what it cannot know without naming the program's
/// own types (its way of quoting a word in an error, its `--version` and `help`).
public struct ParserConventions: Sendable {
    /// Repeats a word in an error message (`'eggs'`), as all the program's errors do.
    public var quote: @Sendable (String) -> String
    /// The edit distance that ranks "did you mean" candidates.
    public var editDistance: @Sendable (String, String) -> Int
    /// The long name of the root's option the parser answers with ``ParseResult/version``, if any.
    public var versionOption: String?
    /// The name of the command that shows help (`tool help add`), if any.
    public var helpCommand: String?
    /// The words `help` also answers besides command names: the program's manual topics (`tool help sync`),
    /// answered with ``ParseResult/topic(_:)``. None may be a command's name.
    public var helpTopics: [String]

    /// Conventions of a program; see the properties.
    public init(
        quote: @escaping @Sendable (String) -> String, editDistance: @escaping @Sendable (String, String) -> Int,
        versionOption: String?, helpCommand: String?, helpTopics: [String] = []
    ) {
        self.quote = quote
        self.editDistance = editDistance
        self.versionOption = versionOption
        self.helpCommand = helpCommand
        self.helpTopics = helpTopics
    }
}
