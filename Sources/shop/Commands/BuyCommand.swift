import ShopKit

/// `shop buy NAME... [--price P] [-q N] [--date DAY]` / `shop buy --all`: moves items off the list and
/// logs a purchase each (SPEC section 10). Appends to the purchase log without reading it.
enum BuyCommand {
    /// `shop buy`.
    static let spec = CommandSpec(
        name: "buy",
        abstract: "Buy items: take them off the list and log the purchase.",
        discussion: """
            Each item bought is logged with its quantity, its price and the store in effect (--store, \
            $SHOP_STORE, else the current store); see 'shop history'. With --date, a receipt entered later: \
            items already off the list are logged too. A bought item is available again. With --json, items \
            that were already bought are left out of the affected items; standard error names them.
            """,
        arguments: [CommandTable.itemNames("The items to buy")],
        options: [
            CommonOptions.all.help("Buy every available item on the list.").spec,
            CommonOptions.price.help("The unit price paid (also becomes the item's price).").spec,
            CommonOptions.quantity.spec,
            date.spec,
            CommonOptions.json("the affected items").spec,
        ],
        argumentsOptionalWith: "all",
        run: run
    )

    /// `--date <YYYY-MM-DD>`: a receipt entered later.
    static let date = OptionKey.day(
        "date", help: "The day it was bought (default: now), for receipts entered later.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let all = try context.namesOrAll()
        let names = all ? [] : try context.requireNames()
        let now = context.now
        let options = context.options
        let date = try context.purchaseDate(date)
        let store = try attempt { try context.store() }
        let (outcomes, skipped, list, atStore) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                var details = PurchaseDetails(date: date, store: try context.storeInEffect(in: list))
                if let quantity = options[CommonOptions.quantity] {
                    details.quantity = try Validation.quantity(quantity)
                }
                if let price = try options[CommonOptions.price]?.get() { details.price = price }
                guard all else {
                    // A receipt entered later (--date) may log items already off the list.
                    let ids = try list.resolveItems(names, in: date == nil ? .onList : .all)
                    return (try list.buy(ids, at: now, details: details), [Item](), list, Store?.none)
                }
                // At a store, --all buys only what is there (SPEC section 7), in walking order; one view
                // of the list there tells what to buy and what stays (unavailable).
                let view = list.view(of: list.items.filter(\.onList), at: details.store)
                let atStore = view.items.filter { view.walk.isAtStore($0.locationID) }
                let outcomes = try list.buy(atStore.filter(\.isAvailable).map(\.id), at: now, details: details)
                return (outcomes, list.nameOrder(atStore.filter { !$0.isAvailable }), list, details.store)
            }
        }
        if all && outcomes.isEmpty { context.say("Nothing to buy: no available item is on the list.") }
        ChangeReport.report(outcomes, in: list, changed: "Bought", unchanged: "already bought", context: &context)
        if atStore != nil { sayUnknownLocation(outcomes, in: list, &context) }
        // Said, not skipped silently: the user may have found it after all ('shop buy NAME' buys it).
        if !skipped.isEmpty {
            context.say(
                "Still on the list, unavailable: \(ChangeReport.joined(skipped.map { Escape.forTerminal($0.name) }))")
        }
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
