import ShopKit

/// `shop store add|order|edit|remove|show|use|learn`, and `shop stores`. The group does not run by itself;
/// `use` and `learn` have files of their own.
enum StoreCommand {
    static let spec = CommandSpec(
        name: "store",
        abstract: "Add, reorder, rename, remove, show, choose a store, or learn its walk.",
        discussion: """
            A store is a named walking order over your locations: at a store, 'shop list' walks its \
            locations in its order, then the Unknown Location, then the items at locations the store does \
            not have. The store in effect is --store, else $SHOP_STORE, else the current store \
            ('shop store use').
            """,
        subcommands: [add, StoreOrderCommand.spec, edit, remove, show, StoreUseCommand.spec, StoreLearnCommand.spec]
    )

    /// `shop stores [--json]`: every store by name, the current one marked.
    static let listing = NamedRecordCommand.listing(
        name: "stores", abstract: "List the stores by name, the current one marked.", json: "the stores"
    ) { list, context in
        let current = context.currentStore(in: list)?.id
        return context.wantsJSON
            ? JSONOutput.stores(in: list, current: current)
            : HumanOutput.stores(in: list, current: current, style: context.style)
    }

    /// `shop store add NAME [LOCATION...]`: a new store walking the locations given, in that order.
    static let add = CommandSpec(
        name: "add",
        abstract: "Add a store that walks the given locations in order.",
        arguments: [
            ArgumentSpec(name: "<name>", help: "The new store's name."),
            ArgumentSpec(
                name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
                isOptional: true, isRepeatable: true),
        ],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let name = context.invocation.positionals[0]
        let walk = Array(context.invocation.positionals.dropFirst())
        let added = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            try list.addStore(
                named: name,
                walking: walk.map { (reference) throws(ShopError) in try list.resolveLocation(reference) })
        }
        context.say(
            "Added store \(Escape.forTerminal(added.name)) (\(HumanOutput.count(added.locationIDs.count, "location", "locations")))"
        )
    }

    /// `shop store edit NAME --name NEW`: renames a store.
    static let edit = CommandSpec(
        name: "edit",
        abstract: "Rename a store.",
        arguments: [CommandTable.storeName],
        options: [CommonOptions.name.spec],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        guard let newName = context.options[CommonOptions.name] else {
            throw context.usageError("Missing expected option '--name <name>'")
        }
        try NamedRecordCommand.rename(Store.self, reference, to: newName, &context)
    }

    /// `shop store remove NAME`: deletes a store; items and locations are untouched.
    static let remove = CommandSpec(
        name: "remove",
        abstract: "Remove a store; items and locations are not touched.",
        arguments: [CommandTable.storeName],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        let (removed, wasCurrent) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let id = try workspace.list.resolveStore(reference)
            let wasCurrent = workspace.currentStore?.id == id
            return (try workspace.list.removeStore(id), wasCurrent)
        }
        context.say(
            "Removed store \(Escape.forTerminal(removed.name))" + (wasCurrent ? "; no store is current now" : ""))
    }

    /// `shop store show NAME [--json]`: one store's walk with on-list counts.
    static let show = NamedRecordCommand.show(
        abstract: "Show a store's walking order with the number of items on the list at each location.",
        argument: CommandTable.storeName, json: "the store",
        find: { list, name throws(ShopError) in list.store(try list.resolveStore(name))! }
    ) { store, list, context in
        let current = context.currentStore(in: list)?.id
        return context.wantsJSON
            ? JSONOutput.store(store, in: list, current: current)
            : HumanOutput.store(store, in: list, current: current, style: context.style)
    }
}

/// `shop store order NAME LOCATION...`: replaces a store's walking order.
enum StoreOrderCommand {
    static let spec = CommandSpec(
        name: "order",
        abstract: "Replace a store's walking order.",
        arguments: [CommandTable.storeName, CommandTable.walkingOrder],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let walk = Array(context.invocation.positionals.dropFirst())
        let (before, after) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let id = try list.resolveStore(reference)
            let before = list.store(id)!
            let ids = try walk.map { (name) throws(ShopError) in try list.resolveLocation(name) }
            return (before, try list.orderStore(id, walking: ids))
        }
        context.say(
            before == after
                ? "Store \(Escape.forTerminal(after.name)): the walking order is unchanged"
                : "New walking order for \(Escape.forTerminal(after.name)) (\(HumanOutput.count(after.locationIDs.count, "location", "locations")))"
        )
    }
}
