import ShopKit

/// `shop remove NAME...`: deletes items for good.
enum RemoveCommand {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Delete items for good ('shop undo' brings them back); their purchases stay in the history.",
        arguments: [CommandTable.itemNames("The items to delete")],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let removed = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            try list.remove(list.resolveItems(names, in: .all))
        }
        context.say("Removed \(ChangeReport.joined(removed.map { Escape.forTerminal($0.name) }))")
    }
}
