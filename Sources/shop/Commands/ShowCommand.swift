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
        var list = try context.readData(purchaseLog: false)
        let id = try attempt { try list.resolveItem(reference, in: .all) }
        let item = list.item(id)!
        // A learned interval is explained from the purchase log, read only for such an item.
        if item.restock == .learned { list = try context.loadData() }
        context.output +=
            context.wantsJSON
            ? JSONOutput.item(item, in: list)
            : HumanOutput.item(
                item, in: list, style: context.style, zone: .local,
                restock: list.restockDecision(for: item, at: context.now))
    }
}
