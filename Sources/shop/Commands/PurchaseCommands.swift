import ShopKit

/// `shop history [SEARCH] [--since DAY] [--until DAY] [--store NAME] [--json] [--format csv]`.
enum HistoryCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        try refuseJSONWithFormat(context.invocation)
        let list = try attempt { try context.store().loadWithPurchaseLog() }
        let filter = try context.purchaseFilter(search: context.invocation.positional(0), in: list)
        let calendar = LocalCalendar.current.memoizingOffsets()
        // The purchases stay where the log holds them; the report names them by position.
        let log = list.purchaseLog.purchases
        let order = list.historyPositions(filter, calendar: calendar)
        if context.wantsJSON {
            context.streamOutput { PurchaseOutput.historyJSON(log, order: order, to: &$0) }
        } else if context.invocation.string("format") == "csv" {
            context.streamOutput { PurchaseOutput.historyCSV(log, order: order, to: &$0) }
        } else {
            let totals = list.totals(at: order)
            let width = context.style.width
            context.streamOutput {
                PurchaseOutput.history(list, order: order, totals: totals, zone: calendar, width: width, to: &$0)
            }
        }
        context.keepUntilExit(list)
    }

    static func refuseJSONWithFormat(_ invocation: Invocation) throws(CommandFailure) {
        if invocation.flag("json"), let format = invocation.string("format") {
            throw .usage(
                UsageError(
                    message: "'--json' and '--format \(format)' cannot be used together",
                    commandPath: invocation.commandPath))
        }
    }
}

/// `shop spending [--by week|month|year|store|location|item] [--since DAY] [--until DAY] [--json] [--format csv]`.
enum SpendingCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        try HistoryCommand.refuseJSONWithFormat(context.invocation)
        // The parser has already refused an unknown --by (exit 64, listing the groupings).
        let grouping = context.invocation.string("by").flatMap(SpendingGrouping.init(rawValue:)) ?? .month
        let list = try attempt { try context.store().loadWithPurchaseLog() }
        let filter = try context.purchaseFilter(search: nil, in: list)
        let rows = list.spending(by: grouping, filter, calendar: LocalCalendar.current.memoizingOffsets())
        if context.wantsJSON {
            context.output += PurchaseOutput.spendingJSON(rows)
        } else if context.invocation.string("format") == "csv" {
            context.output += PurchaseOutput.spendingCSV(rows)
        } else {
            context.output += PurchaseOutput.spending(rows, by: grouping, width: context.style.width)
        }
        context.keepUntilExit(list)
    }
}
