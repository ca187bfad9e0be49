import ShopKit

/// `shop store remove NAME`: deletes a store; items and locations are untouched.
enum StoreRemoveCommand {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove a store; items and locations are not touched.",
        arguments: [CommandTable.storeName],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let (removed, wasCurrent) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let id = try workspace.list.resolveStore(reference)
            let wasCurrent = workspace.currentStore?.id == id
            return (try workspace.list.removeStore(id), wasCurrent)
        }
        context.say(
            "Removed store \(Escape.forTerminal(removed.name))" + (wasCurrent ? "; no store is current now" : ""))
    }
}
