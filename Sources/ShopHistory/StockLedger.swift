import ShopModel

/// What is at home, computed from the purchase log (SPEC section 18): every purchase of a stocked item is a lot, and
/// the log's stock entries are replayed in date-time order (then id), the same on every device.
///
/// A purchase counts from the calendar day the item was marked `--stock` (its field's stamp), or from the day of its
/// first stock entry when that is earlier: an item bought for years and then kept in stock starts with nothing at home,
/// not with years of lots. An item whose `stock` has no stamp counts every purchase.
///
/// A use of an amount that finds less at home than it asks for stays owed, and takes the rest from the next lot of its
/// family when that comes (SPEC 23): a use dated before the lot it took from, because the device that bought the lot
/// has a clock ahead of the one that used it, is never lost. (`use` itself logs no more than what is at home when it
/// runs, so what stays owed comes only from clocks apart and from devices that used the same lot before they synced.)
public struct StockLedger: Sendable {
    /// Each stocked item's stock, by id.
    public private(set) var items: [Item.ID: ItemStock] = [:]
    /// What each `use` of the replay left short, by entry id, in base units: what no lot had paid by its end.
    public private(set) var shortfalls: [StockEntry.ID: ExactNumber] = [:]
    /// The uses still owed, item by item, oldest first.
    private var owed: [Item.ID: [OwedUse]] = [:]

    /// The stock of `items` (those kept in stock) from `log`.
    public init(items stocked: [Item], log: PurchaseLog, calendar: LocalCalendar) {
        var byID: [Item.ID: Item] = [:]
        for item in stocked where item.stock { byID[item.id] = item }
        guard !byID.isEmpty else { return }
        var events: [Event] = []
        // The first day each item's lots count from: the day it was marked, or its first entry if earlier.
        var since: [Item.ID: Int] = [:]
        for item in byID.values {
            if let marked = item.modifiedAt[ItemKey.stock.rawValue] { since[item.id] = calendar.dayNumber(of: marked) }
        }
        for entry in log.stockEntries {
            guard let day = since[entry.itemID] else { continue }
            since[entry.itemID] = min(day, calendar.dayNumber(of: entry.date))
        }
        for purchase in log.purchases {
            guard let item = byID[purchase.itemID] else { continue }
            if let day = since[item.id], calendar.dayNumber(of: purchase.date) < day { continue }
            events.append(Event(date: purchase.date, key: OrderKey(purchase.id.uuid), what: .purchase(purchase)))
        }
        for entry in log.stockEntries where byID[entry.itemID] != nil {
            events.append(Event(date: entry.date, key: OrderKey(entry.id.uuid), what: .entry(entry)))
        }
        events.sort { $0.date != $1.date ? $0.date < $1.date : $0.key < $1.key }
        for item in byID.values { items[item.id] = ItemStock(itemID: item.id, name: item.name) }
        for event in events {
            switch event.what {
            case .purchase(let purchase):
                addLots(
                    of: purchase.amount, item: byID[purchase.itemID]!, bought: purchase.date,
                    bestBefore: purchase.bestBefore, purchaseID: purchase.id, entryID: nil,
                    lineTotal: purchase.lineTotal, calendar: calendar)
            case .entry(let entry): apply(entry, item: byID[entry.itemID]!, calendar: calendar)
            }
        }
    }

    /// A use that found less at home than it asked for: the rest, taken from the next lots of its family.
    private struct OwedUse {
        let entryID: StockEntry.ID
        let date: Date
        let family: MeasureUnit.Family
        var wanted: ExactNumber
        let spoiled: Bool
    }

    private struct Event {
        let date: Date
        let key: OrderKey
        let what: What
        enum What {
            case purchase(Purchase)
            case entry(StockEntry)
        }
    }

    /// The lots of a purchase or a `stock add`: one per part of its amount (a purchase is usually one part), good until
    /// `bestBefore`, else for the item's `keeps` days. A lot of packs is its measure at home (SPEC section 23): 4 packs
    /// of 250 g butter are 1 kg, for recipes and `use -q 50g` alike.
    private mutating func addLots(
        of amount: Amount, item: Item, bought: Date, bestBefore: CalendarDay?, purchaseID: Purchase.ID?,
        entryID: StockEntry.ID?, lineTotal: Price?, calendar: LocalCalendar
    ) {
        let bestBefore = bestBefore ?? item.keeps.map { CalendarDay(number: calendar.dayNumber(of: bought) + $0) }
        let parts = amount.parts.map { $0.measured(inPacksOf: item.pack) }
        for part in parts {
            let size = part.baseQuantity
            // The line total belongs to the first part (SPEC section 11.1: it is what was priced).
            let cost = part == parts.first ? lineTotal.map { ($0, size) } : nil
            items[item.id]?.insert(
                StockLot(
                    purchaseID: purchaseID, entryID: entryID, unit: part.unit, left: size, bought: bought,
                    bestBefore: bestBefore, opened: nil, cost: cost))
        }
        payOwedUses(of: item.id)
    }

