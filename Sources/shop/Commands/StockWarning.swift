import ShopKit

/// The warning at `buy` (SPEC section 18): some of a stocked item's new lot will be left at its best-before.
enum StockWarning {
    /// Warns, on standard error, for each item kept in stock that was just bought, from the list as the buy
    /// left it: `buy` reads the log when it buys such an item (the log is read only then).
    static func warn(bought outcomes: [ItemOutcome], in workspace: Workspace, _ context: inout CommandContext) {
        let (list, log) = (workspace.list, workspace.log)
        let stocked = outcomes.filter { $0.kind == .changed && list.item($0.id)?.stock == true }.map(\.id)
        guard !stocked.isEmpty else { return }
        // `buy`'s `needsLog` loads the log, under the same lock, whenever a stocked item is bought.
        guard log.isLoaded else {
            assertionFailure("buy bought an item kept in stock without reading the log")
            return
        }
        let calendar = LocalCalendar.current
        let ledger = log.stockLedger(of: list, calendar: calendar)
        let purchases = log.purchasesByItem()
        for id in stocked {
            guard let item = list.item(id), let stock = ledger.items[id],
                let latest = purchases[id]?.last
            else { continue }
            let report = StockReport.report(
                item, stock, purchases: purchases[id] ?? [], now: context.now, calendar: calendar)
            guard let index = stock.lots.firstIndex(where: { $0.purchaseID == latest.id }),
                let left = report.expectedLeft[index], !left.quantity.isZero,
                let bestBefore = stock.lots[index].bestBefore
            else { continue }
            context.say(
                "Warning: at your pace \(left) of the \(Escape.forTerminal(item.name)) just bought will be left at "
                    + "their best-before, \(bestBefore) (\(stock.total) at home)")
        }
    }
}
