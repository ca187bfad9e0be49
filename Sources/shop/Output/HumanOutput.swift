import ShopKit
import ShopTools

/// Renderers for people at a terminal: short lines meant to be read at a glance in a store aisle.
///
/// Every function is pure: it takes values and a ``TerminalStyle`` and returns the text, ending with a
/// newline, for the caller to write. Every name and note passes through ``Escape/forTerminal(_:)``.
/// Columns are aligned in terminal cells (``cellWidth(of:)``), so wide scripts and emoji line up too.
/// When the style has a width (standard output is a terminal), lines are fitted to it: the name column
/// gives way first, then the location column; prices, quantities and dates stay whole.
enum HumanOutput {
    /// Names longer than this are not padded to, so one long name cannot push every other line apart.
    static let maximumLabelWidth = 40
    /// The fewest cells of a name a fitted column keeps (the `…` included) before other columns give way.
    static let minimumNameCells = 8

    /// An item's name with its quantity (`×2`, above 1 only) and star: the part of a line that identifies it.
    ///
    /// Unavailable items are struck through with colour on; with colour off ` (unavailable)` says it
    /// in words, since plain text cannot strike.
    /// - Parameter nameCells: when given, the name is cut with `…` to at most this many cells (at least
    ///   one); the quantity, star and `(unavailable)` stay whole.
    /// - Returns: the decorated text and its width on screen.
    static func label(_ item: Item, style: TerminalStyle, nameCells: Int? = nil) -> (text: String, width: Int) {
        var name = Escape.forTerminal(item.name)
        if let nameCells { name = CellText.truncate(name, to: max(1, nameCells)) }
        // The amount is formatted once per label: on a long list of amounts it is most of a line's cost.
        let amount = AmountText.suffix(item)
        let core = name + amount
        var text = item.isAvailable ? core : style.strike(core)
        if item.starred { text += " ★" }
        if !item.isAvailable && !style.usesColor { text += " (unavailable)" }
        return (text, cellWidth(of: name) + labelSuffixWidth(item, style: style, amount: amount))
    }

    /// The cells of a label beside the name: ` ×N`, ` ★` and ` (unavailable)`, which are never cut.
    /// - Parameter amount: ``AmountText/suffix(_:)`` of the item, when the caller has it already.
    static func labelSuffixWidth(_ item: Item, style: TerminalStyle, amount: String? = nil) -> Int {
        var width = cellWidth(of: amount ?? AmountText.suffix(item))
        if item.starred { width += 2 }
        if !item.isAvailable && !style.usesColor { width += 14 }
        return width
    }

    /// `text` followed by spaces up to `column`, given that it is `width` cells wide on screen.
    static func pad(_ text: String, width: Int, to column: Int) -> String {
        width >= column ? text : text + String(repeating: " ", count: column - width)
    }

    /// `text` followed by spaces up to `column` cells.
    static func pad(_ text: String, to column: Int) -> String {
        pad(text, width: cellWidth(of: text), to: column)
    }

    /// Spaces before `text` up to `column` cells (numbers and prices line up on their right edge).
    static func padLeft(_ text: String, to column: Int) -> String {
        let width = cellWidth(of: text)
        return width >= column ? text : String(repeating: " ", count: column - width) + text
    }

    /// `"1 item"`, `"3 items"`.
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) " + (number == 1 ? singular : plural)
    }

    /// The `Total: 12.34` line (after a blank one) when any of `items` has a price; empty otherwise.
    /// - Parameter width: the terminal's width, if any (only a terminal a dozen cells wide cuts it).
    static func totalSection(_ items: [Item], width: Int? = nil, paid: PaidTotals = PaidTotals()) -> String {
        guard let total = Money.total(items, lineTotal: paid.total) else { return "" }
        return "\n" + fitted("Total: \(total)\n", width: width)
    }

    /// The closing total of a list view: `Total: 12.34` (after a blank line). At a store, the total is
    /// of the items at the store's locations (what this trip costs), followed by `Not at STORE: 16.38` for
    /// the priced items elsewhere, when there are any. Empty when no item has a price.
    static func totalSection(_ view: ListView, width: Int? = nil) -> String {
        let totals = view.totals
        guard let all = totals.all else { return "" }
        guard let store = view.store else { return "\n" + fitted("Total: \(Money.text(cents: all))\n", width: width) }
        var text = "Total: \(Money.text(cents: totals.atStore ?? 0))\n"
        if let rest = totals.elsewhere {
            text += "Not at \(Escape.forTerminal(store.name)): \(Money.text(cents: rest))\n"
        }
        return "\n" + fitted(text, width: width)
    }

    /// Text of whole lines, each cut to `width` cells if it is wider (for fixed messages and totals).
    static func fitted(_ text: String, width: Int?) -> String {
        guard let width else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return joined(lines, width: width)
    }

    /// Lines joined with newlines, trailing spaces dropped, ending with a newline.
    /// - Parameter width: when given, any line still wider than this many cells is cut with `…` (the
    ///   layouts fit their columns first; this holds the promise on terminals too narrow for them).
    static func joined(_ lines: [String], width: Int? = nil) -> String {
        var result = ""
        for line in lines {
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            if let width {
                result += CellText.clip(String(line), to: width)
            } else {
                result += line
            }
            result += "\n"
        }
        return result
    }
}
