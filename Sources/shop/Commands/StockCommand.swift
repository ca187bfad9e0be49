import ShopKit

/// `shop stock [SEARCH] [--due DAYS] [--spoiled] [--json]`: what is at home, by item, lot by lot (SPEC 18).
enum StockCommand {
    static let spec = CommandSpec(
        name: "stock",
        abstract: "Show what is at home of the items kept in stock, lot by lot, until when.",
        discussion: """
            Each item kept in stock ('--stock' on add and edit) with something at home: the amount in all, \
            its pace (how much a day, from 'shop use', else from the gaps between its purchases), then each \
            lot in the order 'shop use' takes them, with its best-before (expired lots are marked and still \
            counted; lots due within --due days, default 3, are marked due) and what will be left of it at \
            its best-before at that pace. Stock is computed from the purchase log: every purchase of the item \
            since it was marked --stock is a lot. --spoiled lists what was thrown away and what it cost. \
            'shop stock -- add' searches for 'add'.
            """,
        arguments: [
            ArgumentSpec(
                name: "<search>", help: "Only items whose name contains this text (ignoring case).", isOptional: true)
        ],
        options: [due.spec, spoiled.spec, CommonOptions.json("the stock").spec],
        subcommands: [StockAddCommand.spec],
        runsWithoutSubcommand: true,
        data: .reads(log: true),
        run: run
    )

    static let due = OptionKey<Int>.integer(
        "due", value: "<days>", help: "Mark lots due within this many days (default 3).")
    /// `--spoiled`: what was thrown away.
    static let spoiled = OptionKey<Bool>.flag("spoiled", help: "Show what was thrown away and what it cost.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let days = context.options[due] ?? 3
        guard (0...3650).contains(days) else {
            throw .report(ErrorReport(message: "--due \(days) is out of range", hint: "--due takes 0 to 3650 days"))
        }
        let workspace = try context.readWorkspace()
        let list = workspace.list
        let search = context.invocation.positional(0)
        let calendar = LocalCalendar.current
        let today = CalendarDay(number: calendar.dayNumber(of: context.now))
        if context.options[spoiled] {
            let rows = StockOutput.spoiledRows(workspace, search: search)
            if context.wantsJSON {
                var writer = JSONOutput.makeWriter(count: rows.count)
                writer.spoilage(rows)
                context.output += JSONOutput.finish(&writer)
            } else {
                context.output += StockOutput.spoiled(rows, calendar: calendar)
            }
            return
        }
        let reports = StockReport.reports(
            of: list, log: workspace.log, search: search, now: context.now, calendar: calendar)
        if context.wantsJSON {
            var writer = JSONOutput.makeWriter(count: reports.count)
            writer.stockReports(reports, today: today)
            context.output += JSONOutput.finish(&writer)
            return
        }
        if reports.isEmpty {
            context.say(
                list.items.contains(where: \.stock)
                    ? "Nothing at home" + (search.map { " matches \(Quoted.value($0))" } ?? "") + "."
                    : "No item is kept in stock: 'shop edit NAME --stock' starts keeping track of one.")
            return
        }
        context.output += StockOutput.text(reports, today: today, due: days, calendar: calendar)
    }
}
