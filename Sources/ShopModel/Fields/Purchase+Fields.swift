import ShopJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A purchase's fields, each declared once: its keys, how a log line, an export's element and the `--json`
// object are written, and how they are read. Purchases are never edited, so they have no field table:
// nothing stamps, merges or reports their fields one by one.

/// A purchase: a line of the purchase log (compact, see ``DataFileDecoder/canonicalLogLine(_:)``), an
/// element of an export's `purchases`, and `--json` output. `deleted` is a log line of its own (`unbuy`);
/// `unit` is written only in output (files hold the amount's exact text in `quantity`). A stock entry (SPEC
/// section 18, ``StockEntry``) is a line of its own, told by its `stockEntry` key (`use`, `open`, `add`), naming
/// its item by `stockItem`, never `itemId`: a `shop` from before version 7 finds no `itemId` and refuses the
/// line (exit 65) rather than read a use as a purchase.
public enum PurchaseKey: String, DataFileKey {
    case bestBefore, by, date, dateBefore, deleted, id, itemId, lineTotal, name, needsBefore, price, priceBefore
    case priceUnit, quantity, quantityBefore, recipesOnlyBefore, spoiled, stockEntry, stockItem, store, storeId, unit
    static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    static let nameKey: Self? = .name
}

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
        var priceUnit = MeasureUnit.count
        var lineTotal: Price??
        var priceBefore: Purchase.PriceBefore?
        var listedBefore: Purchase.ListedBefore?
        var store: String?
        var storeID: UUID?
        var by: String?
        var bestBefore: CalendarDay?
        var stockItem: UUID?
        var stockKind: String?
        var spoiled = false
        var amountGiven = false
        var preciseDate: Date?
        try readMembers { (decoder, key: PurchaseKey) throws(JSONScanFailure) in
            switch key {
            case .bestBefore: bestBefore = try decoder.day(key.rawValue)
            case .by: by = try decoder.string(key.rawValue)
            case .stockItem: stockItem = try decoder.uuid(key.rawValue)
            case .spoiled: spoiled = try decoder.bool(key.rawValue) ?? false
            case .stockEntry: stockKind = try decoder.string(key.rawValue)
            case .date:
                // A stock entry's date-time keeps its milliseconds (it orders the replay): read twice.
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                date = try decoder.date(key.rawValue)
                let end = decoder.scanner.offset
                decoder.scanner.offset = start
                preciseDate = try decoder.preciseDate(key.rawValue)
                decoder.scanner.offset = end
            case .dateBefore: dateBefore = try decoder.date(key.rawValue)
            case .deleted: deleted = try decoder.uuid(key.rawValue)
            case .id: id = try decoder.uuid(key.rawValue)
            case .itemId: itemID = try decoder.uuid(key.rawValue)
            case .lineTotal: lineTotal = .some(try decoder.price(key.rawValue))
            case .name: name = try decoder.string(key.rawValue)
            case .price: price = try decoder.unitPrice(key.rawValue)
            case .priceBefore:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                if let text = try decoder.string(key.rawValue) {
                    guard let before = Purchase.PriceBefore(text: text) else {
                        throw decoder.invalid(
                            key.rawValue, "must be \"none\" or a price such as \"2.49/kg\"", at: start)
                    }
                    priceBefore = before
                }
            case .priceUnit: priceUnit = try decoder.priceUnit(key.rawValue)
            case .needsBefore, .quantityBefore, .recipesOnlyBefore:
                try decoder.listedBefore(key, into: &listedBefore)
            case .quantity:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                amount = try decoder.amount(key.rawValue) ?? 1
                amountGiven = true
                guard amount.isWithinLimits, amount.wholeCount.map({ $0 >= 1 }) ?? !amount.isEmpty else {
                    throw decoder.invalid(key.rawValue, "must be an amount above 0 within the limits", at: start)
                }
            case .store: store = try decoder.string(key.rawValue)
            case .storeId: storeID = try decoder.uuid(key.rawValue)
            case .unit: try decoder.scanner.skipValue()
            }
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
        return .purchase(purchase)
    }
}

