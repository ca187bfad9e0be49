import ShopKit

/// `shop store add NAME [LOCATION...]`: a new store walking the locations given, in that order.
enum StoreAddCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let name = context.invocation.positionals[0]
        let walk = Array(context.invocation.positionals.dropFirst())
        let store = try attempt { try context.store() }
        let added = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.addStore(
                    named: name,
                    walking: walk.map { (reference) throws(ShopError) in try list.resolveLocation(reference) })
            }
        }
        context.say(
            "Added store \(Escape.forTerminal(added.name)) (\(HumanOutput.count(added.locationIDs.count, "location", "locations")))"
        )
    }
}

/// `shop store order NAME LOCATION...`: replaces a store's walking order.
enum StoreOrderCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let walk = Array(context.invocation.positionals.dropFirst())
        let store = try attempt { try context.store() }
        let (before, after) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let id = try list.resolveStore(reference)
                let before = list.store(id)!
                let ids = try walk.map { (name) throws(ShopError) in try list.resolveLocation(name) }
                return (before, try list.orderStore(id, walking: ids))
            }
        }
        context.say(
            before == after
                ? "Store \(Escape.forTerminal(after.name)): the walking order is unchanged"
                : "New walking order for \(Escape.forTerminal(after.name)) (\(HumanOutput.count(after.locationIDs.count, "location", "locations")))"
        )
    }
}

/// `shop store edit NAME --name NEW`: renames a store.
enum StoreEditCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        guard let newName = context.invocation.string("name") else {
            throw .usage(
                UsageError(
                    message: "Missing expected option '--name <name>'", commandPath: context.invocation.commandPath))
        }
        let store = try attempt { try context.store() }
        let (before, after) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let id = try list.resolveStore(reference)
                return (list.store(id)!, try list.renameStore(id, to: newName))
            }
        }
        context.say(
            before == after
                ? "Store \(Escape.forTerminal(after.name)): nothing to change"
                : "Renamed store \(Escape.forTerminal(before.name)) to \(Escape.forTerminal(after.name))")
    }
}

/// `shop store remove NAME`: deletes a store; items and locations are untouched.
enum StoreRemoveCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let store = try attempt { try context.store() }
        let (removed, wasCurrent) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let id = try list.resolveStore(reference)
                let wasCurrent = list.currentStoreID == id
                return (try list.removeStore(id), wasCurrent)
            }
        }
        context.say(
            "Removed store \(Escape.forTerminal(removed.name))" + (wasCurrent ? "; no store is current now" : ""))
    }
}

/// `shop store use NAME` / `shop store use --none`: saves (or clears) the current store.
enum StoreUseCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let none = context.invocation.flag("none")
        let reference = context.invocation.positional(0)
        if none && reference != nil {
            throw .usage(
                UsageError(
                    message: "'--none' cannot be combined with a store name",
                    commandPath: context.invocation.commandPath))
        }
        let store = try attempt { try context.store() }
        let (changed, current) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let id = try reference.map { (name) throws(ShopError) in try list.resolveStore(name) }
                let changed = try list.useStore(id)
                return (changed, list.currentStore)
            }
        }
        guard let current else {
            context.say(changed ? "No store is current now" : "No store was current")
            return
        }
        let name = Escape.forTerminal(current.name)
        context.say(changed ? "Now shopping at \(name)" : "\(name) was already the current store")
    }
}

/// `shop stores [--json]`: every store by name, the current one marked.
enum StoresCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try context.readData()
        context.output +=
            context.wantsJSON
            ? JSONOutput.stores(in: list)
            : HumanOutput.stores(in: list, style: context.style)
    }
}

/// `shop store show NAME [--json]`: one store's walk with on-list counts.
enum StoreShowCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let list = try context.readData()
        let store = list.store(try attempt { try list.resolveStore(reference) })!
        context.output +=
            context.wantsJSON
            ? JSONOutput.store(store, in: list)
            : HumanOutput.store(store, in: list, style: context.style)
    }
}
