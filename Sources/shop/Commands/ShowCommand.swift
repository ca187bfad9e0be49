import ShopKit

/// `shop show NAME [--json]`: one item in full.
enum ShowCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one item in full.",
        arguments: [CommandTable.itemName],
        options: [CommonOptions.json("the item").spec],
        data: .reads(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        var workspace = try context.readWorkspace(purchaseLog: false)
        let list = workspace.list
        let id = try attempt { try list.resolveItem(reference, in: .all) }
        let item = list.item(id)!
        // A learned interval is explained from the purchase log, read only for such an item; so is a last purchase
        // dated past this clock (SPEC 23: a device whose clock runs years ahead does not pin the date shown here).
        let horizon = ShoppingList.believableHorizon(context.now)
        let ahead = item.dateLastPurchased.map { $0 > horizon } ?? false
        if item.restock == .learned || ahead { workspace.log = try context.loadWorkspace().log }
        let log = workspace.log
        let believed =
            ahead ? list.believedLastPurchase(item, purchases: log.purchases(of: id), at: context.now) : nil
        context.output +=
            context.wantsJSON
            ? JSONOutput.item(item, in: list)
            : HumanOutput.item(
                item, in: list, style: context.style, zone: .local,
                restock: list.restockDecision(for: item, in: log, at: context.now),
                lastBought: ahead ? .some(believed) : nil)
    }
}
