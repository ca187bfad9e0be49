import ShopKit
import ShopTools

extension HumanOutput {
    /// `shop stores`: one line per store in name order: `*` for the current one (as `git branch` marks
    /// the checked-out branch), the name, how many locations it walks and how many items on the list it covers.
    static func stores(in list: ShoppingList, current: Store.ID?, style: TerminalStyle) -> String {
        let stores = list.storesInNameOrder
        guard !stores.isEmpty else {
            return "No stores yet.\nAdd one with: shop store add NAME LOCATION... (its locations in walking order)\n"
        }
        return markedRows(
            stores.map { Escape.forTerminal($0.name) }, current: stores.firstIndex { $0.id == current },
            left: stores.map { count($0.locationIDs.count, "location", "locations") },
            right: stores.map { "\(list.onListCount(at: $0))" }, trailer: " on list", style: style)
    }

    /// The rows of `shop stores` and `shop lists`: each name (the current one marked `*`, as `git branch` marks the
    /// checked-out branch, and bold), a column aligned left and one aligned right, each as wide as its widest cell,
    /// then `trailer`.
    private static func markedRows(
        _ names: [String], current: Int?, left: [String], right: [String], trailer: String = "",
        style: TerminalStyle
    ) -> String {
        let nameWidth = min(maximumLabelWidth, names.map(cellWidth(of:)).max() ?? 0)
        let leftWidth = left.map(\.count).max() ?? 0
        let rightWidth = right.map(\.count).max() ?? 0
        let lines = names.indices.map { index in
            let name = index == current ? style.bold(names[index]) : names[index]
            return (index == current ? "* " : "  ") + pad(name, width: cellWidth(of: names[index]), to: nameWidth)
                + "  " + pad(left[index], width: left[index].count, to: leftWidth) + "  "
                + padLeft(right[index], to: rightWidth) + trailer
        }
        return joined(lines, width: style.width)
    }

    /// `shop store show`: the store's name (marked current when it is), its walk numbered from 1 with
    /// each location's on-list count, the Unknown Location last, then the locations it does not have.
    static func store(_ store: Store, in list: ShoppingList, current: Store.ID?, style: TerminalStyle) -> String {
        let counts = list.itemCounts()
        let walk = list.walk(at: store).locations(in: list)
        let positions = walk.map { $0.isUnknown ? "–" : "\((store.locationIDs.firstIndex(of: $0.id) ?? 0) + 1)" }
        let names = walk.map { Escape.forTerminal($0.name) }
        let positionWidth = positions.map(\.count).max() ?? 1
        let nameWidth = min(maximumLabelWidth, names.map(cellWidth(of:)).max() ?? 0)
        var lines = [
            style.bold(Escape.forTerminal(store.name))
                + (store.id == current ? style.dim(" (current)") : "")
        ]
        for (index, location) in walk.enumerated() {
            lines.append(
                "  " + padLeft(positions[index], to: positionWidth) + "  " + style.swatch(location.color)
                    + pad(names[index], to: nameWidth) + "  "
                    + "\(counts[location.id]?.onList ?? 0) on list")
        }
        lines.append("")
        lines.append("On the list here: " + count(list.onListCount(at: store), "item", "items"))
        let walked = Set(walk.map(\.id))
        let missing = list.locationsInVisitationOrder.filter { !walked.contains($0.id) }
        if !missing.isEmpty {
            lines.append(
                style.dim("Not at this store: " + missing.map { Escape.forTerminal($0.name) }.joined(separator: ", ")))
        }
        return joined(lines, width: style.width)
    }

    /// `shop lists`: every list by name with the number of items on it and their total, the current one marked.
    static func lists(in list: ShoppingList, current: NamedList.ID, style: TerminalStyle) -> String {
        let lists = list.listsInNameOrder
        let summaries = lists.map { list.listSummary($0.id) }
        return markedRows(
            lists.map { Escape.forTerminal($0.name) }, current: lists.firstIndex { $0.id == current },
            left: summaries.map { count($0.count, "item", "items") },
            right: summaries.map { Money.text(cents: $0.totalCents) }, style: style)
    }
}
