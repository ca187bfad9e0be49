import ShopModel

/// What `buy` records beyond "bought now" (SPEC 10, 12): its options, and the store and device in effect.
public struct PurchaseDetails: Sendable, Hashable {
    /// When it was bought (a receipt entered later); `nil` is now.
    public var date: Date?
    /// The amount bought (`-q`): replaces what the list showed, never adds to it; also becomes the item's.
    public var quantity: Amount?
    /// The unit price paid (`--price`, with its unit or per the unit of what was bought).
    public var price: TypedPrice?
    /// The line total paid (`--paid`): the unit price is this over the amount.
    public var paid: Price?
    /// The store in effect (section 7), if any.
    public var store: Store?
    /// A store name that is none of the stores (`buy --store "farmers market"`), logged as it is.
    public var storeName: String?
    /// The device that logs the purchase.
    public var by: String?
    /// `--again`: log another purchase of an item already bought that day.
    public var again: Bool
    /// The purchase's id when one item is bought (`shop serve` gives it the id of the phone's op, so the
    /// page can take back exactly that purchase); `nil` draws a fresh one.
    public var purchaseID: Purchase.ID?
    /// `--best-before`: the best-before of the lot a stocked item's purchase makes (SPEC section 18).
    public var bestBefore: CalendarDay?

    public init(
        date: Date? = nil, quantity: Amount? = nil, price: TypedPrice? = nil, paid: Price? = nil, store: Store? = nil,
        storeName: String? = nil, by: String? = nil, again: Bool = false, purchaseID: Purchase.ID? = nil
    ) {
        self.date = date
        self.quantity = quantity
        self.price = price
        self.paid = paid
        self.store = store
        self.storeName = storeName
        self.by = by
        self.again = again
        self.purchaseID = purchaseID
    }
}

extension ShoppingList {
    /// `buy --all`: buys every item on the list that is available, in walking order. At a store
    /// (`details.store`), only the items at its locations and the Unknown Location (SPEC section 7), and
    /// only those not out of stock there; the others stay on the list for next time.
    /// - Parameter list: the list whose items are bought (SPEC 22: the list in effect); `nil`: every list.
    /// - Returns: the outcomes, and the items at the store left on the list as unavailable (name order).
    /// - Throws: what ``buy(_:at:details:log:)`` throws; nothing is changed then.
    public mutating func buyAll(
        at now: Date, details: PurchaseDetails = PurchaseDetails(), on list: NamedList.ID? = nil,
        log: inout PurchaseLog
    ) throws(ShopError) -> (outcomes: [ItemOutcome], unavailable: [Item]) {
        let store = details.store
        let walk = self.walk(at: store)
        let atStore = walkingOrder(
            items.filter { $0.onList && (list == nil || $0.listID == list) && walk.isAtStore($0.locationID) },
            along: walk)
        let unavailable = nameOrder(atStore.filter { !isAvailable($0, at: store) })
        let outcomes = try buy(
            atStore.filter { isAvailable($0, at: store) }.map(\.id), at: now, details: details, log: &log)
        return (outcomes, unavailable)
    }

