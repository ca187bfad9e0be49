#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading purchases: the `purchases` array of an export, and the lines of the purchase log file.
extension DataFileDecoder {
    private static let purchaseKeys: [StaticString] = [
        "date", "dateBefore", "deleted", "id", "itemId", "lineTotal", "name", "price", "quantity", "store",
        "storeId",
    ]

    /// One line of the log: a purchase, or the deletion of one (`{"deleted": id}`, written by `unbuy`).
    enum LogEntry {
        case purchase(Purchase)
        case deletion(Purchase.ID)
    }

    /// A purchase object (or, in the log, a deletion). `lineTotal` is derived and ignored when read.
    mutating func purchaseEntry(number: Int) throws(JSONScanFailure) -> LogEntry {
        try beginRecord("purchase", number: number)
        var id: UUID?
        var itemID: UUID?
        var deleted: UUID?
        var name: String?
        var date: Date?
        var dateBefore: Date?
        var quantity = 1
        var price: Price?
        var store: String?
        var storeID: UUID?
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard let index = scanner.index(of: key, in: Self.purchaseKeys) else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: date = try self.date("date")
            case 1: dateBefore = try self.date("dateBefore")
            case 2: deleted = try uuid("deleted")
            case 3: id = try uuid("id")
            case 4: itemID = try uuid("itemId")
            case 5: try scanner.skipValue()
            case 6: name = try string("name")
            case 7: price = try self.price("price")
            case 8:
                scanner.skipWhitespace()
                let start = scanner.offset
                quantity = try int("quantity") ?? 1
                guard Validation.quantities.contains(quantity) else {
                    throw invalid("quantity", "must be 1...9999", at: start)
                }
            case 9: store = try string("store")
            default: storeID = try uuid("storeId")
            }
        }
        record = nil
        if let deleted { return .deletion(Purchase.ID(deleted)) }
        guard let id else { throw missing("id") }
        guard let itemID else { throw missing("itemId") }
        guard let name else { throw missing("name") }
        guard let date else { throw missing("date") }
        return .purchase(
            Purchase(
                id: Purchase.ID(id), itemID: Item.ID(itemID), name: name, date: date, quantity: quantity, price: price,
                store: store, storeID: storeID.map(Store.ID.init), dateBefore: dateBefore))
    }

    /// The `purchases` array of an export (deletions are not allowed there).
    mutating func purchaseArray() throws(JSONScanFailure) -> [Purchase] {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return [] }
            throw invalid("purchases", "must be an array", at: scanner.offset)
        }
        try scanner.beginArray()
        var purchases: [Purchase] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let start = scanner.offset
            guard case .purchase(let purchase) = try purchaseEntry(number: purchases.count + 1) else {
                throw invalid("purchases", "must hold purchases, not deletions", at: start)
            }
            purchases.append(purchase)
        }
        return purchases
    }
}

extension JSONWriter {
    /// Writes a purchase with sorted keys. For output (`--json`, `withLineTotal`) every key is present, with
    /// `null` for none, and the derived `lineTotal` too; in files (the log, an export) absent values are left
    /// out (a tenth of a large log) and the unbuy bookkeeping `dateBefore` is kept.
    public mutating func purchase(_ purchase: Purchase, withLineTotal: Bool) {
        beginObject()
        key(static: "date")
        date(purchase.date)
        if !withLineTotal, let before = purchase.dateBefore {
            key(static: "dateBefore")
            date(before)
        }
        key(static: "id")
        uuid(purchase.id.uuid)
        key(static: "itemId")
        uuid(purchase.itemID.uuid)
        // Prices as digits written in place (`price(_:)`, the same text as `jsonNumber`): making a string
        // of each cost a tenth of `history --json` (26 M instructions for 30,000 purchases).
        if withLineTotal {
            key(static: "lineTotal")
            if let total = purchase.lineTotal { price(total) } else { null() }
        }
        key(static: "name")
        string(purchase.name)
        if withLineTotal || purchase.price != nil {
            key(static: "price")
            if let price = purchase.price { self.price(price) } else { null() }
        }
        key(static: "quantity")
        int(purchase.quantity)
        if withLineTotal || purchase.store != nil {
            key(static: "store")
            if let store = purchase.store { string(store) } else { null() }
        }
        if withLineTotal || purchase.storeID != nil {
            key(static: "storeId")
            if let id = purchase.storeID { uuid(id.uuid) } else { null() }
        }
        endObject()
    }
}
