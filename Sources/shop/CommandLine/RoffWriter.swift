/// Builds roff source for the `man` macros, escaping text so that `groff -man -ww` renders it as written
/// and without a warning.
///
/// Text lines never start with `.` or `'` (a control line) unescaped, backslashes are written `\e`,
/// characters outside ASCII as `\[uXXXX]` (groff reads its input as Latin-1 unless told otherwise), and
/// the hyphens of options as `\-`, which every man renderer keeps as a plain minus so that a copied
/// `--quantity` still works. Prose hyphens (`e-mail`) stay hyphens.
struct RoffWriter {
    private(set) var lines: [String] = []

    /// The source, ending with a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A request or macro line, written as given (`.TH ...`, `.TP`).
    mutating func request(_ line: String) {
        lines.append(line)
    }

    /// `.SH TITLE`.
    mutating func section(_ title: String) {
        lines.append(".SH " + title)
    }

    /// `.SS "title"`: `title` is code (a command path).
    mutating func subsection(_ title: String) {
        lines.append(".SS \"" + Self.escape(title, code: true).replacing("\"", with: "\\(dq") + "\"")
    }

    /// A paragraph of prose (`.PP` before it unless `first`).
    mutating func paragraph(_ prose: String, first: Bool = false) {
        if !first { lines.append(".PP") }
        lines.append(Self.line(Self.escape(prose, code: false)))
    }

    /// An indented paragraph under a tag (`.TP`): `tag` is formatted roff (see ``code(_:)``).
    mutating func tagged(_ tag: String, _ prose: String) {
        lines += [".TP", Self.line(tag), Self.line(Self.escape(prose, code: false))]
    }

    /// Lines shown as typed, indented (for examples).
    mutating func literal(_ examples: [String]) {
        lines += [".PP", ".RS 4", ".nf"]
        lines += examples.map { Self.line(Self.escape($0, code: true)) }
        lines += [".fi", ".RE"]
    }

    /// A formatted line: `\&` keeps a leading `.` or `'` from being read as a request.
    static func line(_ formatted: String) -> String {
        formatted.hasPrefix(".") || formatted.hasPrefix("'") ? "\\&" + formatted : formatted
    }

    /// Command-line text in fonts: `<placeholders>` in italics, options and command words in bold,
    /// brackets and `...` in roman, each piece kept on one line (`\ ` joins its words).
    static func code(_ pieces: [String], boldWords: Int = 0) -> String {
        pieces.enumerated().map { index, piece in
            var result = ""
            var placeholder = false
            var word = ""
            func flush() {
                guard !word.isEmpty else { return }
                let escaped = escape(word, code: true)
                let font = placeholder ? "\\fI" : word.hasPrefix("-") || index < boldWords ? "\\fB" : ""
                result += font.isEmpty ? escaped : font + escaped + "\\fR"
                word = ""
            }
            for character in piece {
                switch character {
                case "<":
                    flush()
                    placeholder = true
                case ">":
                    flush()
                    placeholder = false
                case "[", "]", ",", "|":
                    flush()
                    result.append(character)
                case " ":
                    flush()
                    result += "\\ "
                default: word.append(character)
                }
            }
            flush()
            return result
        }.joined(separator: " ")
    }

    /// `text` with roff's special characters escaped. In `code`, every hyphen is a minus (`\-`); in prose
    /// only those of words that start with one (`--every`, `-q`), so `e-mail` keeps its hyphen.
    static func escape(_ text: String, code: Bool) -> String {
        var result = ""
        var optionWord = code
        var previous: Character = " "
        for character in text {
            if !code && (previous == " " || previous == "(" || previous == "'") {
                optionWord = character == "-"
            }
            if !code && character == " " { optionWord = false }
            previous = character
            switch character {
            case "\\": result += "\\e"
            case "-": result += optionWord ? "\\-" : "-"
            case _ where character.isASCII: result.append(character)
            default:
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        return result
    }
}
