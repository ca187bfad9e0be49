import ShopKit

/// `shop location edit NAME [--name NEW] [--order N] [--color C]`.
enum LocationEditCommand {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change a location.",
        arguments: [CommandTable.locationName],
        options: [CommonOptions.name.spec] + LocationOptions.specs,
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let reference = invocation.positionals[0]
        // Without HOME the data file has no path: that error comes before a bad colour's, as it always has.
        _ = try attempt { try context.dataFilePath() }
        let options = LocationOptions(invocation.options)
        let color = try attempt { try options.color?.get() }
        let (before, after) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let id = try list.resolveLocation(reference)
            let before = list.location(id)!
            let after = try list.editLocation(
                id, name: invocation.options[CommonOptions.name], order: options.order,
                color: color)
            return (before, after)
        }
        context.say(
            before == after
                ? "Location \(Escape.forTerminal(after.name)): nothing to change"
                : "Updated location \(Escape.forTerminal(after.name))")
    }
}
