import ShopKit

/// `shop unbuy NAME...`: puts purchased items back on the list, deleting each one's purchase logged last and
/// restoring the date from before it (SPEC section 10).
enum UnbuyCommand {
    static let spec = CommandSpec(
        name: "unbuy",
        abstract: "Put purchased items back on the list, deleting the purchase logged last.",
        discussion: """
            For a purchase made by mistake: each item's purchase logged last (in the order this device \
            logged or received them, never by date) is deleted and its date goes back to the one before. \
            The item goes back as the list showed it before that purchase: its amount, what recipes \
            needed of it, its price. To put an item back on the list and keep its history, use 'shop add'.
            """,
        arguments: [CommandTable.itemNames("The items to put back")],
        options: [CommonOptions.json("the affected items").spec],
        data: .writes(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let ids = try workspace.list.resolveItems(names, in: .purchased)
            let outcomes = try workspace.list.unbuy(ids, deletingLatestPurchase: true, log: &workspace.log)
            return (outcomes, workspace.list)
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Back on the list:", unchanged: "already on the list", context: &context)
    }
}
