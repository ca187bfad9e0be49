import ShopKit

/// Makes user text safe to show.
enum Escape {
    /// `text` with every control character (U+0000-U+001F, U+007F-U+009F) written as a visible escape:
    /// `\n`, `\r`, `\t`, `\e` for ESC, `\u{9b}` for the rest. A name is data, never a command to the
    /// terminal: a raw ESC could clear the screen or retitle the window, a raw newline forge a line.
    static func forTerminal(_ text: String) -> String {
        // Fast path: almost every name is clean, so check before building a new string.
        guard text.unicodeScalars.contains(where: Validation.isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard Validation.isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1b}": result += "\\e"
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }
}