    /// `buy`: takes items off the list and logs one purchase each (SPEC sections 10 and 12). The item's date becomes
    /// the purchase's (`now` unless `details` gives a date), unless it already holds a later one (a receipt entered late
    /// does not move it back). A bought item is available again: "out of stock" was about one trip, and it was found.
    ///
    /// What is logged is what was bought: the amount the list showed (every part, what recipes need included) or `-q`,
    /// in whole packs for an item with a pack size; at the price with its unit, or the line total paid. An item off the
    /// list is bought too (an unplanned purchase), unless this purchase repeats one of that item on that same day
    /// exactly (SPEC 16: same amount, store, price and line total): then it is `.unchanged` unless `details.again` is
    /// set. Telling a repeat needs that day's purchases: with the log not loaded (see
    /// ``buyNeedsPurchaseLog(_:at:details:log:)``) any purchase of that day counts as one (`shop serve`'s taps).
    /// - Parameter log: the purchase log, as far as the command read it; the purchases are added to it.
    public mutating func buy(
        _ ids: [Item.ID], at now: Date, details: PurchaseDetails = PurchaseDetails(), log: inout PurchaseLog
    ) throws(ShopError) -> [ItemOutcome] {
        let date = Self.wholeSeconds(details.date ?? now)
        if let quantity = details.quantity { _ = try Validation.amount(quantity) }
        let sameDay = purchasesOnDayOf(date, of: repeatCandidates(ids, on: date, details: details), in: log)
        var bought: [Purchase] = []
        var ownBefore: [Item.ID: Item] = [:]
        let loaded = log.isLoaded
        // Needs written after the purchase was made stay on the list (SPEC 23), and are not what it bought: only a
        // purchase dated before now (a receipt entered later, a phone's tap that arrives late) can be older than a need.
        let standing = details.date.map { $0 < now ? needsWritten(after: $0, of: Set(ids)) : [:] } ?? [:]
        let needsOfStanding = standing.isEmpty ? [:] : recipeNeeds(of: Set(standing.keys))
        let outcomes = try updateEach(ids) { item in
            let id = ids.count == 1 ? details.purchaseID ?? .random() : .random()
            let original = item
            var changed = item
            if let newer = standing[item.id] {
                let newerIDs = Set(newer.map(\.id))
                changed.recipeNeed = (needsOfStanding[item.id] ?? []).filter { !newerIDs.contains($0.id) }
                    .reduce(Amount.none) { $0.adding($1.amount) }
            }
            let purchase = Self.purchase(of: &changed, id: id, on: date, details: details)
            if let earlier = sameDay[item.id], !loaded || earlier.contains(where: { $0.isRepeat(of: purchase) }) {
                return
            }
            item = changed
            ownBefore[item.id] = original
            bought.append(purchase)
            item.onList = false
            item.recipesOnly = false
            // Bought means found: "out of stock" was about one trip.
            item.isAvailable = true
            if let store = details.store { item.unavailableAt.removeAll { $0 == store.id } }
            if item.dateLastPurchased.map({ $0 < date }) ?? true { item.dateLastPurchased = date }
        }
        let logged = Set(bought.map(\.itemID))
        let needsBefore = recipeNeeds(of: logged)
        settleRecipeNeeds(of: logged, except: standing)
        // What the purchase did not cover keeps the item on the list, for those recipes only: its own amount
        // was on the list when it was bought, and is bought.
        for id in standing.keys where logged.contains(id) {
            itemsByID[id]!.onList = true
            itemsByID[id]!.recipesOnly = true
        }
        for var purchase in bought {
            purchase.bestBefore = details.bestBefore
            // SPEC 22: the list it was bought from (buying leaves the item's list as its home list).
            if let item = itemsByID[purchase.itemID], let list = listLogged(buying: item) {
                purchase.listID = list.id
                purchase.listName = list.name
            }
            if let original = ownBefore[purchase.itemID] {
                purchase.listedBefore = listedBefore(original, needs: needsBefore[purchase.itemID] ?? [])
            }
            log.add(purchase)
        }
        return outcomes.map { logged.contains($0.id) ? ItemOutcome(id: $0.id, kind: .changed) : $0 }
    }

    /// What `unbuy` of a purchase of `original` must give back (SPEC 16): its own amount, whether it was on the list for
    /// recipes only, and the recipe needs the purchase settled; `nil` when buying changed none of them.
    private func listedBefore(_ original: Item, needs: [RecipeNeed]) -> Purchase.ListedBefore? {
        // A need a purchase leaves standing (one added after it) is not the purchase's to give back.
        let settled = needs.filter { needsByID[$0.id] == nil }
        guard !settled.isEmpty || original.recipesOnly || itemsByID[original.id]?.quantity != original.quantity
        else { return nil }
        return Purchase.ListedBefore(
            quantity: original.quantity, recipesOnly: original.recipesOnly,
            needs: settled.map { Purchase.ListedBefore.Need(recipeID: $0.recipeID, amount: $0.amount) })
    }

    /// Whether ``buy(_:at:details:log:)`` must see the purchase log to tell a repeat from a second purchase (SPEC 16): an
    /// item off the list, bought on that day already, and the log not loaded. Otherwise `buy` appends without reading it.
    public func buyNeedsPurchaseLog(_ ids: [Item.ID], at now: Date, details: PurchaseDetails, log: PurchaseLog)
        -> Bool
    {
        !log.isLoaded && !repeatCandidates(ids, on: Self.wholeSeconds(details.date ?? now), details: details).isEmpty
    }

    /// The items whose purchase on `date` may repeat one of that day: off the list, not `--again`, and
    /// bought that day or later (a receipt entered late may repeat one logged before a later purchase).
    private func repeatCandidates(_ ids: [Item.ID], on date: Date, details: PurchaseDetails) -> Set<Item.ID> {
        guard !details.again else { return [] }
        let calendar = LocalCalendar.current
        let day = calendar.dayNumber(of: date)
        return Set(
            ids.filter { id in
                guard let item = itemsByID[id], !item.onList, let last = item.dateLastPurchased else { return false }
                return calendar.dayNumber(of: last) >= day
            })
    }

