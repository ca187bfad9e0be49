import ShopKit

/// The confirmation a changing command writes to standard error ("Bought milk, eggs"), and with
/// `--json` the affected items on standard output, so a script gets ids back.
enum ChangeReport {
    /// Reports `outcomes` of one command against the list as it is after the change.
    /// - Parameters:
    ///   - changed: the verb for items that changed ("Bought").
    ///   - created: the verb for new items ("Added"), when the command creates any.
    ///   - unchanged: the note for items that were already as asked ("already bought").
    static func report(
        _ outcomes: [ItemOutcome], in list: ShoppingList, changed: String, created: String? = nil,
        unchanged: String, context: inout CommandContext
    ) {
        let items = outcomes.compactMap { list.item($0.id) }
        if context.wantsJSON {
            context.output += JSONOutput.items(items, in: list)
        }
        func names(_ kind: ItemOutcome.Kind) -> [String] {
            outcomes.filter { $0.kind == kind }.compactMap { list.item($0.id).map { Escape.forTerminal($0.name) } }
        }
        if let created, !names(.created).isEmpty { context.say("\(created) \(joined(names(.created)))") }
        if !names(.changed).isEmpty { context.say("\(changed) \(joined(names(.changed)))") }
        if !names(.unchanged).isEmpty { context.say("\(joined(names(.unchanged))): \(unchanged)") }
    }

    /// Names joined for one line; a long batch (`add -` of thousands) is summarised, not listed.
    static func joined(_ names: [String]) -> String {
        guard names.count > 10 else { return names.joined(separator: ", ") }
        return names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more"
    }
}