extension JSONWriter {
    /// Writes a purchase with sorted keys. For output (`--json`, `withLineTotal`) every key of SPEC
    /// sections 10 and 12 is present, with `null` for none, `quantity` as the number of the amount's first
    /// part (as shown) and `unit` its symbol; in files (the log, an export) the amount is its exact text,
    /// absent values are left out (a tenth of a large log), and the unbuy bookkeeping (`dateBefore`,
    /// `priceBefore`, and `quantityBefore`, `recipesOnlyBefore`, `needsBefore`: what the list showed) is kept. A priced line always carries its `lineTotal` (`null`: none), so that a line
    /// without one is known to be from before version 5.
    public mutating func purchase(_ purchase: Purchase, withLineTotal: Bool) {
        beginObject()
        let layout = PurchaseKey.layout
        let output = withLineTotal
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .bestBefore:
                guard let bestBefore = purchase.bestBefore else { continue }
                key(position, of: layout.members)
                string(bestBefore.description)
            case .spoiled, .stockEntry, .stockItem: continue  // a stock entry's (``stockEntry(_:)``)
            case .by:
                guard output || purchase.by != nil else { continue }
                key(position, of: layout.members)
                if let by = purchase.by { string(by) } else { null() }
            case .date:
                key(position, of: layout.members)
                date(purchase.date)
            case .dateBefore:
                guard !output, let before = purchase.dateBefore else { continue }
                key(position, of: layout.members)
                date(before)
            case .deleted: continue  // a line of its own (``PurchaseLogFile/lines(added:deleted:)``)
            case .id:
                key(position, of: layout.members)
                uuid(purchase.id.uuid)
            case .itemId:
                key(position, of: layout.members)
                uuid(purchase.itemID.uuid)
            // Prices as digits written in place (`price(_:)`, the same text as `jsonNumber`): making a string
            // of each cost a tenth of `history --json` (26 M instructions for 30,000 purchases).
            case .lineTotal:
                guard output || purchase.price != nil || purchase.lineTotal != nil else { continue }
                key(position, of: layout.members)
                if let total = purchase.lineTotal { price(total) } else { null() }
            case .name:
                key(position, of: layout.members)
                string(purchase.name)
            case .price:
                guard output || purchase.price != nil else { continue }
                key(position, of: layout.members)
                if let price = purchase.price { unitPrice(price) } else { null() }
            case .priceBefore:
                guard !output, let before = purchase.priceBefore else { continue }
                key(position, of: layout.members)
                string(before.text)
            case .needsBefore:
                guard !output, let needs = purchase.listedBefore?.needTexts, !needs.isEmpty else { continue }
                key(position, of: layout.members)
                beginArray()
                for need in needs { string(need) }
                endArray()
            case .quantityBefore:
                guard !output, let before = purchase.listedBefore else { continue }
                key(position, of: layout.members)
                string(before.quantity.exactText)
            case .recipesOnlyBefore:
                guard !output, purchase.listedBefore?.recipesOnly == true else { continue }
                key(position, of: layout.members)
                bool(true)
            case .priceUnit:
                let symbol = purchase.priceUnit.priceUnitSymbol
                guard output || symbol != nil else { continue }
                key(position, of: layout.members)
                if let symbol { string(symbol) } else { null() }
            case .quantity:
                key(position, of: layout.members)
                if let count = purchase.amount.wholeCount {
                    int(count)
                } else if output {
                    number(raw: Amount.shownNumber(of: purchase.amount.parts[0]).text())
                } else {
                    string(purchase.amount.exactText)
                }
            case .store:
                guard output || purchase.store != nil else { continue }
                key(position, of: layout.members)
                if let store = purchase.store { string(store) } else { null() }
            case .storeId:
                guard output || purchase.storeID != nil else { continue }
                key(position, of: layout.members)
                if let id = purchase.storeID { uuid(id.uuid) } else { null() }
            case .unit:
                guard output else { continue }
                key(position, of: layout.members)
                if let first = purchase.amount.parts.first, !first.unit.isCount {
                    string(first.shown.unit.symbol)
                } else {
                    null()
                }
            }
        }
        endObject()
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
            guard let text = try string(key.rawValue), let amount = Amount(exactText: text), amount.isWithinLimits
            else { throw invalid(key.rawValue, "must be an amount such as \"150 g\", or \"\" for none", at: start) }
            before.quantity = amount
        case .recipesOnlyBefore:
            before.recipesOnly = try bool(key.rawValue) ?? false
        default:
            before.needs = try array(key) { (decoder, _) throws(JSONScanFailure) in
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                guard let text = try decoder.string(key.rawValue), let need = Purchase.ListedBefore.need(text: text)
                else { throw decoder.invalid(key.rawValue, "must hold \"<recipe id> <amount>\" texts", at: start) }
                return need
            }
        }
        listed = before
    }
}
