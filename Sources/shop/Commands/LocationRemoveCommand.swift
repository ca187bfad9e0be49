import ShopKit

/// `shop location remove NAME`: its items move to the Unknown Location.
enum LocationRemoveCommand {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Remove a location; its items move to the Unknown Location.",
        arguments: [CommandTable.locationName],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let (removed, moved, unknownName) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let result = try list.removeLocation(list.resolveLocation(reference))
            return (result.location, result.movedItems.count, list.unknownLocation.name)
        }
        let items = moved == 1 ? "1 item" : "\(moved) items"
        context.say(
            "Removed location \(Escape.forTerminal(removed.name))"
                + (moved > 0 ? "; \(items) moved to \(Escape.forTerminal(unknownName))" : ""))
    }
}
