#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// How each of an item's keys (``ItemKey``, Item+Fields.swift) is written to the data file and read from
// it. Both switches are exhaustive: a new key does not compile until it says how.

extension DataFileCodec {
    /// One item object, its keys in written order; an absent value's key is left out.
    static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = ItemKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .dateLastPurchased:
                guard let date = item.dateLastPurchased else { continue }
                writer.key(position, of: layout.members)
                writer.date(date)
            case .every:
                guard let restock = item.restock else { continue }
                writer.key(position, of: layout.members)
                writer.restock(restock)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(item.id.uuid)
            case .isAvailable:
                writer.key(position, of: layout.members)
                writer.bool(item.isAvailable)
            case .locationId:
                writer.key(position, of: layout.members)
                writer.uuid(item.locationID.uuid)
            case .modifiedAt: stamp(item.modifiedAt, position, of: layout.members, to: &writer)
            case .name:
                writer.key(position, of: layout.members)
                writer.string(item.name)
            case .note:
                guard let note = item.note else { continue }
                writer.key(position, of: layout.members)
                writer.string(note)
            // The section 12 fields are read only when the item has any (most have none).
            case .pack:
                guard item.hasReceiptFields, let pack = item.pack else { continue }
                writer.key(position, of: layout.members)
                writer.amount(Amount(parts: [pack]))
            case .pantry:
                guard item.pantry else { continue }
                writer.key(position, of: layout.members)
                writer.bool(true)
            case .recipesOnly:
                guard item.recipesOnly else { continue }
                writer.key(position, of: layout.members)
                writer.bool(true)
            case .onList:
                writer.key(position, of: layout.members)
                writer.bool(item.onList)
            case .price:
                guard let price = item.price else { continue }
                writer.key(position, of: layout.members)
                writer.price(price)
            case .priceUnit:
                guard item.hasReceiptFields, item.price != nil, let symbol = item.priceUnit.priceUnitSymbol else {
                    continue
                }
                writer.key(position, of: layout.members)
                writer.string(symbol)
            case .quantity:
                writer.key(position, of: layout.members)
                writer.amount(item.quantity)
            case .starred:
                writer.key(position, of: layout.members)
                writer.bool(item.starred)
            case .storePrices:
                guard item.hasReceiptFields, !item.storePrices.isEmpty else { continue }
                writer.key(position, of: layout.members)
                writer.beginArray()
                for price in item.storePrices { writer.string(price.text) }
                writer.endArray()
            case .unavailableAt:
                guard item.hasReceiptFields, !item.unavailableAt.isEmpty else { continue }
                writer.key(position, of: layout.members)
                writer.beginArray()
                for store in item.unavailableAt { writer.uuid(store.uuid) }
                writer.endArray()
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
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
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
        // Most items have none of these: leave them alone rather than box their defaults four times over.
        if priceUnit != nil || pack != nil || !storePrices.isEmpty || !unavailableAt.isEmpty {
            item.setReceiptFields(
                ReceiptFields(
                    priceUnit: priceUnit ?? .count, pack: pack, storePrices: storePrices, unavailableAt: unavailableAt))
        }
        return item.stamping(legacy: legacyStamp)
    }
}
