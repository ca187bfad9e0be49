import ShopKit

/// `shop history [SEARCH] [--since DAY] [--until DAY] [--store NAME] [--json] [--format csv]`.
enum HistoryCommand {
    static let spec = CommandSpec(
        name: "history",
        abstract: "Show every purchase, newest first, with the count and total.",
        discussion: """
            Only an explicit --store or --list filters the history; $SHOP_STORE, $SHOP_LIST and the current \
            store and list do not. Each \
            line shows the amount bought, the unit price and the line total paid; when the purchases shown \
            come from more than one device, the device that logged each.
            """,
        arguments: [
            ArgumentSpec(
                name: "<search>", help: "Only purchases whose name contains this text (ignoring case).",
                isOptional: true)
        ],
        options: DateRangeOptions.specs + [
            device.spec, CommonOptions.json("the purchases").spec, format.help("CSV, one purchase a row.").spec,
        ],
        data: .reads(log: true),
        run: run
    )

    static let device = OptionKey<String>.string(
        "device", value: "<name>", help: "Only purchases logged by this device (see 'shop device name').")

    /// What `--format` of `history` and `spending` writes.
    enum Format: String, CaseIterable, Sendable {
        /// CSV, one row a purchase (or a group).
        case csv
    }

    /// `--format csv` of `history` and `spending`, each with its own help.
    static let format = OptionKey<Format>.choice("format", value: "<format>", help: "CSV.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        try context.refuseJSON(with: Self.format)
        let workspace = try context.loadWorkspace()
        let list = workspace.list
        let filter = try context.purchaseFilter(search: context.invocation.positional(0), in: list)
        let calendar = LocalCalendar.current.memoizingOffsets()
        // The purchases stay where the log holds them; the report names them by position.
        let purchases = workspace.log.purchases
        let order = list.historyPositions(filter, calendar: calendar, in: workspace.log)
        if context.wantsJSON {
            context.streamOutput { PurchaseOutput.historyJSON(purchases, order: order, lists: list, to: &$0) }
        } else if context.options[Self.format] == .csv {
            context.streamOutput { PurchaseOutput.historyCSV(purchases, order: order, lists: list, to: &$0) }
        } else {
            let totals = list.totals(at: order, in: workspace.log)
            let width = context.style.width
            context.streamOutput {
                PurchaseOutput.history(
                    workspace, order: order, totals: totals, zone: calendar, width: width, to: &$0)
            }
        }
        context.keepUntilExit(workspace)
    }
}
