import ShopKit

/// The confirmation a changing command writes to standard error ("Bought milk, eggs"), and with
/// `--json` the affected items on standard output, so a script gets ids back.
enum ChangeReport {
    /// Reports `outcomes` of one command against the list as it is after the change.
    /// - Parameters:
    ///   - changed: the verb for items that changed ("Bought").
    ///   - created: the verb for new items ("Added"), when the command creates any.
    ///   - unchanged: the note for items that were already as asked ("already bought").
    ///   - putBack: changed items that came back onto the list (for `add`, which otherwise only
    ///     updates items already on it); they are reported as `Back on the list:`.
    ///   - jsonKeepsUnchanged: whether `--json` lists items that were already as asked. `buy`,
    ///     `unbuy` and `(un)available` leave them out (nothing happened to them; standard error says
    ///     why); `add` and `edit` keep them, since the item named is what a script asks them for.
    ///   - jsonLogged: `buy` (SPEC 16): every item named is in `--json`, each with `"logged"` saying
    ///     whether a purchase was logged, and the line of those not logged is said even with `--quiet`.
    static func report(
        _ outcomes: [ItemOutcome], in list: ShoppingList, changed: String, created: String? = nil,
        unchanged: String, putBack: Set<Item.ID> = [], jsonKeepsUnchanged: Bool = false, jsonLogged: Bool = false,
        context: inout CommandContext
    ) {
        if context.wantsJSON, jsonLogged {
            context.output += JSONOutput.items(
                outcomes.compactMap { outcome in list.item(outcome.id).map { ($0, outcome.kind != .unchanged) } },
                in: list, flag: "logged")
        } else if context.wantsJSON {
            let affected = jsonKeepsUnchanged ? outcomes : outcomes.filter { $0.kind != .unchanged }
            context.output += JSONOutput.items(affected.compactMap { list.item($0.id) }, in: list)
        }
        func names(_ wanted: (ItemOutcome) -> Bool) -> [String] {
            outcomes.filter(wanted).compactMap { list.item($0.id).map { Escape.forTerminal($0.name) } }
        }
        let createdNames = names { $0.kind == .created }
        let backNames = names { $0.kind == .changed && putBack.contains($0.id) }
        let changedNames = names { $0.kind == .changed && !putBack.contains($0.id) }
        let unchangedNames = names { $0.kind == .unchanged }
        if let created, !createdNames.isEmpty { context.say("\(created) \(joined(createdNames))") }
        if !backNames.isEmpty { context.say("Back on the list: \(joined(backNames))") }
        if !changedNames.isEmpty { context.say("\(changed) \(joined(changedNames))") }
        if !unchangedNames.isEmpty {
            let line = "\(joined(unchangedNames)): \(unchanged)"
            if jsonLogged { context.sayEvenIfQuiet(line) } else { context.say(line) }
        }
    }

    /// Names joined for one line; a long batch (`add -` of thousands) is summarised, not listed.
    static func joined(_ names: [String]) -> String {
        guard names.count > 10 else { return names.joined(separator: ", ") }
        return names.prefix(8).joined(separator: ", ") + " and \(names.count - 8) more"
    }
}
