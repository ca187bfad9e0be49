import ShopKit

extension HumanOutput {
    /// `shop purchased`: the history in the order given (name order): swatch, name, the last purchase
    /// day in `zone` (`never` when not bought), the line total when priced; then the total.
    /// - Parameter search: the SEARCH argument, named in the message when nothing matches.
    static func purchased(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, zone: DisplayZone, search: String? = nil
    ) -> String {
        guard !items.isEmpty else { return emptyHistory(search: search) }
        let rows = historyRows(
            items, in: list, style: style, zone: zone, indent: "", widths: columnWidths(items, style: style))
        return joined(rows) + totalSection(items)
    }

    /// `shop purchased --recent DAYS`: two sections, "Bought in the last N days" (N = 0: "Bought today")
    /// and "Earlier", aligned as one table; then the total of both.
    /// - Parameters:
    ///   - recent: the first half of `ShoppingList.splitRecent`, computed with `zone.calendar`.
    ///   - earlier: its second half.
    ///   - days: the DAYS value, for the heading.
    static func purchased(
        recent: [Item], earlier: [Item], days: Int, in list: ShoppingList, style: TerminalStyle, zone: DisplayZone,
        search: String? = nil
    ) -> String {
        let all = recent + earlier
        guard !all.isEmpty else { return emptyHistory(search: search) }
        let widths = columnWidths(all, style: style)
        var lines: [String] = []
        let recentTitle = days <= 0 ? "Bought today" : "Bought in the last " + count(days, "day", "days")
        for (title, items) in [(recentTitle, recent), ("Earlier", earlier)] {
            lines.append(style.bold(title))
            if items.isEmpty {
                lines.append("  " + style.dim("(none)"))
            } else {
                lines += historyRows(items, in: list, style: style, zone: zone, indent: "  ", widths: widths)
            }
        }
        return joined(lines) + totalSection(all)
    }

    /// What an empty history says.
    static func emptyHistory(search: String?) -> String {
        if let search, !search.isEmpty {
            return "No purchased item matches \"\(Escape.forTerminal(search))\".\n"
        }
        return "Nothing purchased yet.\n"
    }

    private static func historyRows(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, zone: DisplayZone, indent: String,
        widths: (label: Int, price: Int)
    ) -> [String] {
        items.map { item in
            let label = self.label(item, style: style)
            var line =
                indent + style.swatch(list.location(of: item).color)
                + pad(label.text, width: label.width, to: widths.label) + "  "
            if let date = item.dateLastPurchased {
                line += zone.day(date)
            } else {
                // "never" is as wide as a date once padded, so the price column stays put.
                line += style.dim("never") + "     "
            }
            if widths.price > 0 {
                line += "  " + padLeft(item.lineTotal?.description ?? "", to: widths.price)
            }
            return line
        }
    }
}
