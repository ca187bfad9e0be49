import ShopKit

/// `shop list [--by-location] [--location LOC] [--json] [--format text|markdown|csv]`.
enum ListCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        if invocation.flag("json"), let format = invocation.string("format") {
            throw .usage(UsageError(message: "'--json' and '--format \(format)' cannot be used together", commandPath: ["list"]))
        }
        let list = try attempt { try context.load() }
        var items = list.items.filter(\.onList)
        if let reference = invocation.string("location") {
            let location = try attempt { try list.resolveLocation(reference) }
            items = items.filter { $0.locationID == location }
        }
        let byLocation = invocation.flag("by-location")
        if context.wantsJSON {
            context.output += byLocation
                ? JSONRenderer.groups(list.groupedByLocation(items), in: list)
                : JSONRenderer.items(list.walkingOrder(items), in: list)
            return
        }
        switch invocation.string("format") {
        case "text": context.output += ScriptFormats.text(list.groupedByLocation(items), in: list)
        case "markdown": context.output += ScriptFormats.markdown(list.groupedByLocation(items), in: list)
        case "csv": context.output += ScriptFormats.csv(list.walkingOrder(items), in: list)
        default:
            context.output += byLocation
                ? HumanRenderer.byLocation(list.groupedByLocation(items), in: list, style: context.style)
                : HumanRenderer.list(list.walkingOrder(items), in: list, style: context.style)
        }
    }
}

/// `shop purchased [SEARCH] [--recent DAYS] [--json]`: the history, in name order.
enum PurchasedCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let list = try attempt { try context.load() }
        let history = list.history(matching: invocation.positional(0))
        guard let days = invocation.int("recent") else {
            context.output += context.wantsJSON
                ? JSONRenderer.items(history, in: list)
                : HumanRenderer.purchased(history, in: list, style: context.style)
            return
        }
        guard days >= 0 else {
            throw .report(ErrorReport(message: "--recent \(days) is negative", hint: "give a number of days: 0 is today, 7 the last week"))
        }
        let split = ShoppingList.splitRecent(history, days: days, now: context.now)
        context.output += context.wantsJSON
            ? JSONRenderer.recent(split.recent, earlier: split.earlier, in: list)
            : HumanRenderer.purchased(recent: split.recent, earlier: split.earlier, days: days, in: list, style: context.style)
    }
}

/// `shop show NAME [--json]`: one item in full.
enum ShowCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let list = try attempt { try context.load() }
        let id = try attempt { try list.resolveItem(reference, in: .all) }
        let item = list.item(id)!
        context.output += context.wantsJSON
            ? JSONRenderer.item(item, in: list)
            : HumanRenderer.show(item, in: list, style: context.style)
    }
}

/// `shop locations [--json]`: all locations in visitation order with item counts.
enum LocationsCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try attempt { try context.load() }
        context.output += context.wantsJSON
            ? JSONRenderer.locations(list)
            : HumanRenderer.locations(list, style: context.style)
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
            timer = try attempt { try context.load() }.timer
        }
        context.output += context.wantsJSON ? JSONRenderer.timer(timer, now: now) : HumanRenderer.timer(timer, now: now)
    }
}
