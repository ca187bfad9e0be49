import ShopJSON
import ShopModel

// `stock --json` (SPEC section 18), its members spelt here, with the report it writes:
// `[{"id", "name", "amount", "amounts", "pace", "lots": [{"purchaseId" or null, "amount", "bought",
// "bestBefore", "opened", "expired", "expectedLeft"}]}]`, and `stock --spoiled --json`:
// `[{"date", "name", "amount", "cost"}]`. Amounts are `{"quantity", "unit"}` as in SPEC 11.1.

extension JSONWriter {
    /// The `stock --json` array.
    public mutating func stockReports(_ reports: [StockReport], today: CalendarDay) {
        beginArray()
        for report in reports {
            beginObject()
            let total = report.stock.total.parts
            key("amount")
            stockAmount(total.first)
            key("amounts")
            array(total) { $0.stockAmount($1) }
            key("id")
            uuid(report.item.id.uuid)
            key("lots")
            beginArray()
            for (lot, left) in zip(report.stock.lots, report.expectedLeft) {
                beginObject()
                key("amount")
                stockAmount(lot.amount)
                key("bestBefore")
                if let day = lot.bestBefore { string(day.description) } else { null() }
                key("bought")
                date(lot.bought)
                key("expectedLeft")
                stockAmount(left)
                key("expired")
                bool(lot.isExpired(on: today))
                key("opened")
                bool(lot.opened != nil)
                key("purchaseId")
                if let id = lot.purchaseID { uuid(id.uuid) } else { null() }
                endObject()
            }
            endArray()
            key("name")
            string(report.item.name)
            key("pace")
            stockAmount(report.pacePart)
            endObject()
        }
        endArray()
    }

    /// The `stock --spoiled --json` array: what was thrown away, oldest first.
    public mutating func spoilage(_ rows: [(name: String, spoilage: Spoilage)]) {
        beginArray()
        for (name, spoilage) in rows {
            beginObject()
            key("amount")
            stockAmount(spoilage.part)
            key("cost")
            if let cost = spoilage.cost { price(cost) } else { null() }
            key("date")
            date(spoilage.date)
            key("name")
            string(name)
            endObject()
        }
        endArray()
    }

    /// `{"quantity", "unit"}` as shown, or `null`.
    private mutating func stockAmount(_ part: Amount.Part?) {
        guard let part else { return null() }
        beginObject()
        key("quantity")
        amountNumber(part)
        key("unit")
        amountUnit(part)
        endObject()
    }
}
