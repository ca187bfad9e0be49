import ShopKit

/// `shop store add NAME [LOCATION...]`: a new store walking the locations given, in that order.
enum StoreAddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a store that walks the given locations in order.",
        arguments: [
            ArgumentSpec(name: "<name>", help: "The new store's name."),
            ArgumentSpec(
                name: "<location>", help: "Its locations in the order you walk them (names, prefixes or id:HEX).",
                isOptional: true, isRepeatable: true),
        ],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
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
}
