import ShopTools

/// Cutting text to a number of terminal cells, always between grapheme clusters, marked with `…`.
enum CellText {
    /// The mark of a cut: one cell wide.
    static let ellipsis: Character = "…"

    /// `text` if it fits in `cells`, else its longest beginning that fits with `…` after it.
    /// A cut never falls inside a grapheme cluster, so an accent stays on its letter and a family emoji
    /// is kept or dropped whole. A wide character that would straddle the edge goes, leaving a cell free.
    static func truncate(_ text: String, to cells: Int) -> String {
        guard cellWidth(of: text) > cells else { return text }
        guard cells > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let width = CellWidth.of(character)
            if used + width > cells - 1 { break }
            result.append(character)
            used += width
        }
        result.append(ellipsis)
        return result
    }

    /// `text` if it fits in `cells`, else its beginning and its end with `…` between them (for paths).
    static func truncateMiddle(_ text: String, to cells: Int) -> String {
        guard cellWidth(of: text) > cells else { return text }
        guard cells > 1 else { return truncate(text, to: cells) }
        let tailBudget = (cells - 1) / 2
        var tail: [Character] = []
        var used = 0
        for character in text.reversed() {
            let width = CellWidth.of(character)
            if used + width > tailBudget { break }
            tail.append(character)
            used += width
        }
        let head = truncate(text, to: cells - used)
        return head + String(tail.reversed())
    }

    /// The cells a styled line takes on screen: SGR escape sequences (`ESC [ ... m`, all shop writes) take none.
    static func visibleWidth(_ line: String) -> Int {
        guard line.utf8.contains(0x1B) else { return cellWidth(of: line) }
        var total = 0
        var scanner = EscapeScanner()
        for character in line where !scanner.consumes(character) { total += CellWidth.of(character) }
        return total
    }

    /// A styled line cut to `cells` on screen with `…`, keeping its escape sequences balanced: the
    /// guarantee, after the layouts have given their names less room, that no line outgrows the terminal.
    static func clip(_ line: String, to cells: Int) -> String {
        guard visibleWidth(line) > cells else { return line }
        var result = ""
        var used = 0
        var scanner = EscapeScanner()
        var styled = false
        for character in line {
            if scanner.consumes(character) {
                result.append(character)
                styled = true
                continue
            }
            let width = CellWidth.of(character)
            if used + width > cells - 1 { break }
            result.append(character)
            used += width
        }
        if cells > 0 { result.append(ellipsis) }
        return styled ? result + TerminalStyle.reset : result
    }

    /// Recognises `ESC [ parameters final` one Character at a time.
    private struct EscapeScanner {
        private var state = 0  // 0: text, 1: after ESC, 2: inside the parameters

        /// Whether `character` belongs to an escape sequence.
        mutating func consumes(_ character: Character) -> Bool {
            switch state {
            case 0:
                guard character == "\u{1b}" else { return false }
                state = 1
            case 1:
                state = character == "[" ? 2 : 0
            default:
                // Parameters and intermediates are 0x20...0x3F; the final byte is 0x40...0x7E.
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { state = 0 }
            }
            return true
        }
    }
}
