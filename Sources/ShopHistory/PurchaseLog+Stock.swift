import ShopModel

/// What one `use` did to one item.
public struct UseOutcome: Sendable, Hashable {
    public let itemID: Item.ID
    /// What was at home before, family by family.
    public let before: Amount
    /// The part of the amount asked for that was not at home (`nil`: all of it was there).
    public let short: Amount.Part?
    /// Whether an entry was logged (nothing is when nothing was at home).
    public let logged: Bool
}

/// The stock commands' changes (SPEC section 18): each logs one entry per item and changes nothing else (the stock at
/// home is computed from the log); every refusal comes before any change.
extension PurchaseLog {
    /// The stock at home of `list`'s stocked items as this log says now.
    public func stockLedger(of list: ShoppingList, calendar: LocalCalendar = .current) -> StockLedger {
        StockLedger(items: list.items.filter(\.stock), log: self, calendar: calendar)
    }

    /// `use NAME... [-q AMOUNT | --all] [--spoiled]`: logs a use of each item, `amount` of it (`nil`: all).
    /// - Throws: ``HistoryError/notStocked(item:)``, ``HistoryError/otherFamily(item:asked:atHome:)``.
    public mutating func use(
        _ ids: [Item.ID], of list: ShoppingList, amount: Amount.Part?, spoiled: Bool, at date: Date, by device: String?,
        calendar: LocalCalendar = .current
    ) throws(HistoryError) -> [UseOutcome] {
        let ledger = stockLedger(of: list, calendar: calendar)
        var entries: [(StockEntry, Amount, Amount.Part?)] = []
        for id in ids {
            let item = try list.stockedItem(id)
            let before = ledger.items[id]?.total ?? .none
            let measured = amount?.measured(inPacksOf: item.pack)
            if let amount, let measured, !before.isEmpty,
                !before.parts.contains(where: { $0.unit.family == measured.unit.family })
            {
                throw .otherFamily(
                    item: item.name, asked: Amount(parts: [amount]).description, atHome: before.description)
            }
            // No more than is at home is logged: what is missing was never there to use, and a use logged for
            // more would stay owed and take it from the next lot bought (see ``StockLedger``).
            // A use of packs is measured in the packs' unit (SPEC 23), and so is what is short of it.
            var short: Amount.Part?
            var logged = amount
            if let measured, !before.isEmpty {
                let atHome = before.parts.reduce(ExactNumber.zero) {
                    $1.unit.family == measured.unit.family ? $0 + $1.baseQuantity : $0
                }
                let missing = measured.baseQuantity - atHome
                if missing > .zero, let taken = (atHome / measured.unit.sizeInBaseUnit),
                    let shortQuantity = missing / measured.unit.sizeInBaseUnit
                {
                    short = Amount.Part(quantity: shortQuantity, unit: measured.unit)
                    logged = Amount.Part(quantity: taken, unit: measured.unit)
                }
            }
            let entry = StockEntry(
                itemID: id, name: item.name, date: entryDate(date, of: id), by: device,
                kind: .use(logged, spoiled: spoiled))
            entries.append((entry, before, short))
        }
        for (entry, before, _) in entries where !before.isEmpty { add(entry) }
        return entries.map { entry, before, short in
            UseOutcome(itemID: entry.itemID, before: before, short: short, logged: !before.isEmpty)
        }
    }

    /// `open NAME`: opens the lot `use` would take next; returns that lot as opened.
    /// - Throws: ``HistoryError/notStocked(item:)``, ``HistoryError/nothingToOpen(item:)``.
    public mutating func open(
        _ id: Item.ID, of list: ShoppingList, at date: Date, by device: String?, calendar: LocalCalendar = .current
    ) throws(HistoryError) -> StockLot {
        let item = try list.stockedItem(id)
        guard let next = stockLedger(of: list, calendar: calendar).items[id]?.lots.first else {
            throw .nothingToOpen(item: item.name)
        }
        let entry = StockEntry(itemID: id, name: item.name, date: entryDate(date, of: id), by: device, kind: .open)
        add(entry)
        let lots = stockLedger(of: list, calendar: calendar).items[id]?.lots ?? []
        return lots.first { $0.purchaseID == next.purchaseID && $0.entryID == next.entryID } ?? next
    }

