import ShopKit

extension HumanOutput {
    /// The most records a summary line names before `and N more` (SPEC 8.4: about 10 on a line).
    static let namedRecordsPerLine = 10

    /// `Milk ×3 (quantity), Eggs bought, + Rye bread, − Olive oil, store Hypermarket (walk)`.
    static func recordChanges(_ changes: RecordChanges) -> String {
        let all = changes.changes
        var words = all.prefix(namedRecordsPerLine).map(describe)
        if all.count > namedRecordsPerLine { words.append("and \(all.count - namedRecordsPerLine) more") }
        return words.joined(separator: ", ")
    }

    /// One record: its name (escaped), what happened, and the fields that changed in words.
    static func describe(_ change: RecordChange) -> String {
        let kind = change.kind == .item ? "" : change.kind.rawValue + " "
        let name = kind + Escape.forTerminal(change.name)
        if change.kind == .purchase {
            // `+ purchase Milk` (bought on the other side), `− purchase Milk (unbuy)`.
            return change.change == .removed ? "\u{2212} " + name + " (unbuy)" : "+ " + name
        }
        switch change.change {
        case .added: return "+ " + name
        case .removed: return "\u{2212} " + name
        case .changed: break
        }
        var fields = change.fields
        var text = name
        if fields.contains("quantity"), let quantity = change.quantity {
            // `×2` for a count, the amount itself otherwise (`1.5 kg`, `×2 + 3 cups`), as `list` shows it.
            text += quantity.wholeCount.map { " \u{00D7}\($0)" } ?? (quantity.isEmpty ? "" : " " + quantity.description)
        }
        if fields.contains("onList"), let onList = change.onList {
            text += onList ? " back on the list" : " bought"
            fields.removeAll { $0 == "onList" || $0 == "dateLastPurchased" }
        }
        let words = fields.map(fieldWord)
        return words.isEmpty ? text : text + " (" + words.joined(separator: ", ") + ")"
    }

    private static func fieldWord(_ field: String) -> String {
        switch field {
        case "locationIds": "walk"
        case "locationId": "location"
        case "visitationOrder": "order"
        case "isAvailable": "availability"
        case "dateLastPurchased": "date bought"
        case "every": "restock"
        case "starred": "star"
        case "color": "colour"
        case "name": "renamed"
        default: field
        }
    }
}
