import ShopKit

/// `shop stock add NAME [-q AMOUNT] [--best-before DAY|Nd] [--date DAY]`: a lot with no purchase (SPEC 18).
enum StockAddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Put a lot into stock without a purchase: what was at home already, a gift.",
        discussion: """
            The lot holds the amount given (default: the item's own amount), with the best-before given, \
            else the day plus the item's --keeps, else none. The item must be kept in stock ('shop edit \
            NAME --stock').
            """,
        arguments: [CommandTable.itemName],
        options: [UseCommand.quantity.help("How much: 2, 500g, '1.5 kg'.").spec, StockOptions.bestBefore.spec]
            + [StockOptions.date.spec],
        data: .writes(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let name = context.invocation.positionals[0]
        let date = try context.purchaseDate(context.options[StockOptions.date]) ?? context.now
        let typed = context.options[UseCommand.quantity]
        let bestBeforeText = context.options[StockOptions.bestBefore]
        let (entry, workspace) = try context.updateWorkspace { (workspace: inout Workspace) throws(HistoryError) in
            let id = try HistoryError.core { () throws(ShopError) in try workspace.list.resolveItem(name) }
            let bestBefore = try StockOptions.bestBefore(bestBeforeText, on: date)
            let amount = try HistoryError.core { () throws(ShopError) in try typed?.get() }
            let entry = try workspace.log.stockAdd(
                id, of: workspace.list, amount: amount, bestBefore: bestBefore, at: date, by: context.deviceName)
            return (entry, workspace)
        }
        let list = workspace.list
        let total = workspace.log.stockLedger(of: list).items[entry.itemID]?.total ?? .none
        guard case .add(let amount, _) = entry.kind else { return }
        context.say(
            "Into stock: \(amount) of \(Escape.forTerminal(list.item(entry.itemID)?.name ?? "")) (\(total) at home)")
    }
}
