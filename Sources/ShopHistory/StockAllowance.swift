import ShopModel

/// What is at home for recipes and plans to count (SPEC section 18): each stocked item's unexpired lots,
/// family by family, in base units, taken down as the recipes of one command claim them.
///
/// One `recipe add` or `plan` counts what is at home once across all its recipes: two recipes needing 300 g of cheese
/// with 500 g at home put 100 g on the list. A later command counts the stock again (nothing is reserved).
package struct StockAllowance {
    private var left: [Item.ID: [MeasureUnit.Family: ExactNumber]] = [:]

    /// What is at home of every stocked item of `list` by `log`, when loaded; nothing without the log.
    package init(_ list: ShoppingList, log: PurchaseLog, now: Date, calendar: LocalCalendar = .current) {
        guard log.isLoaded, list.items.contains(where: \.stock) else { return }
        let ledger = log.stockLedger(of: list, calendar: calendar)
        let today = CalendarDay(number: calendar.dayNumber(of: now))
        for (id, stock) in ledger.items {
            var families: [MeasureUnit.Family: ExactNumber] = [:]
            for lot in stock.lots where !lot.isExpired(on: today) {
                families[lot.unit.family, default: .zero] = families[lot.unit.family, default: .zero] + lot.left
            }
            left[id] = families
        }
    }

    /// `amount` of item `id` less what is at home in each of its families, claiming what it takes; the
    /// amount itself when nothing of it is at home. An amount with no number (`{few%sprigs}`) is left alone.
    package mutating func remainder(of amount: Amount, for id: Item.ID) -> Amount {
        guard !amount.isEmpty, var families = left[id] else { return amount }
        var parts: [Amount.Part] = []
        for part in amount.parts {
            let wanted = part.baseQuantity
            let home = families[part.unit.family] ?? .zero
            let taken = min(wanted, home)
            families[part.unit.family] = home - taken
            let rest = wanted - taken
            if !rest.isZero {
                parts.append(Amount.Part(quantity: (rest / part.unit.sizeInBaseUnit) ?? rest, unit: part.unit))
            }
        }
        left[id] = families
        return Amount(parts: parts)
    }

    /// What is at home of item `id` in the families of `amount`'s parts, each in that part's unit (the
    /// first part of a family speaks for it); ``Amount/none`` when nothing is.
    func atHome(of id: Item.ID, like amount: Amount) -> Amount {
        guard let families = left[id] else { return .none }
        var seen: Set<MeasureUnit.Family> = []
        var parts: [Amount.Part] = []
        for part in amount.parts where seen.insert(part.unit.family).inserted {
            let home = families[part.unit.family] ?? .zero
            if !home.isZero {
                parts.append(Amount.Part(quantity: (home / part.unit.sizeInBaseUnit) ?? home, unit: part.unit))
            }
        }
        return Amount(parts: parts)
    }
}

extension ShoppingList {
    /// What is at home (unexpired) of each stocked item these needs are for, in its need's units (SPEC section 18), as
    /// `shop recipes` shows it; items with nothing at home are left out. Needs the loaded log.
    public func atHome(for needs: [RecipeNeed], in log: PurchaseLog, now: Date, calendar: LocalCalendar = .current)
        -> [Item.ID: Amount]
    {
        let stocked = needs.filter { !$0.amount.isEmpty && item($0.itemID)?.stock == true }
        guard !stocked.isEmpty else { return [:] }
        let home = StockAllowance(self, log: log, now: now, calendar: calendar)
        var found: [Item.ID: Amount] = [:]
        for need in stocked where found[need.itemID] == nil {
            let amount = home.atHome(of: need.itemID, like: need.amount)
            if !amount.isEmpty { found[need.itemID] = amount }
        }
        return found
    }
}
