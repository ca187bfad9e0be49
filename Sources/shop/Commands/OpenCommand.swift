import ShopKit

/// `shop open NAME [--date DAY]`: opens the lot of a stocked item that goes next (SPEC section 18).
enum OpenCommand {
    static let spec = CommandSpec(
        name: "open",
        abstract: "Log that the next lot of an item kept in stock was opened.",
        discussion: """
            Opens the lot 'shop use' would take next; opened lots go first from then on. With --keeps-open \
            set on the item, the lot's best-before moves to the opening day plus those days when that is \
            earlier (never later); a lot with no best-before gets that day.
            """,
        arguments: [CommandTable.itemName],
        options: [StockOptions.date.spec],
        data: .writes(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let name = context.invocation.positionals[0]
        let date = try context.purchaseDate(context.options[StockOptions.date]) ?? context.now
        let (lot, list, id) = try context.updateWorkspace { (workspace: inout Workspace) throws(HistoryError) in
            let id = try HistoryError.core { () throws(ShopError) in try workspace.list.resolveItem(name) }
            let lot = try workspace.log.open(id, of: workspace.list, at: date, by: context.deviceName)
            return (lot, workspace.list, id)
        }
        let bestBefore = lot.bestBefore.map { ", best before \($0)" } ?? ""
        context.say("Opened \(Escape.forTerminal(list.item(id)?.name ?? "")) (\(lot.amount)\(bestBefore))")
    }
}
