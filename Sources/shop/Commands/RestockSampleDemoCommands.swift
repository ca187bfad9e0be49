import ShopKit

/// `shop restock [--dry-run] [--suggest] [--json]`: puts due staples back on the list (for cron); learned
/// intervals (`--every auto`) read the purchase log.
enum RestockCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let now = context.now
        if context.invocation.flag("suggest") {
            let list = try context.readData(withPurchaseLog: true)
            let suggestions = list.restockSuggestions()
            if context.wantsJSON {
                context.output += JSONOutput.items(suggestions.map(\.item), in: list)
                return
            }
            for (item, learned) in suggestions {
                context.print(RestockText.suggestion(item, learned, zone: .local))
            }
            context.say(suggestions.isEmpty
                ? "No suggestion: no item without an interval was bought at least \(RestockLearning.suggestionPurchases) times at regular gaps."
                : "Each line above turns learning on for one item.")
            return
        }
        if context.invocation.flag("dry-run") {
            let list = try context.readData(withPurchaseLog: true)
            let decisions = list.restockDecisions(at: now)
            let due = decisions.filter(\.isDue).map(\.item)
            if context.wantsJSON {
                context.output += JSONOutput.items(due, in: list)
            } else {
                for decision in decisions {
                    let line = RestockText.decision(decision, zone: .local)
                    context.print(context.style.width.map { CellText.truncate(line, to: $0) } ?? line)
                }
                context.say(
                    due.isEmpty
                        ? "Nothing is due for restocking."
                        : "Would put back on the list: \(due.count) item\(due.count == 1 ? "" : "s") (dry run: nothing changed)"
                )
            }
            return
        }
        let store = try attempt { try context.store() }
        let (outcomes, list) = try attempt {
            try store.update(loadingLog: true) { (list: inout ShoppingList) throws(ShopError) in (list.restock(at: now), list) }
        }
        if outcomes.isEmpty { context.say("Nothing is due for restocking.") }
        ChangeReport.report(
            outcomes, in: list, changed: "Restocked", unchanged: "already on the list", context: &context)
    }
}

/// `shop sample [--force]`: loads the bundled sample data set.
enum SampleCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let force = context.invocation.flag("force")
        let store = try attempt { try context.store() }
        let path = store.path
        let sample = try attempt { try SampleData.load() }
        try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                if !list.isEmpty && !force { throw .dataFileNotEmpty(path: path, itemCount: list.itemCount) }
                // The sample replaces the list; this device's timer and current store are not the list's.
                let device = list.deviceState
                list = sample
                list.keepDeviceState(device)
            }
        }
        let onList = sample.items.filter(\.onList).count
        context.say(
            "Loaded the sample data: \(sample.itemCount) items (\(onList) on the list) in \(sample.locations.count) locations, into \(Escape.forTerminal(path))"
        )
    }
}

/// `shop demo`: the sample list by location, from memory; the data file is never touched.
enum DemoCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let sample = try attempt { try SampleData.load() }
        // --store (or SHOP_STORE) names one of the sample's stores; the sample has no current store.
        let store = try attempt { try context.storeInEffect(in: sample) }
        let items = sample.walkingOrder(sample.items.filter(\.onList), at: store)
        context.output += HumanOutput.listByLocation(items, in: sample, style: context.style, store: store)
        context.say("This is the sample data; your own list is untouched. 'shop sample' loads it into your data file.")
    }
}
