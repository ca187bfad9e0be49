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

    /// Whether `word` is an option (or `--`) rather than a positional. A lone `-` is a positional (standard input).
    static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1
    }

    /// Splits `--name=value` into its name and inline value. Short options and `--name` have no inline value.
    static func split(_ word: String) -> (name: String, inline: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// Whether `name` asks for help.
    static func isHelp(_ name: String) -> Bool {
        name == "--help" || name == "-h"
    }

    /// The letter of a short option (`q` for `-q`), or `nil` if `name` is not one.
    static func shortName(_ name: String) -> Character? {
        guard name.count == 2, name.first == "-", let letter = name.last, letter != "-" else { return nil }
        return letter
    }

    /// Checks a positional argument's word against its choices; `label` names it (`<shell>`).
    static func check(_ value: String, choices: [String], label: String, path: [String]) throws(UsageError) {
        if !choices.contains(value) {
            throw UsageError(
                message: "Invalid value \(Quoted.value(value)) for '\(label)': expected \(listed(choices))",
                commandPath: path)
        }
    }

    /// `'a', 'b' or 'c'`.
    static func listed(_ choices: [String]) -> String {
        let quoted = choices.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

extension CommandSpec {
    /// Its option spelled `name` as typed: `--long` or `-s`.
    func option(matching name: String) -> OptionSpec? {
        if name.hasPrefix("--") { return option(long: String(name.dropFirst(2))) }
        return ArgumentParser.shortName(name).flatMap { option(short: $0) }
    }
}
