import ShopModel

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
