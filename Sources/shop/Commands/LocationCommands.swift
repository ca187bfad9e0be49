import ShopKit

/// `shop location add NAME [--order N] [--color C]`.
enum LocationAddCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let name = invocation.positionals[0]
        let store = try attempt { try context.store() }
        let location = try attempt {
            let color = try invocation.string("color").map { (text) throws(ShopError) in try Validation.color(text) }
            return try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.addLocation(named: name, order: invocation.int("order"), color: color)
            }
        }
        context.say("Added location \(Escape.forTerminal(location.name)) (order \(location.visitationOrder))")
    }
}

/// `shop location edit NAME [--name NEW] [--order N] [--color C]`.
enum LocationEditCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let reference = invocation.positionals[0]
        let store = try attempt { try context.store() }
        let (before, after) = try attempt {
            let color = try invocation.string("color").map { (text) throws(ShopError) in try Validation.color(text) }
            return try store.update { (list: inout ShoppingList) throws(ShopError) in
                let id = try list.resolveLocation(reference)
                let before = list.location(id)!
                let after = try list.editLocation(id, name: invocation.string("name"), order: invocation.int("order"), color: color)
                return (before, after)
            }
        }
        context.say(before == after
            ? "Location \(Escape.forTerminal(after.name)): nothing to change"
            : "Updated location \(Escape.forTerminal(after.name))")
    }
}

/// `shop location remove NAME`: its items move to the Unknown Location.
enum LocationRemoveCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let store = try attempt { try context.store() }
        let (removed, moved, unknownName) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let result = try list.removeLocation(list.resolveLocation(reference))
                return (result.location, result.movedItems.count, list.unknownLocation.name)
            }
        }
        let items = moved == 1 ? "1 item" : "\(moved) items"
        context.say("Removed location \(Escape.forTerminal(removed.name))"
            + (moved > 0 ? "; \(items) moved to \(Escape.forTerminal(unknownName))" : ""))
    }
}

/// `shop location show NAME [--json]`: a location and its items.
enum LocationShowCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let list = try context.readData()
        let location = list.location(try attempt { try list.resolveLocation(reference) })!
        context.output += context.wantsJSON
            ? JSONOutput.location(location, in: list)
            : HumanOutput.location(location, in: list, style: context.style, zone: .local)
    }
}
