import ShopKit

/// How error messages repeat a value (a name, a location, an option's word, a path): escaped, and at most
/// ``maximumCells`` cells of it, cut with `…` (SPEC section 9). A mistyped 100,000-character name must not come back as
/// 100,000 characters of error. Every error message, ``ErrorReport`` and usage errors alike, quotes through here.
enum Quoted {
    /// The most cells of one value an error message repeats.
    static let maximumCells = Escape.quotedValueLimit

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
}