    /// Takes what the item's owed uses still want from its lots, oldest use first.
    private mutating func payOwedUses(of id: Item.ID) {
        guard var uses = owed[id], !uses.isEmpty, var stock = items[id] else { return }
        for index in uses.indices {
            let use = uses[index]
            uses[index].wanted = Self.take(
                use.wanted, of: use.family, spoiled: use.spoiled, at: use.date, from: &stock)
            shortfalls[use.entryID] = uses[index].wanted.isZero ? nil : uses[index].wanted
        }
        stock.lots.removeAll { $0.left.isZero }
        items[id] = stock
        owed[id] = uses.filter { !$0.wanted.isZero }
    }

    /// Takes `wanted` (base units of `family`; `nil`: all there is) from the lots in the order they go, as eaten
    /// or, `spoiled`, thrown away; returns what is still wanted (zero when `wanted` is `nil`). One use, however
    /// many lots it took from (`--all` of lots in two families: the last one's).
    private static func take(
        _ wanted: ExactNumber?, of family: MeasureUnit.Family?, spoiled: Bool, at date: Date,
        from stock: inout ItemStock
    ) -> ExactNumber {
        var wanted = wanted
        var eaten = ExactNumber.zero
        var eatenFamily: MeasureUnit.Family?
        for index in stock.lots.indices where family == nil || stock.lots[index].unit.family == family {
            let lot = stock.lots[index]
            let taken = wanted.map { min($0, lot.left) } ?? lot.left
            guard !taken.isZero else { continue }
            stock.lots[index].left = lot.left - taken
            wanted = wanted.map { $0 - taken }
            if spoiled {
                let shown = Amount.Part(quantity: (taken / lot.unit.sizeInBaseUnit) ?? taken, unit: lot.unit)
                stock.spoiled.append(Spoilage(part: shown, date: date, cost: lot.cost(of: taken)))
            } else {
                eaten = eaten + taken
                eatenFamily = lot.unit.family
            }
            if wanted?.isZero == true { break }
        }
        if let eatenFamily { stock.uses.append((date, eaten, eatenFamily)) }
        return wanted ?? .zero
    }

    private mutating func apply(_ entry: StockEntry, item: Item, calendar: LocalCalendar) {
        guard var stock = items[item.id] else { return }
        // The lots are kept in the order they go: new ones inserted in place, a re-sort only after an open.
        switch entry.kind {
        case .add(let amount, let bestBefore):
            addLots(
                of: amount, item: item, bought: entry.date, bestBefore: bestBefore, purchaseID: nil, entryID: entry.id,
                lineTotal: nil, calendar: calendar)
            stock = items[item.id]!
        case .open:
            if let index = stock.lots.indices.first {
                stock.lots[index].opened = stock.lots[index].opened ?? entry.date
                if let days = item.keepsOpen {
                    let limit = CalendarDay(number: calendar.dayNumber(of: entry.date) + days)
                    stock.lots[index].bestBefore = min(stock.lots[index].bestBefore ?? limit, limit)
                }
                stock.lots.sort(by: StockLot.goesBefore)
            }
        case .use(let asked, let spoiled):
            // `use -q 1` of an item bought in packs is one pack; `-q 1l` of 1 l packs, one of them.
            let part = asked?.measured(inPacksOf: item.pack)
            let wanted = part?.baseQuantity
            let left = Self.take(wanted, of: part?.unit.family, spoiled: spoiled, at: entry.date, from: &stock)
            if let part, !left.isZero {
                shortfalls[entry.id] = left
                owed[item.id, default: []].append(
                    OwedUse(
                        entryID: entry.id, date: entry.date, family: part.unit.family, wanted: left, spoiled: spoiled))
            }
        }
        if case .use = entry.kind { stock.lots.removeAll { $0.left.isZero } }
        items[item.id] = stock
    }
}
