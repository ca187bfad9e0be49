import ShopKit

/// `shop unavailable NAME...`: marks items unavailable; they stay on the list.
enum UnavailableCommand {
    static let spec = CommandSpec(
        name: "unavailable",
        abstract: "Mark items unavailable: they stay on the list, struck through.",
        discussion: """
            'buy --all' leaves them on the list and names them. With a store in effect (--store, \
            $SHOP_STORE, the current store), only at that store; without one, everywhere. Buying an item, or \
            putting it back on the list once bought, makes it available again.
            """,
        arguments: [CommandTable.itemNames("The items to mark unavailable")],
        options: [CommonOptions.json("the affected items").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            try list.setAvailable(false, list.resolveItems(names, in: .onList), at: context.storeInEffect(in: list)?.id)
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Marked unavailable:", unchanged: "already unavailable", context: &context)
    }
}
