import ShopKit
import ShopTools

extension HumanOutput {
    /// `shop list`: one line per item, in walking order: swatch, name, `×N`, `★`, the line total
    /// (quantity × price) when priced, and the location dimmed. Ends with the total when any item has a
    /// price; an empty list gets a hint instead.
    ///
    /// At a store, the first line names it, and the items at locations it lacks follow under a
    /// `Not at STORE:` heading; the total is of the items at the store, those elsewhere get their own line.
    static func list(_ view: ListView, in list: ShoppingList, style: TerminalStyle) -> String {
        let items = view.items
        let heading = view.store.map { [storeHeading($0, style: style)] } ?? []
        guard !items.isEmpty else { return joined(heading, width: style.width) + fitted(emptyList, width: style.width) }
        guard view.store != nil else {
            let rows = itemRows(items, in: list, style: style, showLocation: true, indent: "")
            return joined(rows, width: style.width) + totalSection(view, width: style.width)
        }
        let walk = view.walk
        // One set of columns for both parts, so prices line up down the whole page.
        let columns = columns(
            items, style: style, other: swatchWidth(style), tail: 2 + widestLocationName(items, in: list, style: style))
        let here = items.filter { walk.isAtStore($0.locationID) }
        let elsewhere = items.filter { !walk.isAtStore($0.locationID) }
        var lines = heading
        lines += itemRows(here, in: list, style: style, showLocation: true, indent: "", columns: columns)
        if let store = view.store, !elsewhere.isEmpty {
            if !here.isEmpty { lines.append("") }
            lines.append(notAtStoreHeading(store, style: style))
            lines += itemRows(elsewhere, in: list, style: style, showLocation: true, indent: "", columns: columns)
        }
        return joined(lines, width: style.width) + totalSection(view, width: style.width)
    }

    /// `At Corner market`: the first line of a list shown at a store.
    static func storeHeading(_ store: Store, style: TerminalStyle) -> String {
        style.bold("At " + Escape.forTerminal(store.name))
    }

    /// `Not at Corner market:`: the heading over items whose location the store lacks.
    static func notAtStoreHeading(_ store: Store, style: TerminalStyle) -> String {
        style.bold("Not at " + Escape.forTerminal(store.name) + ":")
    }

    /// The widest location name among the items' locations, in cells (0 when nothing is fitted).
    static func widestLocationName(_ items: [Item], in list: ShoppingList, style: TerminalStyle) -> Int {
        guard style.width != nil else { return 0 }
        var widths: [Location.ID: Int] = [:]
        for item in items where widths[item.locationID] == nil {
            widths[item.locationID] = cellWidth(of: Escape.forTerminal(list.location(of: item).name))
        }
        return widths.values.max() ?? 0
    }

    /// `shop list --by-location`: a `Dairy (3)` header with swatch per location that has items, its items indented
    /// below, then the total. At a store, the first line names it and the locations it lacks come last.
    static func listByLocation(_ view: ListView, in list: ShoppingList, style: TerminalStyle) -> String {
        let (items, groups, store) = (view.items, view.groups, view.store)
        let heading = store.map { [storeHeading($0, style: style)] } ?? []
        guard !items.isEmpty else { return joined(heading, width: style.width) + fitted(emptyList, width: style.width) }
        // One set of columns for every group, so prices line up down the whole page.
        let columns = columns(items, style: style, other: 2 + swatchWidth(style))
        var lines = heading
        for (index, group) in groups.enumerated() {
            if let store, !group.isAtStore, index == 0 || groups[index - 1].isAtStore {
                if index > 0 { lines.append("") }
                lines.append(notAtStoreHeading(store, style: style))
            }
            let count = " (\(group.items.count))"
            var name = Escape.forTerminal(group.location.name)
            name = fittedTail(name, used: swatchWidth(style) + count.utf8.count, style: style) ?? ""
            lines.append(style.swatch(group.location.color) + style.bold(name) + count)
            lines += itemRows(group.items, in: list, style: style, showLocation: false, indent: "  ", columns: columns)
        }
        return joined(lines, width: style.width) + totalSection(view, width: style.width)
    }

    /// What an empty list says: friendly, and how to fill it.
    static let emptyList = "Nothing on the list.\nAdd something with: shop add NAME\n"

    /// One aligned line per item: `indent`, swatch, label, price column, location column.
    /// - Parameter columns: shared columns (for several groups of one page); computed from `items` if `nil`.
    static func itemRows(
        _ items: [Item], in list: ShoppingList, style: TerminalStyle, showLocation: Bool, indent: String,
        columns: Columns? = nil
    ) -> [String] {
        let lead = cellWidth(of: indent) + swatchWidth(style)
        // Location names, escaped and measured once per location rather than once per item.
        var locationNames: [Location.ID: (text: String, width: Int)] = [:]
        func locationName(_ item: Item) -> (text: String, width: Int) {
            if let known = locationNames[item.locationID] { return known }
            let text = Escape.forTerminal(list.location(of: item).name)
            let name = (text, style.width == nil ? 0 : cellWidth(of: text))
            locationNames[item.locationID] = name
            return name
        }
        let widest = showLocation ? widestLocationName(items, in: list, style: style) : 0
        let columns = columns ?? self.columns(items, style: style, other: lead, tail: showLocation ? 2 + widest : 0)
        return items.map { item in
            let location = showLocation ? locationName(item) : (text: "", width: 0)
            let tail = showLocation ? 2 + location.width : 0
            let label = fittedLabel(item, style: style, columns: columns, rest: lead + columns.priceBlock + tail)
            var line =
                indent + style.swatch(list.location(of: item).color)
                + pad(label.text, width: label.width, to: columns.label)
            if columns.price > 0 {
                line += "  " + padLeft(item.lineTotal?.description ?? "", to: columns.price)
            }
            let used = lead + max(label.width, columns.label) + columns.priceBlock + 2
            if showLocation, let name = fittedTail(location.text, used: used, style: style) {
                line += "  " + style.dim(name)
            }
            return line
        }
    }
}

extension HumanOutput {
    /// The note `list` gives once for each pair of names a data file holds that now compare equal
    /// (SPEC 20), with the command that renames the one a name no longer reaches.
    static func lookAlikeNote(_ pair: LookAlikeNames) -> String {
        let command = pair.kind == .location ? "shop location edit" : "shop edit"
        let prefix = String(pair.other.id.prefix(8)).lowercased()
        return "Note: \(pair.kind.rawValue)s \(Quoted.value(pair.kept.name)) and \(Quoted.value(pair.other.name)) "
            + "now count as one name; rename one: \(command) id:\(prefix) --name NEW"
    }
}
