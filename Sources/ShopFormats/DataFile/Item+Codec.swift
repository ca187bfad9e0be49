import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// An item's codec in the data file: how the value of each of its keys (``ItemKey``, declared with its field
// table in ShopModel's `Fields/Item+Fields.swift`) is written and read.

extension DataFileCodec {
    /// One item object, its keys in written order; an absent value's key is left out.
    static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = ItemKey.layout
        for (position, member) in layout.keys.enumerated() {
            /// The member's key, then its value.
            func put(_ value: (inout JSONWriter) -> Void) {
                writer.key(position, of: layout.members)
                value(&writer)
            }
            // The section 12 fields are read only when the item has any (most have none).
            let receipt = item.hasReceiptFields
            switch member {
            case .dateLastPurchased: if let date = item.dateLastPurchased { put { $0.date(date) } }
            case .every: if let restock = item.restock { put { $0.restock(restock) } }
            case .id: put { $0.uuid(item.id.uuid) }
            case .isAvailable: put { $0.bool(item.isAvailable) }
            case .keeps: if let days = item.keeps { put { $0.int(days) } }
            case .keepsOpen: if let days = item.keepsOpen { put { $0.int(days) } }
            case .locationId: put { $0.uuid(item.locationID.uuid) }
            case .minStock: if let least = item.minStock { put { $0.amount(Amount(parts: [least])) } }
            case .modifiedAt: stamp(item.modifiedAt, position, of: layout.members, to: &writer)
            case .name: put { $0.string(item.name) }
            case .note: if let note = item.note { put { $0.string(note) } }
            case .pack: if receipt, let pack = item.pack { put { $0.amount(Amount(parts: [pack])) } }
            case .pantry: if item.pantry { put { $0.bool(true) } }
            case .recipesOnly: if item.recipesOnly { put { $0.bool(true) } }
            case .onList: put { $0.bool(item.onList) }
            case .price: if let price = item.price { put { $0.price(price) } }
            case .priceUnit:
                if receipt, item.price != nil, let symbol = item.priceUnit.priceUnitSymbol { put { $0.string(symbol) } }
            case .quantity: put { $0.amount(item.quantity) }
            case .starred: put { $0.bool(item.starred) }
            case .stock: if item.stock { put { $0.bool(true) } }
            case .storePrices:
                guard receipt, !item.storePrices.isEmpty else { continue }
                put { $0.array(item.storePrices) { $0.string($1.text) } }
            case .unavailableAt:
                guard receipt, !item.unavailableAt.isEmpty else { continue }
                put { $0.array(item.unavailableAt) { $0.uuid($1.uuid) } }
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    /// One item object; a missing or `null` optional key takes its default (see ``DataFileCodec``).
    mutating func item(number: Int) throws(JSONScanFailure) -> Item {
        try beginRecord("item", number: number, keys: ItemKey.self)
        var id: UUID?
        var name: String?
        var locationID: UUID?
        var dateLastPurchased: Date?
        var restock: RestockInterval?
        var isAvailable = true
        var note: String?
        var onList = true
        var price: Price?
        var priceUnit: MeasureUnit?
        var pack: Amount.Part?
        var storePrices: [StorePrice] = []
        var unavailableAt: [Store.ID] = []
        var quantity: Amount = 1
        var pantry = false
        var recipesOnly = false
        var starred = false
        var (modifiedAt, legacyStamp, stocking) = (FieldStamps(), Date?.none, StockFields())
        try readMembers { (decoder, key: ItemKey) throws(JSONScanFailure) in
            switch key {
            case .dateLastPurchased: dateLastPurchased = try decoder.date(key.rawValue)
            case .every:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                if try decoder.scanner.peekValue() == UInt8(ascii: "\"") {
                    guard try decoder.string(key.rawValue) == RestockInterval.learnedWord else {
                        throw decoder.invalid(key.rawValue, "must be a number of days or \"auto\"", at: start)
                    }
                    restock = .learned
                } else {
                    restock = try decoder.int(key.rawValue).map { .days($0) }
                }
            case .id: id = try decoder.uuid(key.rawValue)
            case .isAvailable: isAvailable = try decoder.bool(key.rawValue) ?? true
            case .keeps: stocking.keeps = try decoder.int(key.rawValue)
            case .keepsOpen: stocking.keepsOpen = try decoder.int(key.rawValue)
            case .minStock: stocking.minStock = try decoder.pack(key.rawValue)
            case .stock: stocking.stock = try decoder.bool(key.rawValue) ?? false
            case .locationId: locationID = try decoder.uuid(key.rawValue)
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Item.self, key.rawValue)
            case .name: name = try decoder.string(key.rawValue)
            case .note: note = try decoder.string(key.rawValue)
            case .onList: onList = try decoder.bool(key.rawValue) ?? true
            case .price: price = try decoder.price(key.rawValue)
            case .priceUnit: priceUnit = try decoder.priceUnit(key.rawValue)
            case .pack: pack = try decoder.pack(key.rawValue)
            case .storePrices: storePrices = try decoder.storePrices(key.rawValue)
            case .unavailableAt: unavailableAt = try decoder.storeIDs(key.rawValue)
            case .pantry: pantry = try decoder.bool(key.rawValue) ?? false
            case .quantity: quantity = try decoder.amount(key.rawValue) ?? 1
            case .recipesOnly: recipesOnly = try decoder.bool(key.rawValue) ?? false
            case .starred: starred = try decoder.bool(key.rawValue) ?? false
            }
        }
        guard let id else { throw missing(ItemKey.id) }
        guard let name else { throw missing(ItemKey.name) }
        guard let locationID else { throw missing(ItemKey.locationId) }
        record = nil
        var item = Item(
            id: Item.ID(id), name: name, quantity: quantity, onList: onList, isAvailable: isAvailable,
            dateLastPurchased: dateLastPurchased, locationID: Location.ID(locationID), price: price,
            starred: starred, note: note, restock: restock, modifiedAt: modifiedAt,
            recipesOnly: recipesOnly, pantry: pantry
        )
        // Most items have none of these (nor the stock fields): no box for their defaults.
        if priceUnit != nil || pack != nil || !storePrices.isEmpty || !unavailableAt.isEmpty {
            item.setReceiptFields(
                ReceiptFields(
                    priceUnit: priceUnit ?? .count, pack: pack, storePrices: storePrices, unavailableAt: unavailableAt))
        }
        if stocking != StockFields.defaults { item.setStockFields(stocking) }
        return item.stamping(legacy: legacyStamp)
    }
}
