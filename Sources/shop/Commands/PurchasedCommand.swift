import ShopKit

/// `shop purchased [SEARCH] [--recent DAYS] [--json]`: the history, in name order.
enum PurchasedCommand {
    static let spec = CommandSpec(
        name: "purchased",
        abstract: "Show the purchase history (the items off the list).",
        arguments: [
            ArgumentSpec(
                name: "<search>", help: "Only items whose name contains this text (ignoring case).",
                isOptional: true)
        ],
        options: [recent.spec, CommonOptions.json("the history").spec],
        data: .reads(log: true),
        run: run
    )

    /// `--recent <days>`; a negative number is refused by the command.
    static let recent = OptionKey<Int>.integer(
        "recent", value: "<days>",
        help: "Split into items bought in the last so many days (0 = today) and earlier ones.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        // What was paid comes from the log (SPEC section 12).
        let workspace = try context.readWorkspace()
        let list = workspace.list
        let paid = PaidTotals(log: workspace.log.purchases)
        let search = invocation.positional(0)
        let history = list.history(matching: search)
        guard let days = invocation.options[Self.recent] else {
            context.output +=
                context.wantsJSON
                ? JSONOutput.items(history, in: list, paid: paid)
                : HumanOutput.purchased(
                    history, in: list, style: context.style, zone: .local, search: search, paid: paid)
            return
        }
        guard days >= 0 else {
            throw .report(
                ErrorReport(
                    message: "--recent \(days) is negative", hint: "give a number of days: 0 is today, 7 the last week")
            )
        }
        let split = ShoppingList.splitRecent(history, days: days, now: context.now, calendar: .local)
        context.output +=
            context.wantsJSON
            ? JSONOutput.purchased(recent: split.recent, earlier: split.earlier, in: list, paid: paid)
            : HumanOutput.purchased(
                recent: split.recent, earlier: split.earlier, days: days, in: list, style: context.style, zone: .local,
                search: search, paid: paid)
    }
}
