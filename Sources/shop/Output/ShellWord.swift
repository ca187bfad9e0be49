import ShopKit

/// A word as a user would type it in a shell, for messages that show a command (`add "whole milk"`).
enum ShellWord {
    /// `word` as is when it holds only letters, digits and punctuation a shell leaves alone; otherwise in
    /// double quotes, with `"`, `\`, `$` and a backquote escaped. Control characters are escaped for the
    /// terminal (``Escape/forTerminal(_:)``), so the result is safe to show.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty && word.first != "-"
            && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.,:/@%+=".contains($0) }
        guard !plain else { return Escape.forTerminal(word) }
        var result = "\""
        for character in word {
            if "\"\\$`".contains(character) { result.append("\\") }
            result.append(character)
        }
        return Escape.forTerminal(result + "\"")
    }

    /// `word` for a shell in single quotes when it needs them, for a git command in a hint to work when
    /// copied whatever the path holds (spaces, quotes). Letters, digits and `/._-+:@,=` stay as they are.
    static func singleQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@,=".contains($0) }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
