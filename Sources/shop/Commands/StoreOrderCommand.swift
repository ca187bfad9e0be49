import ShopKit

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
