import ShopKit

extension HumanOutput {
    /// The most records a summary line names before `and N more` (SPEC 8.4: about 10 on a line).
    static let namedRecordsPerLine = 10

    /// `Milk ×3 (quantity), Eggs bought, + Rye bread, − Olive oil, store Hypermarket (walk)`.
    static func recordChanges(_ changes: RecordChanges) -> String {
        var all = changes.changes.filter { $0.kind != .purchase && $0.kind != .stock }
        // An item removed and one of its name created (a remove, then an add) is one thing to people:
        // `Ice cream re-added`, never `+ Ice cream, − Ice cream` (SPEC 16).
        let removedNames = Set(
            all.lazy.filter { $0.kind == .item && $0.change == .removed }.map { NameOrder.key($0.name) })
        let readded = Set(
            all.lazy.filter { $0.kind == .item && $0.change == .added }.map { NameOrder.key($0.name) }
        ).intersection(removedNames)
        if !readded.isEmpty {
            all.removeAll { $0.kind == .item && $0.change == .removed && readded.contains(NameOrder.key($0.name)) }
        }
        var words = all.prefix(namedRecordsPerLine).map { change in
            change.kind == .item && change.change == .added && readded.contains(NameOrder.key(change.name))
                ? Escape.forTerminal(change.name) + " re-added" : describe(change)
        }
        if all.count > namedRecordsPerLine { words.append("and \(all.count - namedRecordsPerLine) more") }
        // A purchase of an item the line already says was bought (`Eggs bought`) is not said twice; one
        // that came without it (a receipt entered later, an `unbuy`) is.
        let bought = Set(
            all.lazy.filter { $0.kind == .item && $0.onList == false && $0.changed(ItemKey.onList) }.map(\.name))
        let purchases = changes.changes.filter {
            $0.kind == .purchase && !($0.change == .added && bought.contains($0.name))
        }
        // Stock entries (`use Rice`), named like purchases, or counted when there are many.
        let stock = changes.changes.filter { $0.kind == .stock }
        let stockWords =
            stock.count <= namedPurchasesPerLine
            ? stock.map(describe) : ["+ \(stock.count) stock entries"]
        return (words + purchaseWords(purchases) + stockWords).joined(separator: ", ")
    }

    /// The most purchases a line names one by one; more are counted (`+ 165 purchases`), so a device that
    /// joins a household with years of purchases still reads its records.
    static let namedPurchasesPerLine = 3

    /// `+ purchase Milk`, `− purchase Eggs (unbuy)`, or their counts.
    private static func purchaseWords(_ purchases: [RecordChange]) -> [String] {
        var words: [String] = []
        for change in [RecordChange.Change.added, .removed] {
            let some = purchases.filter { $0.change == change }
            if some.count <= namedPurchasesPerLine {
                words += some.map(describe)
            } else {
                words.append(
                    change == .added ? "+ \(some.count) purchases" : "\u{2212} \(some.count) purchases (unbuy)")
            }
        }
        return words
    }

    /// One record: its name (escaped), what happened, and the changed fields in its table's words (`restock every`).
    static func describe(_ change: RecordChange) -> String {
        let kind =
            switch change.kind {
            case .item, .stock: ""
            case .recipeNeed: "recipe "
            default: change.kind.rawValue + " "
            }
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
        var words = change.words
        var text = name
        if change.changed(ItemKey.quantity), let quantity = change.quantity {
            // `×2` for a count, the amount itself otherwise (`1.5 kg`, `×2 + 3 cups`), as `list` shows it.
            text += quantity.wholeCount.map { " \u{00D7}\($0)" } ?? (quantity.isEmpty ? "" : " " + quantity.description)
        }
        if let move = change.listMove {
            text += " " + listMove(move)
            // The move says these already: "Milk bought", not "Milk bought (on the list, date bought)".
            words.removeAll { ["on the list", "date bought", "for recipes only"].contains($0) }
        }
        return words.isEmpty ? text : text + " (" + words.joined(separator: ", ") + ")"
    }

    /// How an item left the list or came back, in words: `bought` only for a purchase.
    static func listMove(_ move: RecordChange.ListMove) -> String {
        switch move {
        case .bought: "bought"
        case .dropped: "off the list"
        case .recipeTakenBack: "off the list (recipe taken back)"
        case .backOnList: "back on the list"
        }
    }

    /// `ahead of this clock: Milk bought 2029-11-28 by phone; ...`: a purchase dated more than a day ahead.
    static func aheadOfClock(_ purchase: Purchase) -> String {
        let by = purchase.by.map { " by " + Escape.forTerminal($0) } ?? ""
        return "ahead of this clock: \(Escape.forTerminal(purchase.name)) bought \(TimestampText.string(purchase.date))"
            + "\(by), more than a day after now; kept, and ignored by dates and restock until then"
    }

    /// `joined: Milk + milk (from laptop)`.
    static func joined(_ join: RecordJoin) -> String {
        let kind = join.kind == .item ? "" : join.kind.rawValue + " "
        let names = [join.ours, join.theirs].compactMap { $0 }.map(Escape.forTerminal).joined(separator: " + ")
        return "joined: " + kind + names + (join.from.isEmpty ? "" : " (from \(Escape.forTerminal(join.from)))")
    }

    /// `replaced: your note on Milk ("lactose free please") by laptop's later edit ("regular")`; a tie: no "later".
    static func replaced(_ replacement: Replacement) -> String {
        let kind = replacement.kind == .item ? "" : replacement.kind.rawValue + " "
        let edit = replacement.byTie ? "edit, made at the same time" : "later edit"
        return "replaced: your \(replacement.word) on \(kind)\(Escape.forTerminal(replacement.name)) "
            + "(\(Escape.forTerminal(replacement.lost))) by \(Escape.forTerminal(replacement.by))'s \(edit) "
            + "(\(Escape.forTerminal(replacement.kept)))"
    }
}