    /// `stock add NAME [-q AMOUNT] [--best-before DAY]`: a lot with no purchase (the item's own amount, else 1).
    public mutating func stockAdd(
        _ id: Item.ID, of list: ShoppingList, amount: Amount?, bestBefore: CalendarDay?, at date: Date,
        by device: String?
    ) throws(HistoryError) -> StockEntry {
        let item = try list.stockedItem(id)
        let added = amount ?? (item.quantity.isEmpty ? 1 : item.quantity)
        _ = try HistoryError.core { () throws(ShopError) in try Validation.amount(added) }
        let entry = StockEntry(
            itemID: id, name: item.name, date: entryDate(date, of: id), by: device,
            kind: .add(added, bestBefore: bestBefore))
        add(entry)
        return entry
    }

    /// The date-time a new entry of item `id` is logged at: `date` to the millisecond, or a millisecond after a line of
    /// the item logged at that moment (`SHOP_NOW`, a script), so the replay keeps the logged order.
    func entryDate(_ date: Date, of id: Item.ID) -> Date {
        let wanted = FieldStamps.milliseconds(date)
        var latest: Date?
        for purchase in purchases where purchase.itemID == id {
            latest = max(latest ?? purchase.date, purchase.date)
        }
        for entry in stockEntries where entry.itemID == id { latest = max(latest ?? entry.date, entry.date) }
        guard let latest, wanted <= latest, latest.timeIntervalSince(wanted) < 1 else { return wanted }
        return FieldStamps.milliseconds(latest.addingTimeInterval(0.001))
    }
}

extension ShoppingList {
    /// The item `id`, which must be kept in stock.
    fileprivate func stockedItem(_ id: Item.ID) throws(HistoryError) -> Item {
        guard let item = itemsByID[id] else { throw .core(.notFound(id.description, kind: .item, candidates: [])) }
        guard item.stock else { throw .notStocked(item: item.name) }
        return item
    }
}

/// Reading a best-before (`buy --best-before`, `stock add --best-before`).
public enum BestBefore {
    /// `YYYY-MM-DD`, or `Nd`: N days (0...3650) after `day` (the purchase's day); either in
    /// ``CalendarDay/writableYears``.
    public static func parse(_ text: String, from day: CalendarDay) throws(HistoryError) -> CalendarDay {
        if text.hasSuffix("d"), let days = Int(text.dropLast()), (0...3650).contains(days),
            text.first?.isNumber == true
        {
            let later = CalendarDay(number: day.number + days)
            guard later.isWritable else { throw .bestBeforeOutOfRange(later.description) }
            return later
        }
        switch CalendarDay.parse(text, writable: true) {
        case .success(let parsed): return parsed
        case .failure(.outOfRange): throw .bestBeforeOutOfRange(text)
        case .failure: throw .invalidBestBefore(text)
        }
    }
}

/// Waste (SPEC section 18): what was thrown away (`use --spoiled`) and what it cost, as `spending
/// --spoiled` and `stock --spoiled` report it.
extension PurchaseLog {
    /// A log that holds, instead of this one's purchases, one line per amount of `list`'s items thrown away, its line
    /// total the thrown-away share of its lot's purchase: `spending` sums it as it does purchases.
    public func wasteAsPurchases(of list: ShoppingList, calendar: LocalCalendar = .current) -> PurchaseLog {
        var lines: [Purchase] = []
        for (id, stock) in stockLedger(of: list, calendar: calendar).items {
            for spoiled in stock.spoiled {
                lines.append(
                    Purchase(
                        itemID: id, name: stock.name, date: spoiled.date, amount: Amount(parts: [spoiled.part]),
                        price: nil, lineTotal: spoiled.cost))
            }
        }
        lines.sort { $0.date != $1.date ? $0.date < $1.date : $0.name < $1.name }
        return PurchaseLog(loaded: lines)
    }
}
