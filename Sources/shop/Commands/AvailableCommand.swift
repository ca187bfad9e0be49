import ShopKit

/// `shop available NAME...|--all`: marks items available again.
enum AvailableCommand {
    static let spec = CommandSpec(
        name: "available",
        abstract: "Mark items available again.",
        arguments: [CommandTable.itemNames("The items to mark available")],
        options: [
            CommonOptions.all.help("Mark every item available.").spec,
            CommonOptions.json("the affected items").spec,
        ],
        argumentsOptionalWith: "all",
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            if all { return list.makeAllAvailable() }
            return try list.setAvailable(
                true, list.resolveItems(names, in: .all), at: context.storeInEffect(in: list)?.id)
        }
        if all && outcomes.isEmpty { context.say("Every item is already available.") }
        ChangeReport.report(
            outcomes, in: list, changed: "Available again:", unchanged: "already available", context: &context)
    }
}
