import ShopKit

/// `shop lists [--json]` and `shop lists add|rename|remove|use` (SPEC section 22): the household's named lists.
/// An item is one record whatever list it is on; these commands only name, rename and choose lists.
enum ListsCommand {
    static let spec = NamedRecordCommand.listing(
        name: "lists", abstract: "Show the lists with their counts and totals; add, rename, remove or choose one.",
        discussion: """
            Every item is one record, on at most one list at a time. Each list shows the number of items on \
            it and their total; '*' marks this device's current list. The list a command works on is --list, \
            else $SHOP_LIST, else the current list ('shop lists use'). 'shop mv NAME... LIST' moves items.
            """,
        json: "the lists", subcommands: [add, rename, remove, use]
    ) { list, context in
        let current = context.deviceState.currentList(in: list).id
        return context.wantsJSON
            ? JSONOutput.lists(in: list, current: current)
            : HumanOutput.lists(in: list, current: current, style: context.style)
    }

    /// The argument that names a list.
    static let listName = ArgumentSpec(name: "<list>", help: "The list (a name, a prefix or id:HEX).")

    static let add = CommandSpec(
        name: "add",
        abstract: "Add an empty list.",
        arguments: [ArgumentSpec(name: "<name>", help: "The new list's name.")],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let name = context.invocation.positionals[0]
        let added = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            try list.addList(named: name)
        }
        context.say("Added list \(Escape.forTerminal(added.name))")
    }

    static let rename = CommandSpec(
        name: "rename",
        abstract: "Rename a list; its items stay on it.",
        arguments: [listName, ArgumentSpec(name: "<name>", help: "The list's new name.")],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let (reference, newName) = (context.invocation.positionals[0], context.invocation.positionals[1])
        try NamedRecordCommand.rename(NamedList.self, reference, to: newName, &context)
    }

    static let moveTo = OptionKey<String>.string(
        "move-to", value: "<list>", help: "Move the items on the list to this list first.")

    static let remove = CommandSpec(
        name: "remove",
        abstract: "Remove a list: an empty one, or one whose items --move-to moves to another list.",
        arguments: [listName],
        options: [moveTo.spec],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        let target = context.options[Self.moveTo]
        let (removed, moved, into, nowCurrent) = try context.updateWorkspace {
            (workspace: inout Workspace) throws(ShopError) in
            let id = try workspace.list.resolveList(reference)
            let destination = try target.map { (name) throws(ShopError) in try workspace.list.resolveList(name) }
            if destination == id { throw .listMovedToItself(workspace.list.namedList(id)!.name) }
            let wasCurrent = workspace.device.currentList(in: workspace.list).id == id
            let (removed, moved) = try workspace.list.removeList(id, moveTo: destination)
            var nowCurrent: NamedList?
            if wasCurrent {
                // This device's current list is gone: the first list left by name is current (SPEC 22).
                let first = workspace.list.listsInNameOrder[0]
                try workspace.device.useList(first.id, in: workspace.list)
                nowCurrent = first
            }
            return (removed, moved, destination.flatMap { workspace.list.namedList($0) }, nowCurrent)
        }
        var line = "Removed list \(Escape.forTerminal(removed.name))"
        if let into, moved > 0 {
            line += "; moved \(HumanOutput.count(moved, "item", "items")) to \(Escape.forTerminal(into.name))"
        }
        if let nowCurrent { line += "; \(Escape.forTerminal(nowCurrent.name)) is the current list now" }
        context.say(line)
    }

    static let use = CommandSpec(
        name: "use",
        abstract: "Make a list this device's current one, kept in the device file.",
        arguments: [listName],
        data: .writes(log: false)
    ) { (context: inout CommandContext) throws(CommandFailure) in
        let reference = context.invocation.positionals[0]
        let (changed, current) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let id = try workspace.list.resolveList(reference)
            let changed = try workspace.device.useList(id, in: workspace.list)
            return (changed, workspace.list.namedList(id)!)
        }
        let name = Escape.forTerminal(current.name)
        context.say(changed ? "Now working on \(name)" : "\(name) was already the current list")
    }
}
