import ShopKit

/// `shop restock [--dry-run] [--suggest] [--json]`: puts due staples back on the list (for cron).
enum RestockCommand {
    static let spec = CommandSpec(
        name: "restock",
        abstract: "Put back on the list the items whose restock interval has passed.",
        discussion: """
            An item with --every DAYS comes back once its last purchase is at least DAYS x 24 hours ago, \
            or if it was never bought. An item with --every auto comes back when the interval learned from \
            its purchases has passed (it needs at least 3). An item kept in stock with a --min-stock comes \
            back, with the missing amount, when less than that is at home (expired lots not counted). Meant \
            for cron.
            """,
        options: [dryRun.spec, suggest.spec, CommonOptions.json("the affected items").spec],
        data: .writes(log: true),
        run: run
    )

    static let dryRun = OptionKey<Bool>.flag(
        "dry-run", help: "Show every decision (interval, purchases learned from, next due date); change nothing.")
    static let suggest = OptionKey<Bool>.flag(
        "suggest", help: "List items bought regularly that have no interval, with the line that turns learning on.")

    /// `Butter: 100 g at home, below its minimum of 250 g: 150 g on the list` (SPEC section 18).
    static func minimumLine(_ decision: MinimumStockDecision) -> String {
        let least = Amount.Part(
            quantity: decision.atHome.quantity + decision.missing.quantity, unit: decision.missing.unit)
        return "\(Escape.forTerminal(decision.item.name)): \(decision.atHome) at home, below its minimum of \(least): "
            + "\(decision.missing) on the list"
    }

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let now = context.now
        if context.options[Self.suggest] {
            let workspace = try context.readWorkspace()
            let list = workspace.list
            let suggestions = list.restockSuggestions(in: workspace.log)
            if context.wantsJSON {
                context.output += JSONOutput.items(suggestions.map(\.item), in: list)
                return
            }
            for (item, learned) in suggestions {
                context.print(RestockText.suggestion(item, learned, zone: .local))
            }
            context.say(
                suggestions.isEmpty
                    ? "No suggestion: no item without an interval was bought at least \(RestockLearning.suggestionPurchases) times at regular gaps."
                    : "Each line above turns learning on for one item.")
            return
        }
        if context.options[Self.dryRun] {
            let workspace = try context.readWorkspace()
            let list = workspace.list
            let decisions = list.restockDecisions(at: now, in: workspace.log)
            let below = list.belowMinimumStock(at: now, in: workspace.log)
            let due = decisions.filter(\.isDue).map(\.item) + below.map(\.item)
            if context.wantsJSON {
                context.output += JSONOutput.items(due, in: list)
            } else {
                for decision in decisions {
                    let line = RestockText.decision(decision, zone: .local)
                    context.print(context.style.width.map { CellText.truncate(line, to: $0) } ?? line)
                }
                for decision in below { context.print(minimumLine(decision)) }
                context.say(
                    due.isEmpty
                        ? "Nothing is due for restocking."
                        : "Would put back on the list: \(due.count) item\(due.count == 1 ? "" : "s") (dry run: nothing changed)"
                )
            }
            return
        }
        let (outcomes, below, list) = try context.updateWorkspace { (workspace: inout Workspace) throws(ShopError) in
            let outcomes = workspace.list.restock(at: now, in: workspace.log)
            return (outcomes, workspace.list.restockBelowMinimum(at: now, in: workspace.log), workspace.list)
        }
        for decision in below { context.say(minimumLine(decision)) }
        if outcomes.isEmpty && below.isEmpty { context.say("Nothing is due for restocking.") }
        let minimums = below.map { ItemOutcome(id: $0.item.id, kind: .changed) }
        ChangeReport.report(
            outcomes + minimums, in: list, changed: "Restocked", unchanged: "already on the list", context: &context)
    }
}
