import ShopKit

/// `shop store edit NAME --name NEW`: renames a store.
enum StoreEditCommand {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Rename a store.",
        arguments: [CommandTable.storeName],
        options: [CommonOptions.name.spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        guard let newName = context.options[CommonOptions.name] else {
            throw context.usageError("Missing expected option '--name <name>'")
        }
        let (before, after) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let id = try list.resolveStore(reference)
            return (list.store(id)!, try list.renameStore(id, to: newName))
        }
        context.say(
            before == after
                ? "Store \(Escape.forTerminal(after.name)): nothing to change"
                : "Renamed store \(Escape.forTerminal(before.name)) to \(Escape.forTerminal(after.name))")
    }
}
