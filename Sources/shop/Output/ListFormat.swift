import ShopKit

/// `shop list --format`: colour-free output for scripts, mail and print.
///
/// `--by-location` changes none of them: `text` and `markdown` are grouped by location by definition
/// (SPEC section 3), and `csv` is one row per item in walking order with a `location` column, which is
/// already everything a spreadsheet needs to group.
enum ListFormat: String, CaseIterable, Sendable {
    case text
    case markdown
    case csv

    /// Renders the view in this format.
    /// - Parameter width: the terminal's width, when standard output is one. Only `text`, which is read by
    ///   people, is fitted to it; Markdown and CSV are data for other programs and are never cut.
    func render(_ view: ListView, in list: ShoppingList, width: Int? = nil) -> String {
        switch self {
        case .text: ScriptOutput.text(view, width: width)
        case .markdown: ScriptOutput.markdown(view)
        case .csv: ScriptOutput.csv(view.items) { list.location(of: $0).name }
        }
    }
}
