/// The one escaping of user text for display: names, notes and paths in output and in error details.
///
/// In ShopKit because its error details hold names (``quoted(_:)``), shown as the command line shows them elsewhere.
public enum Escape {
    /// The most of one value an error repeats: characters in ShopKit's details (``quoted(_:)``), terminal
    /// cells in what the command line quotes itself. One limit for both, spelt here.
    public static let quotedValueLimit = 60

    /// `text` with every control character (U+0000-U+001F, U+007F-U+009F) written as a visible escape: `\n`, `\r`,
    /// `\t`, `\e` for ESC, `\u{9b}` for the rest. A name is data, never a command to the terminal.
    public static func forTerminal(_ text: String) -> String {
        // Fast path: almost every name is clean, so check before building a new string.
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        appendEscaped(text.unicodeScalars, to: &result)
        return result
    }

    /// Appends `scalars` to `text`, each as ``append(_:to:)`` writes it, except a zero-width joiner inside
    /// an emoji sequence, which stays (``Validation/isInvisibleFormat(_:after:before:)``).
    static func appendEscaped(_ scalars: some Sequence<Unicode.Scalar>, to text: inout String, quoting: Bool = false) {
        var previous: Unicode.Scalar?
        var iterator = scalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            if quoting && (scalar == "\"" || scalar == "\\") { text += "\\" }
            if Validation.isInvisibleFormat(scalar)
                && !Validation.isInvisibleFormat(scalar, after: previous, before: next)
            {
                text.unicodeScalars.append(scalar)
            } else {
                append(scalar, to: &text)
            }
            (previous, current) = (scalar, next)
        }
    }

    /// Whether `scalar` is shown as an escape: a control character, or a zero-width or text-direction
    /// control (SPEC 20: U+202E in a name must not reverse the rest of a sync summary's line).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        Validation.isControl(scalar) || Validation.isInvisibleFormat(scalar)
    }

    /// Appends `scalar` to `text`, as its escape if it is one ``isEscaped(_:)`` names.
    static func append(_ scalar: Unicode.Scalar, to text: inout String) {
        guard isEscaped(scalar) else {
            text.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case "\u{1b}": text += "\\e"
        default: text += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }
}

extension Escape {
    /// A value in double quotes for an error detail or a conflict line (`item "Milk": ...`), ready to show: `"` and
    /// `\` backslash-escaped, control characters as ``forTerminal(_:)`` writes them, and a value longer than
    /// ``quotedValueLimit`` characters cut to that many with `…`. Public: the command line words merge conflicts.
    public static func quoted(_ text: String) -> String {
        var shown = Substring(text)
        if text.utf8.count > quotedValueLimit, text.count > quotedValueLimit {
            shown = text.prefix(quotedValueLimit - 1)
        }
        var result = "\""
        appendEscaped(shown.unicodeScalars, to: &result, quoting: true)
        return result + (shown.endIndex < text.endIndex ? "…\"" : "\"")
    }
}

/// ``Escape/quoted(_:)``, as ShopKit's own error details call it.
package func quoted(_ text: String) -> String {
    Escape.quoted(text)
}
