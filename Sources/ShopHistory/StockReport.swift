import ShopModel

/// What `stock` shows of one item (SPEC section 18): its lots at home, its pace, and what each lot will
/// have left at its best-before at that pace.
public struct StockReport: Sendable {
    public let item: Item
    public let stock: ItemStock
    public let pace: StockPace?
    /// Per lot (in ``ItemStock/lots``' order): what will be left at its best-before, in the lot's unit;
    /// `nil` without a pace, a best-before, or in another family than the pace's.
    public let expectedLeft: [Amount.Part?]

    /// The reports of the stocked items with something at home whose name contains `search`, in name order.
    public static func reports(
        of list: ShoppingList, log: PurchaseLog, search: String? = nil, now: Date, calendar: LocalCalendar = .current
    ) -> [StockReport] {
        let ledger = log.stockLedger(of: list, calendar: calendar)
        let needle = search?.lowercased()
        let purchases = log.purchasesByItem()
        return list.items.filter { item in
            item.stock && !(ledger.items[item.id]?.lots.isEmpty ?? true)
                && (needle.map { item.name.lowercased().contains($0) } ?? true)
        }
        .sorted { NameOrder.precedes($0.name, $1.name) }
        .map { item in
            report(item, ledger.items[item.id]!, purchases: purchases[item.id] ?? [], now: now, calendar: calendar)
        }
    }

    /// One item's report.
    public static func report(
        _ item: Item, _ stock: ItemStock, purchases: [Purchase], now: Date, calendar: LocalCalendar
    ) -> StockReport {
        let pace = StockPace.of(stock, purchases: purchases)
        let left =
            pace.map { pace in
                zip(stock.lots, pace.expectedLeft(stock, now: now, calendar: calendar)).map { lot, base in
                    base.map { Amount.Part(quantity: ($0 / lot.unit.sizeInBaseUnit) ?? $0, unit: lot.unit) }
                }
            } ?? stock.lots.map { _ in nil }
        return StockReport(item: item, stock: stock, pace: pace, expectedLeft: left)
    }

    /// The pace per day in the unit of the item's first lot of the pace's family (`40 g`, `0.25 l`), to three places.
    public var pacePart: Amount.Part? {
        guard let pace else { return nil }
        let unit = stock.lots.first { $0.unit.family == pace.family }?.unit ?? .count
        let perDay = pace.perDay / unit.sizeInBaseUnit.doubleValue
        return Amount.Part(quantity: ExactNumber(scaled: Int128((perDay * 1000).rounded()), places: 3), unit: unit)
    }
}
