import ShopKit

/// `shop location add NAME [--order N] [--color C]`.
enum LocationAddCommand {
    /// `shop location add`.
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a location.",
        arguments: [ArgumentSpec(name: "<name>", help: "The new location's name.")],
        options: [CommonOptions.order.spec, CommonOptions.color.spec],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let name = invocation.positionals[0]
        let store = try attempt { try context.dataFile() }
        let location = try attempt {
            let color = try invocation.options[CommonOptions.color]?.get()
            return try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.addLocation(named: name, order: invocation.options[CommonOptions.order], color: color)
            }
        }
        context.say("Added location \(Escape.forTerminal(location.name)) (order \(location.visitationOrder))")
    }
}
