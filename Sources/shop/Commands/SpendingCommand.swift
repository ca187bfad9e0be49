import ShopKit

/// `shop spending [--by week|month|year|store|location|item|device|list] [--since DAY] [--until DAY] [--json] [--format csv]`.
enum SpendingCommand {
    static let spec = CommandSpec(
        name: "spending",
        abstract: "Show what was spent per week, month, year, store, location, item, device or list, oldest first.",
        discussion: """
            On a terminal each row ends in a bar proportional to its total. Weeks are ISO weeks (from \\
            Monday), in local time. Purchases without a price are counted and said, never summed as zero.
            """,
        options: [by.spec, spoiled.spec] + DateRangeOptions.specs + [
            CommonOptions.json("the groups").spec, HistoryCommand.format.help("CSV, one group a row.").spec,
        ],
        data: .reads(log: true),
        run: run
    )

    static let by = OptionKey<SpendingGrouping>.choice(
        "by", value: "<grouping>", help: "How to group the purchases (default: month).")

    /// `--spoiled`: what was thrown away instead of what was bought (SPEC section 18).
    static let spoiled = OptionKey<Bool>.flag(
        "spoiled", help: "What was thrown away ('shop use --spoiled') and what it cost, instead of what was bought.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        try context.refuseJSON(with: HistoryCommand.format)
        // The parser has already refused an unknown --by (exit 64, listing the groupings).
        let grouping = context.options[Self.by] ?? .month
        let bought = try context.loadWorkspace()
        let list = bought.list
        let log = context.options[Self.spoiled] ? bought.log.wasteAsPurchases(of: list) : bought.log
        let filter = try context.purchaseFilter(search: nil, in: list)
        let rows = list.spending(by: grouping, filter, calendar: LocalCalendar.current.memoizingOffsets(), in: log)
        if context.wantsJSON {
            context.output += PurchaseOutput.spendingJSON(rows)
        } else if context.options[HistoryCommand.format] == .csv {
            context.output += PurchaseOutput.spendingCSV(rows)
        } else {
            context.output += PurchaseOutput.spending(rows, by: grouping, width: context.style.width)
        }
        context.keepUntilExit(bought)
    }
}
