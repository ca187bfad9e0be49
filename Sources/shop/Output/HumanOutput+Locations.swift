import ShopKit
import ShopTools

extension HumanOutput {
    /// `shop locations`: every location in visitation order: the order (`–` for the Unknown Location,
    /// which has none a person could set), swatch, name, item count and on-list count. The Unknown
    /// Location comes last, marked `(unknown)`. On a terminal the name column gives way first.
    static func locations(in list: ShoppingList, style: TerminalStyle) -> String {
        let locations = list.locationsInVisitationOrder
        let counts = list.itemCounts()
        let orders = locations.map { $0.isUnknown ? "–" : "\($0.visitationOrder)" }
        let names = locations.map { Escape.forTerminal($0.name) }
        let nameWidths = names.map { cellWidth(of: $0) }
        let orderWidth = orders.map { cellWidth(of: $0) }.max() ?? 1
        let itemWidth = counts.values.map { String($0.items).count }.max() ?? 1
        let onListWidth = counts.values.map { String($0.onList).count }.max() ?? 1
        // Everything but the name: order, gap, swatch, name gap, "N items  ", "N on list".
        let rest = orderWidth + 2 + swatchWidth(style) + 2 + itemWidth + 8 + onListWidth + 8
        let naturalWidth = min(maximumLabelWidth, nameWidths.max() ?? 0)
        var nameWidth = naturalWidth
        if let width = style.width {
            // The counts are what the table is for: names give way, down to a bare `…` on a tiny terminal.
            nameWidth = min(naturalWidth, max(1, width - rest))
        }
        var lines: [String] = []
        for (index, location) in locations.enumerated() {
            let count = counts[location.id] ?? (0, 0)
            var name = names[index]
            var shownWidth = nameWidths[index]
            if let width = style.width, shownWidth > nameWidth, shownWidth + rest > width || nameWidth < naturalWidth {
                name = CellText.truncate(name, to: nameWidth)
                shownWidth = cellWidth(of: name)
            }
            var line = padLeft(orders[index], to: orderWidth) + "  " + style.swatch(location.color)
            line += pad(name, width: shownWidth, to: nameWidth) + "  "
            line += padLeft("\(count.items)", to: itemWidth) + (count.items == 1 ? " item   " : " items  ")
            line += padLeft("\(count.onList)", to: onListWidth) + " on list"
            // The tag only where it fits whole: the order column's `–` already marks the Unknown Location.
            let used = max(shownWidth, nameWidth) + rest + 11
            if location.isUnknown && used <= style.width ?? used { line += "  " + style.dim("(unknown)") }
            lines.append(line)
        }
        return joined(lines, width: style.width)
    }

    /// `shop location show`: the location's fields, then each of its items in name order with where it
    /// stands (`on list`, the last purchase day, or `never`).
    static func location(_ location: Location, in list: ShoppingList, style: TerminalStyle, zone: DisplayZone) -> String
    {
        let items = list.nameOrder(list.items.filter { $0.locationID == location.id })
        let onList = items.reduce(0) { $0 + ($1.onList ? 1 : 0) }
        let fields: [(String, String)] = [
            ("Order", location.isUnknown ? "– (the Unknown Location, always last)" : "\(location.visitationOrder)"),
            ("Colour", location.color.hex),
            ("Items", count(items.count, "item", "items") + ", \(onList) on list"),
            ("ID", location.id.description),
        ]
        var lines = [header(location.name, color: location.color, style: style)]
        lines += fieldLines(fields, style: style)
        guard !items.isEmpty else { return joined(lines, width: style.width) }
        lines.append("")
        // Indent, then the status column: "on list", a day or "never", each padded to a day's width.
        let other = 2 + 2 + dayWidth
        let columns = columns(items, style: style, other: other)
        for item in items {
            let label = fittedLabel(item, style: style, columns: columns, rest: other + columns.priceBlock)
            var line = "  " + pad(label.text, width: label.width, to: columns.label) + "  "
            if item.onList {
                line += "on list   "
            } else {
                line += style.dim(item.dateLastPurchased.map(zone.day) ?? "never")
                line += item.dateLastPurchased == nil ? "     " : ""
            }
            if columns.price > 0 { line += "  " + padLeft(item.lineTotal?.description ?? "", to: columns.price) }
            lines.append(line)
        }
        return joined(lines, width: style.width)
    }
}
