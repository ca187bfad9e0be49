import ShopKit

extension HumanOutput {
    /// `shop locations`: every location in visitation order: the order (`–` for the Unknown Location,
    /// which has none a person could set), swatch, name, item count and on-list count. The Unknown
    /// Location comes last, marked `(unknown)`.
    static func locations(in list: ShoppingList, style: TerminalStyle) -> String {
        let locations = list.locationsInVisitationOrder
        let counts = list.itemCounts()
        let orders = locations.map { $0.isUnknown ? "–" : "\($0.visitationOrder)" }
        let names = locations.map { Escape.forTerminal($0.name) }
        let orderWidth = orders.map(\.count).max() ?? 1
        let nameWidth = min(maximumLabelWidth, names.map(\.count).max() ?? 0)
        let itemWidth = counts.values.map { String($0.items).count }.max() ?? 1
        let onListWidth = counts.values.map { String($0.onList).count }.max() ?? 1
        var lines: [String] = []
        for (index, location) in locations.enumerated() {
            let count = counts[location.id] ?? (0, 0)
            var line = padLeft(orders[index], to: orderWidth) + "  " + style.swatch(location.color)
            line += pad(names[index], width: names[index].count, to: nameWidth) + "  "
            line += padLeft("\(count.items)", to: itemWidth) + (count.items == 1 ? " item   " : " items  ")
            line += padLeft("\(count.onList)", to: onListWidth) + " on list"
            if location.isUnknown { line += "  " + style.dim("(unknown)") }
            lines.append(line)
        }
        return joined(lines)
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
        var lines = [style.swatch(location.color) + style.bold(Escape.forTerminal(location.name))]
        lines += fieldLines(fields, style: style)
        guard !items.isEmpty else { return joined(lines) }
        lines.append("")
        let widths = columnWidths(items, style: style)
        for item in items {
            let label = self.label(item, style: style)
            var line = "  " + pad(label.text, width: label.width, to: widths.label) + "  "
            if item.onList {
                line += "on list   "
            } else {
                line += style.dim(item.dateLastPurchased.map(zone.day) ?? "never")
                line += item.dateLastPurchased == nil ? "     " : ""
            }
            if widths.price > 0 { line += "  " + padLeft(item.lineTotal?.description ?? "", to: widths.price) }
            lines.append(line)
        }
        return joined(lines)
    }
}
