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
        let names = stores.map { Escape.forTerminal($0.name) }
        let nameWidth = min(maximumLabelWidth, names.map(cellWidth(of:)).max() ?? 0)
        let walks = stores.map { count($0.locationIDs.count, "location", "locations") }
        let walkWidth = walks.map(\.count).max() ?? 0
        let onList = stores.map { "\(list.onListCount(at: $0))" }
        let onListWidth = onList.map(\.count).max() ?? 0
        var lines: [String] = []
        for (index, store) in stores.enumerated() {
            let marker = store.id == current ? "* " : "  "
            let name = store.id == current ? style.bold(names[index]) : names[index]
            lines.append(
                marker + pad(name, width: cellWidth(of: names[index]), to: nameWidth) + "  "
                    + pad(walks[index], width: walks[index].count, to: walkWidth)
                    + "  " + padLeft(onList[index], to: onListWidth) + " on list")
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
                    + pad(names[index], width: cellWidth(of: names[index]), to: nameWidth) + "  "
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
}

extension HumanOutput {
    /// `shop lists`: every list by name with the number of items on it and their total, the current one marked.
    static func lists(in list: ShoppingList, current: NamedList.ID, style: TerminalStyle) -> String {
        let lists = list.listsInNameOrder
        let names = lists.map { Escape.forTerminal($0.name) }
        let nameWidth = min(maximumLabelWidth, names.map(cellWidth(of:)).max() ?? 0)
        let summaries = lists.map { list.listSummary($0.id) }
        let counts = summaries.map { count($0.count, "item", "items") }
        let countWidth = counts.map(\.count).max() ?? 0
        let totals = summaries.map { Money.text(cents: $0.totalCents) }
        let totalWidth = totals.map(\.count).max() ?? 0
        var lines: [String] = []
        for (index, named) in lists.enumerated() {
            let marker = named.id == current ? "* " : "  "
            let name = named.id == current ? style.bold(names[index]) : names[index]
            lines.append(
                marker + pad(name, width: cellWidth(of: names[index]), to: nameWidth) + "  "
                    + pad(counts[index], width: counts[index].count, to: countWidth) + "  "
                    + padLeft(totals[index], to: totalWidth))
        }
        return joined(lines, width: style.width)
    }
}
