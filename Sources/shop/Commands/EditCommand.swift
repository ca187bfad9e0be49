import ShopKit

/// `shop edit NAME [options]`: changes one item.
enum EditCommand {
    /// `shop edit`.
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change an item.",
        arguments: [CommandTable.itemName],
        options: [
            CommonOptions.name.spec,
            CommonOptions.amount.spec, CommonOptions.location.spec,
            CommonOptions.price.spec, noPrice.spec,
            CommonOptions.star.spec, unstar.spec,
            CommonOptions.note.spec, noNote.spec,
            CommonOptions.every.spec, noEvery.spec,
            CommonOptions.pantry.spec, noPantry.spec,
            CommonOptions.pack.spec, noPack.spec,
            CommonOptions.json("the changed item").spec,
        ],
        data: .writes(log: false),
        run: run
    )

    /// `--no-price`: the opposite of `--price`.
    static let noPrice = OptionKey<Bool>.flag("no-price", help: "Remove the price.")
    /// `--unstar`: the opposite of `--star`.
    static let unstar = OptionKey<Bool>.flag("unstar", help: "No longer a favourite.")
    /// `--no-note`: the opposite of `--note`.
    static let noNote = OptionKey<Bool>.flag("no-note", help: "Remove the note.")
    /// `--no-every`: the opposite of `--every`.
    static let noEvery = OptionKey<Bool>.flag("no-every", help: "Stop restocking it automatically.")

    /// `--no-pack`: the opposite of `--pack`.
    static let noPack = OptionKey<Bool>.flag("no-pack", help: "No longer bought in packs.")

    /// `--no-pantry`: the opposite of `--pantry`.
    static let noPantry = OptionKey<Bool>.flag("no-pantry", help: "No longer a pantry staple.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = context.options
        try ItemChangeOptions.refuseConflicts(options, command: context.invocation.commandPath)
        let name = context.invocation.positionals[0]
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            var changes = try ItemChangeOptions.changes(from: options, in: list)
            changes.name = options[CommonOptions.name]
            return [try list.edit(list.resolveItem(name, in: .all), changes)]
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", unchanged: "nothing to change", jsonKeepsUnchanged: true,
            context: &context)
    }
}
