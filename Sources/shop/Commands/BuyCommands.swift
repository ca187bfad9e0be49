import ShopKit

/// `shop buy NAME...` / `shop buy --all`: moves items off the list, stamping today's date.
enum BuyCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let now = context.now
        let store = try attempt { try context.store() }
        let (outcomes, skipped, list) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                guard all else {
                    let ids = try list.resolveItems(names, in: .onList)
                    return (try list.buy(ids, at: now), [Item](), list)
                }
                // At a store, --all buys only what is there (SPEC section 7).
                let at = try context.storeInEffect(in: list)
                let outcomes = list.buyAll(at: now, store: at)
                let walk = list.walk(at: at)
                let skipped = list.items.filter { $0.onList && !$0.isAvailable && walk.isAtStore($0.locationID) }
                return (outcomes, list.nameOrder(skipped), list)
            }
        }
        if all && outcomes.isEmpty { context.say("Nothing to buy: no available item is on the list.") }
        ChangeReport.report(outcomes, in: list, changed: "Bought", unchanged: "already bought", context: &context)
        // Said, not skipped silently: the user may have found it after all ('shop buy NAME' buys it).
        if !skipped.isEmpty {
            context.say(
                "Still on the list, unavailable: \(ChangeReport.joined(skipped.map { Escape.forTerminal($0.name) }))")
        }
    }
}

/// `shop unbuy NAME...`: puts purchased items back on the list, keeping their purchase date.
enum UnbuyCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            try list.unbuy(list.resolveItems(names, in: .purchased))
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Back on the list:", unchanged: "already on the list", context: &context)
    }
}

/// `shop available NAME...|--all` and `shop unavailable NAME...`.
enum AvailabilityCommand {
    static func runAvailable(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            if all { return list.makeAllAvailable() }
            return try list.setAvailable(true, list.resolveItems(names, in: .all))
        }
        if all && outcomes.isEmpty { context.say("Every item is already available.") }
        ChangeReport.report(
            outcomes, in: list, changed: "Available again:", unchanged: "already available", context: &context)
    }

    static func runUnavailable(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            try list.setAvailable(false, list.resolveItems(names, in: .onList))
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Marked unavailable:", unchanged: "already unavailable", context: &context)
    }
}

/// `shop remove NAME...`: deletes items for good.
enum RemoveCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let store = try attempt { try context.store() }
        let removed = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                try list.remove(list.resolveItems(names, in: .all))
            }
        }
        context.say("Removed \(ChangeReport.joined(removed.map { Escape.forTerminal($0.name) }))")
    }
}

/// `shop edit NAME [options]`: changes one item.
enum EditCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        try ItemChangeOptions.refuseConflicts(invocation)
        let name = invocation.positionals[0]
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            var changes = try ItemChangeOptions.changes(from: invocation, in: list)
            changes.name = invocation.string("name")
            return [try list.edit(list.resolveItem(name, in: .all), changes)]
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", unchanged: "nothing to change", jsonKeepsUnchanged: true,
            context: &context)
    }
}
