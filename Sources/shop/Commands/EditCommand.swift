import ShopKit

/// `shop edit NAME [options]`: changes one item.
enum EditCommand {
    /// `shop edit`.
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change an item.",
        arguments: [CommandTable.itemName],
        options: [
            .string("name", value: "<name>", help: "A new name."),
            CommandTable.quantityOption, CommandTable.locationOption,
            CommandTable.priceOption, .flag("no-price", help: "Remove the price."),
            CommandTable.starOption, .flag("unstar", help: "No longer a favourite."),
            CommandTable.noteOption, .flag("no-note", help: "Remove the note."),
            CommandTable.everyOption, .flag("no-every", help: "Stop restocking it automatically."),
            .json("the changed item"),
        ],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        try ItemChangeOptions.refuseConflicts(invocation)
        let name = invocation.positionals[0]
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            var changes = try ItemChangeOptions.changes(from: invocation, in: list)
            changes.name = invocation.string("name")
            return [try list.edit(list.resolveItem(name, in: .all), changes)]
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", unchanged: "nothing to change", jsonKeepsUnchanged: true,
            context: &context)
    }
}
