import ShopKit

/// `shop store use NAME` / `shop store use --none`: saves (or clears) the current store.
enum StoreUseCommand {
    static let spec = CommandSpec(
        name: "use",
        abstract: "Make a store this device's current one, kept in the device file (--none: no store).",
        arguments: [CommandTable.storeName],
        options: [none.spec],
        argumentsOptionalWith: "none",
        data: .writes(log: false),
        run: run
    )

    static let none = OptionKey<Bool>.flag("none", help: "Clear the current store.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let none = context.options[Self.none]
        let reference = context.invocation.positional(0)
        if none && reference != nil {
            throw context.usageError("'--none' cannot be combined with a store name")
        }
        let (changed, current) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let id = try reference.map { (name) throws(ShopError) in try workspace.list.resolveStore(name) }
            let changed = try workspace.device.useStore(id, in: workspace.list)
            return (changed, workspace.currentStore)
        }
        guard let current else {
            context.say(changed ? "No store is current now" : "No store was current")
            return
        }
        let name = Escape.forTerminal(current.name)
        context.say(changed ? "Now shopping at \(name)" : "\(name) was already the current store")
    }
}
