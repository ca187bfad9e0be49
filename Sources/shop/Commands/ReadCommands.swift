import ShopKit

/// `shop list [--by-location] [--location LOC] [--json] [--format text|markdown|csv]`.
enum ListCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        if invocation.flag("json"), let format = invocation.string("format") {
            throw .usage(UsageError(message: "'--json' and '--format \(format)' cannot be used together", commandPath: ["list"]))
        }
        let list = try context.readData()
        let store = try attempt { try context.storeInEffect(in: list) }
        var items = list.items.filter(\.onList)
        if let reference = invocation.string("location") {
            let location = try attempt { try list.resolveLocation(reference) }
            items = items.filter { $0.locationID == location }
        }
        // The by-location views sort as they group: sorting first as well would sort a large list twice.
        // One walk (a rank per location, built once) orders the items and marks what the store has.
        let byLocation = invocation.flag("by-location")
        let walk = list.walk(at: store)
        if context.wantsJSON {
            context.output += byLocation
                ? JSONOutput.itemsByLocation(items, in: list, walk: walk)
                : JSONOutput.items(list.walkingOrder(items, along: walk), in: list, walk: walk)
        } else if let format = invocation.string("format").flatMap(ListFormat.init(rawValue:)) {
            context.output += format.render(
                list.walkingOrder(items, along: walk), in: list, store: store, width: context.style.width)
        } else {
            context.output += byLocation
                ? HumanOutput.listByLocation(items, in: list, style: context.style, store: store)
                : HumanOutput.list(list.walkingOrder(items, along: walk), in: list, style: context.style, store: store)
        }
    }
}

/// `shop purchased [SEARCH] [--recent DAYS] [--json]`: the history, in name order.
enum PurchasedCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let list = try context.readData()
        let search = invocation.positional(0)
        let history = list.history(matching: search)
        guard let days = invocation.int("recent") else {
            context.output += context.wantsJSON
                ? JSONOutput.items(history, in: list)
                : HumanOutput.purchased(history, in: list, style: context.style, zone: .local, search: search)
            return
        }
        guard days >= 0 else {
            throw .report(ErrorReport(message: "--recent \(days) is negative", hint: "give a number of days: 0 is today, 7 the last week"))
        }
        let split = ShoppingList.splitRecent(history, days: days, now: context.now, calendar: .local)
        context.output += context.wantsJSON
            ? JSONOutput.purchased(recent: split.recent, earlier: split.earlier, in: list)
            : HumanOutput.purchased(
                recent: split.recent, earlier: split.earlier, days: days, in: list, style: context.style, zone: .local,
                search: search)
    }
}

/// `shop show NAME [--json]`: one item in full.
enum ShowCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        var list = try context.readData()
        let id = try attempt { try list.resolveItem(reference, in: .all) }
        let item = list.item(id)!
        // A learned interval is explained from the purchase log, read only for such an item.
        if item.learnsEvery { list = try attempt { try context.store().loadWithPurchaseLog() } }
        context.output += context.wantsJSON
            ? JSONOutput.item(item, in: list)
            : HumanOutput.item(
                item, in: list, style: context.style, zone: .local,
                restock: list.restockDecision(for: item, at: context.now))
    }
}

/// `shop locations [--json]`: all locations in visitation order with item counts.
enum LocationsCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try context.readData()
        context.output += context.wantsJSON
            ? JSONOutput.locations(in: list)
            : HumanOutput.locations(in: list, style: context.style)
    }
}

/// `shop timer [start|stop|reset] [--json]`: the in-store stopwatch.
enum TimerCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let now = context.now
        let action = context.invocation.positional(0)
        let timer: StoreTimer
        if let action {
            let store = try attempt { try context.store() }
            let (changed, after) = try attempt {
                try store.update { (list: inout ShoppingList) throws(ShopError) in
                    let changed =
                        switch action {
                        case "start": list.startTimer(at: now)
                        case "stop": list.stopTimer(at: now)
                        default: list.resetTimer()
                        }
                    return (changed, list.timer)
                }
            }
            timer = after
            let past = ["start": "Started", "stop": "Stopped", "reset": "Reset"][action] ?? action
            context.say(changed ? "\(past) the timer." : "The timer was already \(action == "start" ? "running" : action == "stop" ? "stopped" : "at zero").")
        } else {
            timer = try context.readData().timer
        }
        context.output +=
            context.wantsJSON
            ? JSONOutput.timer(timer, now: now) : HumanOutput.fitted(HumanOutput.timer(timer, now: now), width: context.style.width)
    }
}
