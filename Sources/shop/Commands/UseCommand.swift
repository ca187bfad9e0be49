import ShopKit

/// `shop use NAME... [-q AMOUNT | --all] [--spoiled] [--date DAY]`: logs what was used (or thrown away) (SPEC 18).
enum UseCommand {
    static let spec = CommandSpec(
        name: "use",
        abstract: "Log what was used of items kept in stock (or thrown away, with --spoiled).",
        discussion: """
            Takes the amount from the lots at home in the order they go: opened lots first, then the \
            earliest best-before (lots without one last), then the earliest bought. Without -q or --all: \
            one piece (or one of the unit it is bought in: one can), or the next lot whole for an item \
            bought by weight or volume (a block of cheese). An amount in grams can come from \
            lots in kilograms, never from lots in another kind of unit (exit 1, nothing changed). Using \
            more than is at home uses what there is and says so. --spoiled: thrown away, not eaten; it \
            counts as waste ('shop stock --spoiled') and not in the item's pace.
            """,
        arguments: [CommandTable.itemNames("The items used")],
        options: [quantity.spec, CommonOptions.all.help("Use all of it.").spec, spoiled.spec, StockOptions.date.spec],
        data: .writes(log: true),
        run: run
    )

    /// `-q, --quantity <amount>`: how much was used.
    static let quantity = OptionKey.amount(
        "quantity", short: "q", value: "<amount>", help: "How much was used: 2, 200g, '0.5 l'.")
    static let spoiled = OptionKey<Bool>.flag("spoiled", help: "It was thrown away (waste), not eaten.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let all = context.options[CommonOptions.all]
        let typed = context.options[quantity]
        if all && typed != nil {
            throw context.usageError("'--quantity' and '--all' cannot be used together")
        }
        let isSpoiled = context.options[spoiled]
        let date = try context.purchaseDate(context.options[StockOptions.date]) ?? context.now
        let (outcomes, workspace) = try context.updateWorkspace { (workspace: inout Workspace) throws(HistoryError) in
            let list = workspace.list
            let device = context.deviceName
            var part: Amount.Part?
            if let amount = try HistoryError.core({ () throws(ShopError) in try typed?.get() }) {
                guard amount.parts.count == 1 else { throw .core(.minimumInOneUnit(amount.description)) }
                part = amount.parts[0]
            }
            let ids = try HistoryError.core { () throws(ShopError) in try list.resolveItems(names, in: .all) }
            if !all, part == nil {
                // One piece (or one of a word unit), or the next lot whole when bought by weight or volume.
                let ledger = workspace.log.stockLedger(of: list)
                var outcomes: [UseOutcome] = []
                for id in ids {
                    let next = ledger.items[id]?.lots.first
                    var one = Amount.Part(quantity: .one, unit: next?.unit ?? .count)
                    if let next, next.unit.family == .mass || next.unit.family == .volume { one = next.amount }
                    outcomes += try workspace.log.use(
                        [id], of: list, amount: one, spoiled: isSpoiled, at: date, by: device)
                }
                return (outcomes, workspace)
            }
            let outcomes = try workspace.log.use(ids, of: list, amount: part, spoiled: isSpoiled, at: date, by: device)
            return (outcomes, workspace)
        }
        let list = workspace.list
        let verb = isSpoiled ? "Threw away" : "Used"
        for outcome in outcomes {
            let name = Escape.forTerminal(list.item(outcome.itemID)?.name ?? "")
            guard outcome.logged else {
                context.say("Nothing of \(name) is at home: nothing used")
                continue
            }
            let left = workspace.log.stockLedger(of: list).items[outcome.itemID]?.total ?? .none
            let leftText = left.isEmpty ? "none left" : "\(left) left"
            if let short = outcome.short {
                context.say(
                    "\(verb) what there was of \(name) (\(outcome.before)): \(short) of it was not at home; \(leftText)"
                )
            } else {
                context.say("\(verb) \(name): \(leftText)")
            }
        }
    }
}
