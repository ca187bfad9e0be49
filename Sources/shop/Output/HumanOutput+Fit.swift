import ShopKit
import ShopTools

/// Fitting aligned lines to the terminal (SPEC section 9): the label column gives way first, then the
/// last column (a location); the final ``HumanOutput/joined(_:width:)`` cuts whatever a very narrow
/// terminal still cannot hold. Without a width (a pipe or a file) nothing here cuts anything.
extension HumanOutput {
    /// The widths of the label and price columns of a table of items.
    struct Columns {
        /// Cells of the label column (labels are padded to it).
        var label: Int
        /// Cells the label column would take on a pipe; more than ``label`` when the terminal is too narrow.
        var naturalLabel: Int
        /// Cells of the price column; 0 when no item has a price.
        var price: Int
        /// The cells the price column adds to a line, its two-space gap included.
        var priceBlock: Int { price > 0 ? 2 + price : 0 }
    }

    /// The label and price columns for `items`. On a terminal the label column is narrowed until the
    /// widest line fits: first down to ``minimumNameCells`` of every name (or the whole name, if shorter),
    /// while the `tail` still fits; then the tail is the one to give way (cut line by line); and only
    /// when the fixed columns alone leave no room do names shrink below that, to a bare `…`.
    /// - Parameters:
    ///   - other: the cells of everything on a line but the label, price and tail columns (indent,
    ///     swatch, a date column, with their gaps).
    ///   - tail: the cells of the widest last column that may be cut (a location name, with its gap).
    static func columns(
        _ items: [Item], style: TerminalStyle, other: Int, tail: Int = 0, lineTotal: (Item) -> Price? = { $0.lineTotal }
    ) -> Columns {
        var natural = 0
        var price = 0
        var minimum = 0
        var suffixes = 0
        for item in items {
            let suffix = labelSuffixWidth(item, style: style)
            let name = cellWidth(of: Escape.forTerminal(item.name))
            natural = max(natural, min(maximumLabelWidth, name + suffix))
            minimum = max(minimum, suffix + min(name, minimumNameCells))
            suffixes = max(suffixes, suffix + 1)
            if let total = lineTotal(item) { price = max(price, total.description.utf8.count) }
        }
        var columns = Columns(label: natural, naturalLabel: natural, price: price)
        if let width = style.width {
            let fixed = other + columns.priceBlock
            let room = max(minimum, width - fixed - tail)
            columns.label = min(natural, room, max(suffixes, width - fixed))
        }
        return columns
    }

    /// An item's label for a line whose other parts take `rest` cells. Whole on a pipe, and on a terminal
    /// when it fits its column, or when its line fits and the column kept its natural width (a name
    /// longer than ``maximumLabelWidth`` then overflows its column, as on a pipe). Otherwise the name is
    /// cut so that the label fills the column exactly and the line stays aligned with the others.
    static func fittedLabel(_ item: Item, style: TerminalStyle, columns: Columns, rest: Int) -> (
        text: String, width: Int
    ) {
        let whole = label(item, style: style)
        guard let width = style.width, whole.width > columns.label,
            whole.width + rest > width || columns.label < columns.naturalLabel
        else { return whole }
        return label(item, style: style, nameCells: columns.label - labelSuffixWidth(item, style: style))
    }

    /// The last text of a line that already takes `used` cells (its gap included): cut with `…` to what
    /// is left of the terminal's width, or `nil` when not one cell is left.
    static func fittedTail(_ text: String, used: Int, style: TerminalStyle) -> String? {
        guard let width = style.width else { return text }
        guard width - used >= 1 else { return nil }
        return CellText.truncate(text, to: width - used)
    }

    /// The swatch's cells: `● ` with colour, nothing without.
    static func swatchWidth(_ style: TerminalStyle) -> Int {
        style.usesColor ? 2 : 0
    }
}
