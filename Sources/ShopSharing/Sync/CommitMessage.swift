/// The subject of `sync`'s commits (SPEC 14): what changed, named as people would say it, grouped by
/// what was done: `buy Milk, Eggs; add Bread; edit Jam (restock every)`.
public enum CommitMessage {
    /// The most records a subject names before `and N more`, so that `git log --oneline` stays one line.
    static let namedRecords = 8

    /// The subject for `changes`; empty when there are none.
    public static func subject(_ changes: RecordChanges) -> String {
        var groups: [(verb: String, names: [String])] = []
        func add(_ verb: String, _ name: String) {
            if let index = groups.firstIndex(where: { $0.verb == verb }) {
                groups[index].names.append(name)
            } else {
                groups.append((verb, [name]))
            }
        }
        for change in changes.changes {
            // A purchase is said by its item (`buy Milk`); one alone (bought again, off the list) is logged.
            if change.kind == .purchase {
                if !groups.contains(where: { $0.verb == "buy" && $0.names.contains(change.name) }) {
                    add(change.change == .removed ? "unbuy" : "log a purchase of", change.name)
                }
                continue
            }
            // A stock entry is said as it was done: `use Rice`, `stock add Milk`.
            if change.kind == .stock {
                add("log", change.name)
                continue
            }
            let prefix = change.kind == .item ? "" : Self.word(change.kind) + " "
            switch change.change {
            case .added: add(prefix + "add", change.name)
            case .removed: add(prefix + "remove", change.name)
            case .changed:
                let moved = change.listMove.map(verb)
                let words = change.words.filter { word in
                    // The move says these already: "buy Milk", not "edit Milk (on the list, date bought)".
                    moved == nil || !Self.saidByMove.contains(word)
                }
                if let moved { add(moved, change.name) }
                if !words.isEmpty { add(prefix + "edit", change.name + " (" + words.joined(separator: ", ") + ")") }
            }
        }
        var named = 0
        var parts: [String] = []
        var left = 0
        for group in groups {
            let room = max(0, namedRecords - named)
            let names = group.names.prefix(room)
            left += group.names.count - names.count
            named += names.count
            if !names.isEmpty { parts.append(group.verb + " " + names.joined(separator: ", ")) }
        }
        return parts.joined(separator: "; ") + (left > 0 ? "; and \(left) more" : "")
    }

    /// The words a list move covers (the item table's `on the list`, `date bought`, `for recipes only`).
    static let saidByMove: Set<String> = ["on the list", "date bought", "for recipes only"]

    static func verb(_ move: RecordChange.ListMove) -> String {
        switch move {
        case .bought: "buy"
        case .dropped: "drop"
        case .recipeTakenBack: "recipe took back"
        case .backOnList: "put back"
        }
    }

    static func word(_ kind: RecordChange.Kind) -> String {
        switch kind {
        case .item: "item"
        case .location: "location"
        case .store: "store"
        case .list: "list"
        case .learnedWord: "learned word"
        case .recipe: "recipe"
        case .recipeNeed: "recipe need"
        case .purchase: "purchase"
        case .stock: "stock"
        }
    }
}
