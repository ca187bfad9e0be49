#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading purchases: the `purchases` array of an export, and the lines of the purchase log file.
extension DataFileDecoder {
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
        try readMembers { (decoder, key: PurchaseKey) throws(JSONScanFailure) in
            switch key {
            case .date: date = try decoder.date(key.rawValue)
            case .dateBefore: dateBefore = try decoder.date(key.rawValue)
            case .deleted: deleted = try decoder.uuid(key.rawValue)
            case .id: id = try decoder.uuid(key.rawValue)
            case .itemId: itemID = try decoder.uuid(key.rawValue)
            case .lineTotal: try decoder.scanner.skipValue()
            case .name: name = try decoder.string(key.rawValue)
            case .price: price = try decoder.price(key.rawValue)
            case .quantity:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                quantity = try decoder.int(key.rawValue) ?? 1
                guard Validation.quantities.contains(quantity) else {
                    throw decoder.invalid(key.rawValue, "must be 1...9999", at: start)
                }
            case .store: store = try decoder.string(key.rawValue)
            case .storeId: storeID = try decoder.uuid(key.rawValue)
            }
        }
        record = nil
        if let deleted { return .deletion(Purchase.ID(deleted)) }
        guard let id else { throw missing(PurchaseKey.id) }
        guard let itemID else { throw missing(PurchaseKey.itemId) }
        guard let name else { throw missing(PurchaseKey.name) }
        guard let date else { throw missing(PurchaseKey.date) }
        return .purchase(
            Purchase(
                id: Purchase.ID(id), itemID: Item.ID(itemID), name: name, date: date, quantity: quantity, price: price,
                store: store, storeID: storeID.map(Store.ID.init), dateBefore: dateBefore))
    }

    /// The `purchases` array of an export (deletions are not allowed there).
    mutating func purchaseArray() throws(JSONScanFailure) -> [Purchase] {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return [] }
            throw invalid(FileKey.purchases.rawValue, "must be an array", at: scanner.offset)
        }
        try scanner.beginArray()
        var purchases: [Purchase] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let start = scanner.offset
            guard case .purchase(let purchase) = try purchaseEntry(number: purchases.count + 1) else {
                throw invalid(FileKey.purchases.rawValue, "must hold purchases, not deletions", at: start)
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
        let layout = PurchaseKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .date:
                key(position, of: layout.members)
                date(purchase.date)
            case .dateBefore:
                guard !withLineTotal, let before = purchase.dateBefore else { continue }
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
                guard withLineTotal else { continue }
                key(position, of: layout.members)
                if let total = purchase.lineTotal { price(total) } else { null() }
            case .name:
                key(position, of: layout.members)
                string(purchase.name)
            case .price:
                guard withLineTotal || purchase.price != nil else { continue }
                key(position, of: layout.members)
                if let price = purchase.price { self.price(price) } else { null() }
            case .quantity:
                key(position, of: layout.members)
                int(purchase.quantity)
            case .store:
                guard withLineTotal || purchase.store != nil else { continue }
                key(position, of: layout.members)
                if let store = purchase.store { string(store) } else { null() }
            case .storeId:
                guard withLineTotal || purchase.storeID != nil else { continue }
                key(position, of: layout.members)
                if let id = purchase.storeID { uuid(id.uuid) } else { null() }
            }
        }
        endObject()
    }
}
