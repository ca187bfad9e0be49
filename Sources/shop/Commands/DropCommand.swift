import ShopKit

/// `shop drop NAME...`: takes items off the list without buying them: no purchase, date unchanged.
enum DropCommand {
    static let spec = CommandSpec(
        name: "drop",
        abstract: "Take items off the list without buying them (no purchase logged).",
        arguments: [CommandTable.itemNames("The items to take off the list")],
        options: [CommonOptions.json("the affected items").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            try list.drop(list.resolveItems(names, in: .onList))
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Off the list (not bought):", unchanged: "not on the list", context: &context)
    }
}
