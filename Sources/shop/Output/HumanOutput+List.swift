import ShopKit

extension HumanOutput {
    /// `shop list`: one line per item, in the order given (the caller passes walking order):
    /// swatch, name, `×N`, `★`, the line total (quantity × price) when priced, and the location dimmed.
    /// Ends with the total when any item has a price; an empty list gets a hint instead.
    ///
    /// At a store, the first line names it, and the items at locations it lacks follow under a
    /// `Not at STORE:` heading.
    static func list(_ items: [Item], in list: ShoppingList, style: TerminalStyle, store: Store? = nil) -> String {
        guard let store else {
            guard !items.isEmpty else { return emptyList }
            let rows = itemRows(items, in: list, style: style, showLocation: true, indent: "")
            return joined(rows) + totalSection(items)
        }
        guard !items.isEmpty else { return joined([storeHeading(store, style: style)]) + emptyList }
        let walk = list.walk(at: store)
        let widths = columnWidths(items, style: style)
        let here = items.filter { walk.isAtStore($0.locationID) }
        let elsewhere = items.filter { !walk.isAtStore($0.locationID) }
        var lines = [storeHeading(store, style: style)]
        lines += itemRows(here, in: list, style: style, showLocation: true, indent: "", widths: widths)
        if !elsewhere.isEmpty {
            if !here.isEmpty { lines.append("") }
            lines.append(notAtStoreHeading(store, style: style))
            lines += itemRows(elsewhere, in: list, style: style, showLocation: true, indent: "", widths: widths)
        }
        return joined(lines) + totalSection(items)
    }

    /// `At Corner market`: the first line of a list shown at a store.
    static func storeHeading(_ store: Store, style: TerminalStyle) -> String {
        style.bold("At " + Escape.forTerminal(store.name))
    }

    /// `Not at Corner market:`: the heading over items whose location the store lacks.
    static func notAtStoreHeading(_ store: Store, style: TerminalStyle) -> String {
        style.bold("Not at " + Escape.forTerminal(store.name) + ":")
    }

    /// `shop list --by-location`: a `Dairy (3)` header with swatch per location that has items, its items
    /// indented below, then the total.
    /// At a store, the first line names it and the locations it lacks come last, under `Not at STORE:`.
    static func listByLocation(_ items: [Item], in list: ShoppingList, style: TerminalStyle, store: Store? = nil)
        -> String
    {
        let heading = store.map { [storeHeading($0, style: style)] } ?? []
        guard !items.isEmpty else { return joined(heading) + emptyList }
        let groups = list.groupedByLocation(items, at: store)
        // One width for every group, so prices line up down the whole page.
        let widths = columnWidths(items, style: style)
        var lines = heading
        for (index, group) in groups.enumerated() {
            if let store, !group.isAtStore, index == 0 || groups[index - 1].isAtStore {
                if index > 0 { lines.append("") }
                lines.append(notAtStoreHeading(store, style: style))
            }
            let name = Escape.forTerminal(group.location.name)
            lines.append(style.swatch(group.location.color) + style.bold(name) + " (\(group.items.count))")
            lines += itemRows(group.items, in: list, style: style, showLocation: false, indent: "  ", widths: widths)
        }
        return joined(lines) + totalSection(items)
    }

    /// What an empty list says: friendly, and how to fill it.
    static let emptyList = "Nothing on the list.\nAdd something with: shop add NAME\n"

    /// The widths of the label and price columns for a set of items.
    static func columnWidths(_ items: [Item], style: TerminalStyle) -> (label: Int, price: Int) {
        var label = 0
        var price = 0
        for item in items {
            label = max(label, min(maximumLabelWidth, self.label(item, style: style).width))
            if let total = item.lineTotal { price = max(price, total.description.count) }
        }
        return (label, price)
    }

    /// One aligned line per item: `indent`, swatch, label, price column, location column.
    static func itemRows(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, showLocation: Bool, indent: String,
        widths: (label: Int, price: Int)? = nil
    ) -> [String] {
        let widths = widths ?? columnWidths(items, style: style)
        return items.map { item in
            let label = self.label(item, style: style)
            var line =
                indent + style.swatch(list.location(of: item).color)
                + pad(label.text, width: label.width, to: widths.label)
            if widths.price > 0 {
                line += "  " + padLeft(item.lineTotal?.description ?? "", to: widths.price)
            }
            if showLocation {
                line += "  " + style.dim(Escape.forTerminal(list.location(of: item).name))
            }
            return line
        }
    }
}
