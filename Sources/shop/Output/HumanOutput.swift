import ShopKit

/// Renderers for people at a terminal: short lines meant to be read at a glance in a store aisle.
///
/// Every function is pure: it takes values and a ``TerminalStyle`` and returns the text, ending with a
/// newline, for the caller to write. Every name and note passes through ``Escape/forTerminal(_:)``.
/// Columns are aligned by `Character` count, which is right for the scripts groceries are written in;
/// East Asian wide characters and emoji may shift a column by a cell.
enum HumanOutput {
    /// Names longer than this are not padded to, so one long name cannot push every other line apart.
    static let maximumLabelWidth = 40

    /// An item's name with its quantity (`×2`, above 1 only) and star: the part of a line that identifies it.
    ///
    /// Unavailable items are struck through with colour on; with colour off ` (unavailable)` says it
    /// in words, since plain text cannot strike.
    /// - Returns: the decorated text and its width on screen.
    static func label(_ item: Item, style: TerminalStyle) -> (text: String, width: Int) {
        var core = Escape.forTerminal(item.name)
        if item.quantity > 1 { core += " ×\(item.quantity)" }
        var width = core.count
        var text = item.isAvailable ? core : style.strike(core)
        if item.starred {
            text += " ★"
            width += 2
        }
        if !item.isAvailable && !style.usesColor {
            text += " (unavailable)"
            width += 14
        }
        return (text, width)
    }

    /// `text` followed by spaces up to `column`, given that it is `width` wide on screen.
    static func pad(_ text: String, width: Int, to column: Int) -> String {
        width >= column ? text : text + String(repeating: " ", count: column - width)
    }

    /// Spaces before `text` up to `column` (numbers and prices line up on their right edge).
    static func padLeft(_ text: String, to column: Int) -> String {
        let width = text.count
        return width >= column ? text : String(repeating: " ", count: column - width) + text
    }

    /// `"1 item"`, `"3 items"`.
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) " + (number == 1 ? singular : plural)
    }

    /// The `Total: 12.34` line (after a blank one) when any of `items` has a price; empty otherwise.
    static func totalSection(_ items: [Item]) -> String {
        guard let total = Money.total(items) else { return "" }
        return "\nTotal: \(total)\n"
    }

    /// Lines joined with newlines, trailing spaces dropped, ending with a newline.
    static func joined(_ lines: [String]) -> String {
        var result = ""
        for line in lines {
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            result += line
            result += "\n"
        }
        return result
    }
}
