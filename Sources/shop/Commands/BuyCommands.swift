import ShopKit

/// `shop buy NAME... [--price P] [-q N] [--date DAY]` / `shop buy --all`: moves items off the list and
/// logs a purchase each (SPEC section 10). Appends to the purchase log without reading it.
enum BuyCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let now = context.now
        let invocation = context.invocation
        let date = try context.purchaseDate()
        let store = try attempt { try context.store() }
        let (outcomes, skipped, list) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                var details = PurchaseDetails(date: date, store: try context.storeInEffect(in: list))
                if let quantity = invocation.int("quantity") { details.quantity = try Validation.quantity(quantity) }
                if let price = invocation.string("price") { details.price = try Validation.price(price) }
                guard all else {
                    // A receipt entered later (--date) may log items already off the list.
                    let ids = try list.resolveItems(names, in: date == nil ? .onList : .all)
                    return (try list.buy(ids, at: now, details: details), [Item](), list)
                }
                // At a store, --all buys only what is there (SPEC section 7).
                let outcomes = try list.buy(list.itemsToBuyAll(at: details.store), at: now, details: details)
                let walk = list.walk(at: details.store)
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

/// `shop unbuy NAME...`: puts purchased items back on the list, deleting each one's latest purchase and
/// restoring the date from before it (SPEC section 10).
enum UnbuyCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let store = try attempt { try context.store() }
        let (outcomes, list) = try attempt {
            try store.update(loadingLog: true) { (list: inout ShoppingList) throws(ShopError) in
                (try list.unbuy(list.resolveItems(names, in: .purchased), deletingLatestPurchase: true), list)
            }
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Back on the list:", unchanged: "already on the list", context: &context)
    }
}

/// `shop drop NAME...`: takes items off the list without buying them: no purchase, date unchanged.
enum DropCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let names = try context.requireNames()
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            try list.drop(list.resolveItems(names, in: .onList))
        }
        ChangeReport.report(outcomes, in: list, changed: "Off the list (not bought):", unchanged: "not on the list", context: &context)
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
