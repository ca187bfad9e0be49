/// How error messages repeat a value (a name, a location, an option's word, a path): escaped, and at
/// most ``maximumCells`` cells of it, cut with `…` (SPEC section 9). A mistyped 100,000-character name
/// must not come back as 100,000 characters of error. Every error message, ``ErrorReport`` and usage
/// errors alike, quotes through here.
enum Quoted {
    /// The most cells of one value an error message repeats.
    static let maximumCells = 60

    /// `'value'`, escaped and cut to ``maximumCells`` cells.
    static func value(_ text: String) -> String {
        "'" + shown(text) + "'"
    }

    /// The value escaped and cut to ``maximumCells`` cells, without quotes.
    static func shown(_ text: String) -> String {
        CellText.truncate(Escape.forTerminal(text), to: maximumCells)
    }

    /// `'path'`, escaped and cut in the middle: the start says where, the end names the file.
    static func path(_ text: String) -> String {
        "'" + CellText.truncateMiddle(Escape.forTerminal(text), to: maximumCells) + "'"
    }

    /// `detail` (a message from ShopKit, such as `line 3, column 9: item "…": "quantity" must be an
    /// integer`) with each double-quoted run longer than ``maximumCells`` cells cut, its closing quote
    /// kept. ShopKit writes those runs already escaped (`\"` inside), and never prints, so the cut is made
    /// here, where the message is shown.
    static func shorteningQuotedRuns(in detail: String) -> String {
        guard detail.utf8.count > maximumCells else { return Escape.forTerminal(detail) }
        var result = ""
        var index = detail.startIndex
        while let open = detail[index...].firstIndex(of: "\"") {
            result += detail[index...open]
            // The closing quote is the next one not escaped by a backslash.
            var close = detail.index(after: open)
            var escaped = false
            while close < detail.endIndex, escaped || detail[close] != "\"" {
                escaped = !escaped && detail[close] == "\\"
                close = detail.index(after: close)
            }
            result += CellText.truncate(String(detail[detail.index(after: open)..<close]), to: maximumCells)
            // An unterminated run (a message cut short) is shortened all the same.
            guard close < detail.endIndex else { return Escape.forTerminal(result) }
            result += "\""
            index = detail.index(after: close)
        }
        result += detail[index...]
        return Escape.forTerminal(result)
    }
}
