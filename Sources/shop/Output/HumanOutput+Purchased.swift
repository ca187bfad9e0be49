import ShopKit
import ShopTools

extension HumanOutput {
    /// `shop purchased`: the history in the order given (name order): swatch, name, the last purchase
    /// day in `zone` (`never` when not bought), the line total when priced; then the total.
    /// - Parameter search: the SEARCH argument, named in the message when nothing matches.
    /// - Parameter paid: what was paid at each item's latest purchase (SPEC section 12), shown as its line
    ///   total; without it, the item's own line total.
    static func purchased(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, zone: DisplayZone, search: String? = nil,
        paid: PaidTotals = PaidTotals()
    ) -> String {
        guard !items.isEmpty else { return emptyHistory(search: search, style: style) }
        let columns = columns(items, style: style, other: swatchWidth(style) + 2 + dayWidth, lineTotal: paid.total)
        let rows = historyRows(items, in: list, style: style, zone: zone, indent: "", columns: columns, paid: paid)
        return joined(rows, width: style.width) + totalSection(items, width: style.width, paid: paid)
    }

    /// `shop purchased --recent DAYS`: two sections, "Bought in the last N days" (N = 0: "Bought today")
    /// and "Earlier", aligned as one table; then the total of both.
    /// - Parameters:
    ///   - recent: the first half of `ShoppingList.splitRecent`, computed with `zone.calendar`.
    ///   - earlier: its second half.
    ///   - days: the DAYS value, for the heading.
    static func purchased(
        recent: [Item], earlier: [Item], days: Int, in list: ShoppingList, style: TerminalStyle, zone: DisplayZone,
        search: String? = nil, paid: PaidTotals = PaidTotals()
    ) -> String {
        let all = recent + earlier
        guard !all.isEmpty else { return emptyHistory(search: search, style: style) }
        let columns = columns(all, style: style, other: 2 + swatchWidth(style) + 2 + dayWidth, lineTotal: paid.total)
        var lines: [String] = []
        let recentTitle = days <= 0 ? "Bought today" : "Bought in the last " + count(days, "day", "days")
        for (title, items) in [(recentTitle, recent), ("Earlier", earlier)] {
            lines.append(style.bold(title))
            if items.isEmpty {
                lines.append("  " + style.dim("(none)"))
            } else {
                lines += historyRows(
                    items, in: list, style: style, zone: zone, indent: "  ", columns: columns, paid: paid)
            }
        }
        return joined(lines, width: style.width) + totalSection(all, width: style.width, paid: paid)
    }

    /// What an empty history says; on a terminal, a long search is cut to fit the line.
    static func emptyHistory(search: String?, style: TerminalStyle = .plain) -> String {
        if let search, !search.isEmpty {
            let before = "No purchased item matches \""
            // The search gets what the words and the closing `".` leave of the line.
            let shown = fittedTail(Escape.forTerminal(search), used: before.utf8.count + 2, style: style) ?? ""
            return fitted(before + shown + "\".\n", width: style.width)
        }
        return fitted("Nothing purchased yet.\n", width: style.width)
    }

    /// The cells of a day (`2026-11-22`), and of `never` padded to it.
    static let dayWidth = 10

    private static func historyRows(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, zone: DisplayZone, indent: String,
        columns: Columns, paid: PaidTotals
    ) -> [String] {
        let rest = cellWidth(of: indent) + swatchWidth(style) + 2 + dayWidth + columns.priceBlock
        return items.map { item in
            let label = fittedLabel(item, style: style, columns: columns, rest: rest)
            var line =
                indent + style.swatch(list.location(of: item).color)
                + pad(label.text, width: label.width, to: columns.label) + "  "
            if let date = item.dateLastPurchased {
                line += zone.day(date)
            } else {
                // "never" is as wide as a date once padded, so the price column stays put.
                line += style.dim("never") + "     "
            }
            if columns.price > 0 {
                line += "  " + padLeft(paid.total(item)?.description ?? "", to: columns.price)
            }
            return line
        }
    }
}

/// What was paid at each item's latest purchase (SPEC section 12: `purchased` shows it, not today's price ×
/// today's amount). Items bought before the log, or never, show their own line total.
struct PaidTotals {
    var byItem: [Item.ID: Price?] = [:]

    /// The latest purchase of each item in `log` (by date, then log order) gives its line total.
    init(log: [Purchase] = []) {
        var latest: [Item.ID: Purchase] = [:]
        for purchase in log where (latest[purchase.itemID]?.date ?? .distantPast) <= purchase.date {
            latest[purchase.itemID] = purchase
        }
        byItem = latest.mapValues(\.lineTotal)
    }

    func total(_ item: Item) -> Price? {
        if let paid = byItem[item.id] { return paid }
        return item.lineTotal
    }
}
