import ShopKit

/// `shop location add NAME [--order N] [--color C]`.
enum LocationAddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a location.",
        arguments: [ArgumentSpec(name: "<name>", help: "The new location's name.")],
        options: LocationOptions.specs,
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let name = invocation.positionals[0]
        // Without HOME the data file has no path: that error comes before a bad colour's, as it always has.
        _ = try attempt { try context.dataFilePath() }
        let options = LocationOptions(invocation.options)
        let color = try attempt { try options.color?.get() }
        let location = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            try list.addLocation(named: name, order: options.order, color: color)
        }
        context.say("Added location \(Escape.forTerminal(location.name)) (order \(location.visitationOrder))")
    }
}