    /// The purchases of `items` on the local day of `date`, by item, in one pass over the log; with the log
    /// not loaded, each item bought that day maps to no purchase (so any purchase that day is a repeat).
    private func purchasesOnDayOf(_ date: Date, of items: Set<Item.ID>, in log: PurchaseLog) -> [Item.ID: [Purchase]] {
        guard !items.isEmpty else { return [:] }
        let calendar = LocalCalendar.current
        let day = calendar.dayNumber(of: date)
        guard log.isLoaded else {
            return Dictionary(
                uniqueKeysWithValues: items.compactMap { id in
                    itemsByID[id]?.dateLastPurchased.flatMap { calendar.dayNumber(of: $0) == day ? (id, []) : nil }
                })
        }
        var found: [Item.ID: [Purchase]] = [:]
        for purchase in log.purchases where items.contains(purchase.itemID) {
            if calendar.dayNumber(of: purchase.date) == day { found[purchase.itemID, default: []].append(purchase) }
        }
        return found
    }

    /// The purchase of `item` as `buy` logs it, giving the item the amount and price given.
    private static func purchase(of item: inout Item, id: Purchase.ID, on date: Date, details: PurchaseDetails)
        -> Purchase
    {
        let amount = details.quantity ?? item.amount
        var pricing = item.pricing
        if let store = details.store, let last = item.lastPrice(at: store.id) {
            pricing = Pricing(price: last.price, unit: last.unit, pack: item.pack)
        }
        if let typed = details.price {
            let unit = typed.unit ?? (item.pack != nil ? .pack : amount.parts.first?.unit.pricingUnit ?? .count)
            pricing = Pricing(price: typed.price, unit: unit, pack: item.pack)
        }
        var lineTotal = pricing?.lineTotal(of: amount)
        var price = pricing?.price
        var priceUnit = pricing?.unit ?? .count
        if let paid = details.paid {
            lineTotal = paid
            // Per the price's unit when what was bought holds it, else per the unit of what was bought.
            if let pricing, let units = pricing.pricedUnits(of: amount) {
                price = UnitPrice(total: paid, over: units)
            } else if let first = amount.parts.first, let units = amount.quantity(in: first.unit.pricingUnit) {
                priceUnit = first.unit.pricingUnit
                price = UnitPrice(total: paid, over: units)
            }
        }
        var priceBefore: Purchase.PriceBefore?
        if details.price != nil || details.paid != nil, let price, details.store == nil || item.price == nil {
            // An item's own price is in cents (SPEC 1): a store's exact price is kept per store.
            let own = details.price?.price.cents ?? price.rounded
            if own != item.price || priceUnit != item.priceUnit {
                priceBefore = item.price.map { .price($0, item.priceUnit) } ?? Purchase.PriceBefore.none
                item.price = own
                item.priceUnit = priceUnit
            }
        }
        if let quantity = details.quantity { item.quantity = quantity }
        if let store = details.store, let price, lineTotal != nil || details.price != nil {
            item.recordPrice(price, unit: priceUnit, at: store.id, on: date)
        }
        return Purchase(
            id: id, itemID: item.id, name: item.name, date: date,
            amount: item.pack.map { amount.inPacks(of: $0) } ?? amount,
            price: price, priceUnit: priceUnit, lineTotal: lineTotal, store: details.store?.name ?? details.storeName,
            storeID: details.store?.id, by: details.by, dateBefore: item.dateLastPurchased, priceBefore: priceBefore)
    }
}

extension Purchase {
    /// Whether this purchase is the same as `other` as a receipt tells them apart (SPEC 16): the same amount,
    /// store, unit price and line total. Ids, times and devices differ between any two purchases.
    func isRepeat(of other: Purchase) -> Bool {
        amount == other.amount && store == other.store && storeID == other.storeID && price == other.price
            && priceUnit == other.priceUnit && lineTotal == other.lineTotal
    }
}

extension Item {
    /// Gives back the price a deleted purchase replaced (`unbuy`), when it replaced one.
    package mutating func restorePrice(before purchase: Purchase) {
        switch purchase.priceBefore {
        case nil: return
        case .none?:
            price = nil
            priceUnit = .count
        case .price(let old, let unit)?:
            price = old
            priceUnit = unit
        }
    }
}
