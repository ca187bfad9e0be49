import ShopKit

/// `shop edit NAME [options]`: changes one item.
enum EditCommand {
    /// `shop edit`.
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change an item.",
        arguments: [CommandTable.itemName],
        options: [CommonOptions.name.spec] + ItemOptions.specs + [CommonOptions.json("the changed item").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = ItemOptions(context.options)
        let newName = context.options[CommonOptions.name]
        try options.refuseConflicts(command: context.invocation.commandPath)
        let name = context.invocation.positionals[0]
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            var changes = try options.changes(in: list)
            changes.name = newName
            return [try list.edit(list.resolveItem(name, in: .all), changes)]
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", unchanged: "nothing to change", jsonKeepsUnchanged: true,
            context: &context)
    }
}
