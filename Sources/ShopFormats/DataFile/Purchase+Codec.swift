import ShopJSON
import ShopModel

// A purchase's reader, from a purchase log line (``PurchaseKey``, declared in ShopModel's
// `Fields/Purchase+Fields.swift`, where ``JSONWriter/purchase(_:withLineTotal:)`` writes it).

extension DataFileDecoder {
    /// A purchase object (or, in the log, a deletion). `unit` is written only in output and ignored when
    /// read (the amount's text holds the unit); a `lineTotal` missing from a line logged before version 5
    /// is quantity × price, as it was then.
    mutating func purchaseEntry(number: Int) throws(JSONScanFailure) -> LogEntry {
        try beginRecord("purchase", number: number, keys: PurchaseKey.self)
        var id: UUID?
        var itemID: UUID?
        var deleted: UUID?
        var name: String?
        var date: Date?
        var dateBefore: Date?
        var amount: Amount = 1
        var price: UnitPrice?
        var priceExact: (text: String, at: Int)?
        var priceUnit = MeasureUnit.count
        var lineTotal: Price??
        var priceBefore: Purchase.PriceBefore?
        var listedBefore: Purchase.ListedBefore?
        var store: String?
        var storeID: UUID?
        var by: String?
        var listName: String?
        var listID: UUID?
        var bestBefore: CalendarDay?
        var stockItem: UUID?
        var stockKind: String?
        var spoiled = false
        var amountGiven = false
        var preciseDate: Date?
        try readMembers { (decoder, key: PurchaseKey) throws(JSONScanFailure) in
            switch key {
            case .bestBefore: bestBefore = try decoder.day(key.rawValue)
            case .by: by = try decoder.scanner.memberString(key.rawValue)
            case .stockItem: stockItem = try decoder.scanner.memberUUID(key.rawValue)
            case .spoiled: spoiled = try decoder.scanner.memberBool(key.rawValue) ?? false
            case .stockEntry: stockKind = try decoder.scanner.memberString(key.rawValue)
            case .date:
                // A stock entry's date-time keeps its milliseconds (it orders the replay): read twice.
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                date = try decoder.scanner.memberDate(key.rawValue)
                let end = decoder.scanner.offset
                decoder.scanner.offset = start
                preciseDate = try decoder.preciseDate(key.rawValue)
                decoder.scanner.offset = end
            case .dateBefore: dateBefore = try decoder.scanner.memberDate(key.rawValue)
            case .deleted: deleted = try decoder.scanner.memberUUID(key.rawValue)
            case .id: id = try decoder.scanner.memberUUID(key.rawValue)
            case .itemId: itemID = try decoder.scanner.memberUUID(key.rawValue)
            case .lineTotal: lineTotal = .some(try decoder.scanner.memberPrice(key.rawValue))
            case .list: listName = try decoder.scanner.memberString(key.rawValue)
            case .listId: listID = try decoder.scanner.memberUUID(key.rawValue)
            case .name: name = try decoder.scanner.memberString(key.rawValue)
            case .price: price = try decoder.scanner.memberUnitPrice(key.rawValue)
            case .priceBefore:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                if let text = try decoder.scanner.memberString(key.rawValue) {
                    guard let before = Purchase.PriceBefore(text: text) else {
                        throw decoder.invalid(
                            key.rawValue, "must be \"none\" or a price such as \"2.49/kg\"", at: start)
                    }
                    priceBefore = before
                }
            case .priceExact:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                priceExact = try decoder.scanner.memberString(key.rawValue).map { ($0, start) }
            case .priceUnit: priceUnit = try decoder.scanner.memberPriceUnit(key.rawValue)
            case .needsBefore, .quantityBefore, .recipesOnlyBefore:
                try decoder.listedBefore(key, into: &listedBefore)
            case .quantity:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                amount = try decoder.scanner.memberAmount(key.rawValue) ?? 1
                amountGiven = true
                guard amount.isWithinLimits, amount.wholeCount.map({ $0 >= 1 }) ?? !amount.isEmpty else {
                    throw decoder.invalid(key.rawValue, "must be an amount above 0 within the limits", at: start)
                }
            case .store: store = try decoder.scanner.memberString(key.rawValue)
            case .storeId: storeID = try decoder.scanner.memberUUID(key.rawValue)
            case .unit: try decoder.scanner.skipValue()
            }
        }
        if let (text, start) = priceExact {
            // The exact price must round to the `price` beside it: anything else is damage, not a price.
            guard let rounded = price, let exact = UnitPrice(fractionText: text, rounded: rounded) else {
                throw invalid(
                    PurchaseKey.priceExact.rawValue, "must be a fraction such as \"97/600\" that rounds to \"price\"",
                    at: start)
            }
            price = exact
        }
        record = nil
        if let deleted { return .deletion(Purchase.ID(deleted)) }
        guard let id else { throw missing(PurchaseKey.id) }
        if let stockKind {
            return .stock(
                try stockEntry(
                    id: id, kind: stockKind, item: stockItem, name: name, date: preciseDate, by: by,
                    amount: amountGiven ? amount : nil, bestBefore: bestBefore, spoiled: spoiled))
        }
        guard let itemID else { throw missing(PurchaseKey.itemId) }
        guard let name else { throw missing(PurchaseKey.name) }
        guard let date else { throw missing(PurchaseKey.date) }
        var purchase = Purchase(
            id: Purchase.ID(id), itemID: Item.ID(itemID), name: name, date: date, amount: amount, price: price,
            priceUnit: priceUnit, lineTotal: lineTotal ?? Purchase.legacyLineTotal(amount, price),
            store: store, storeID: storeID.map(Store.ID.init), by: by, dateBefore: dateBefore,
            priceBefore: priceBefore)
        purchase.bestBefore = bestBefore
        purchase.listedBefore = listedBefore
        purchase.listID = listID.map(NamedList.ID.init)
        purchase.listName = listName
        return .purchase(purchase)
    }
}

extension DataFileDecoder {
    /// One of a purchase's keys for what the list showed before it (``Purchase/ListedBefore``):
    /// `quantityBefore` (the item's own amount, `""` for none), `recipesOnlyBefore` and `needsBefore`
    /// (`"<recipe id> <amount>"` each). Any of them makes the whole; the others take their defaults.
    mutating func listedBefore(_ key: PurchaseKey, into listed: inout Purchase.ListedBefore?) throws(JSONScanFailure) {
        var before = listed ?? Purchase.ListedBefore(quantity: .none, recipesOnly: false, needs: [])
        scanner.skipWhitespace()
        let start = scanner.offset
        switch key {
        case .quantityBefore:
            guard let text = try scanner.memberString(key.rawValue), let amount = Amount(exactText: text),
                amount.isWithinLimits
            else { throw invalid(key.rawValue, "must be an amount such as \"150 g\", or \"\" for none", at: start) }
            before.quantity = amount
        case .recipesOnlyBefore:
            before.recipesOnly = try scanner.memberBool(key.rawValue) ?? false
        default:
            before.needs = try array(key) { (decoder, _) throws(JSONScanFailure) in
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                guard let text = try decoder.scanner.memberString(key.rawValue),
                    let need = Purchase.ListedBefore.need(text: text)
                else { throw decoder.invalid(key.rawValue, "must hold \"<recipe id> <amount>\" texts", at: start) }
                return need
            }
        }
        listed = before
    }
}
