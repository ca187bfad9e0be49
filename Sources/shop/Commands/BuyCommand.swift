import ShopKit

/// `shop buy NAME... [-q AMOUNT] [--price P | --paid TOTAL] [--date DAY] [--again]` / `shop buy --all`:
/// moves items off the list and logs a purchase each (SPEC sections 10, 12 and 16). Appends to the
/// purchase log without reading it, unless an item off the list was bought that day already.
enum BuyCommand {
    static let spec = CommandSpec(
        name: "buy",
        abstract: "Buy items: take them off the list and log the purchase.",
        discussion: """
            Each item bought is logged with the amount the list showed (what recipes need included) or the \
            one given with -q (which replaces it), at its price, or at the line total paid (--paid), with the \
            store in effect (--store, $SHOP_STORE, else the current store) and this device's name; see \
            'shop history'. An item bought in packs is logged in whole packs. An item off the list is logged \
            too (an unplanned purchase), unless it repeats a purchase of that same day exactly (the same \
            amount, store and price): then nothing is logged, which is said even with --quiet, and --again \
            logs it. With --json, each item bought is its item object with "logged": true, and each left alone is \
            only {"id", "logged": false, "name"}. --store may name a shop that is not a store: the purchase is logged there. With --date, \
            a receipt entered later. A bought item is available again. At a store, --price and --paid leave \
            the item's own price alone unless it had none.
            """,
        arguments: [CommandTable.itemNames("The items to buy")],
        options: [
            CommonOptions.all.help(
                "Buy every available item on the list in effect (--list, $SHOP_LIST, else the current list)."
            )
            .spec
        ] + ReceiptOptions.specs
            + [StockOptions.bestBefore.spec, CommonOptions.json("the affected items").spec],
        argumentsOptionalWith: "all",
        data: .writes(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let receipt = ReceiptOptions(context.options)
        if receipt.price != nil && receipt.paid != nil {
            throw context.usageError("'--price' and '--paid' cannot be used together")
        }
        let now = context.now
        let date = try context.purchaseDate(receipt.date)
        // The log is read only when a purchase may repeat one of that day (SPEC 16), or an item kept in
        // stock is bought (its warning reads the lots): decided on the list as read, under the same lock, so
        // the change below runs once and finds the log loaded whenever it needs it.
        let bestBefore = context.options[StockOptions.bestBefore]
        let repeatCheck = PurchaseDetails(date: date, store: nil, storeName: nil, again: receipt.again)
        let needsLog = { (list: ShoppingList) -> Bool in
            let items: [Item]
            if all {
                // Every list's: an item kept in stock on another list only reads the log for nothing.
                items = list.items.filter(\.onList)
            } else {
                guard let ids = try? list.resolveItems(names, in: .onList) else { return false }
                let unread = PurchaseLog(isLoaded: false)
                if list.buyNeedsPurchaseLog(ids, at: now, details: repeatCheck, log: unread) { return true }
                items = ids.compactMap(list.item)
            }
            return items.contains(where: \.stock)
        }
        let result = try context.updateWorkspace(purchaseLog: false, when: needsLog) {
            (workspace: inout Workspace) throws(HistoryError) in
            var details = try HistoryError.core { () throws(ShopError) in
                let (inEffect, storeName) = try context.buyStore(in: workspace.list)
                var details = PurchaseDetails(
                    date: date, store: inEffect, storeName: storeName, by: context.deviceName, again: receipt.again)
                details.quantity = try receipt.quantityBought?.get()
                details.price = try receipt.price?.get()
                details.paid = try receipt.paid?.get()
                return details
            }
            // The lot's best-before is the history's option: checked after the core's, as always.
            details.bestBefore = try StockOptions.bestBefore(bestBefore, on: date ?? now)
            return try HistoryError.core { () throws(ShopError) in
                guard all else {
                    // Exact names reach items off the list too (an unplanned purchase); prefixes the list's.
                    let ids = try workspace.list.resolveItems(names, in: .onList)
                    let outcomes = try workspace.list.buy(ids, at: now, details: details, log: &workspace.log)
                    return Bought(
                        outcomes: outcomes, skipped: [], workspace: workspace, storeName: details.storeName,
                        atStore: nil)
                }
                // At a store, --all buys only what is there (SPEC section 7): ShopKit's rule. Of one list: the list in
                // effect (SPEC 22), never what waits on the others (the party's cake is not in this trip's cart).
                let onList = try context.listInEffect(in: workspace.list).id
                let (outcomes, unavailable) = try workspace.list.buyAll(
                    at: now, details: details, on: onList, log: &workspace.log)
                return Bought(
                    outcomes: outcomes, skipped: unavailable, workspace: workspace, storeName: details.storeName,
                    atStore: details.store)
            }
        }
        let (outcomes, skipped, storeName, atStore) = (
            result.outcomes, result.skipped, result.storeName, result.atStore
        )
        let list = result.workspace.list
        if let storeName {
            context.say("\(Quoted.value(storeName)) is not one of the stores: logged as bought there")
        }
        if all && outcomes.isEmpty { context.say("Nothing to buy: no available item is on the list.") }
        let unchanged =
            (date == nil ? "already bought today" : "already bought that day")
            + " with the same amount, store and price: nothing logged (--again logs another)"
        ChangeReport.report(
            outcomes, in: list, changed: "Bought", unchanged: unchanged, jsonLogged: true, context: &context)
        if atStore != nil { sayUnknownLocation(outcomes, in: list, &context) }
        StockWarning.warn(bought: outcomes, in: result.workspace, &context)
        // Said, not skipped silently: the user may have found it after all ('shop buy NAME' buys it).
        if !skipped.isEmpty {
            context.say(
                "Still on the list, unavailable: \(ChangeReport.joined(skipped.map { Escape.forTerminal($0.name) }))")
        }
    }

    /// What `buy` did.
    private struct Bought {
        var outcomes: [ItemOutcome]
        var skipped: [Item]
        var workspace: Workspace
        var storeName: String?
        var atStore: Store?
    }

    /// `buy --all` at a store also buys the items at the Unknown Location (every store has it, SPEC
    /// section 7): said on a line of its own, since "buys what the store has" does not make it obvious.
    static func sayUnknownLocation(
        _ outcomes: [ItemOutcome], in list: ShoppingList, _ context: inout CommandContext
    ) {
        let unknown = list.unknownLocation
        let names = outcomes.lazy.filter { $0.kind == .changed }.compactMap { list.item($0.id) }
            .filter { $0.locationID == unknown.id }.map { Escape.forTerminal($0.name) }
        guard !names.isEmpty else { return }
        context.say(
            "Among them, from the \(Escape.forTerminal(unknown.name)) (which every store has): \(ChangeReport.joined(Array(names)))"
        )
    }
}
