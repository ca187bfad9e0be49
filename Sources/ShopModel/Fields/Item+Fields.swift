import ShopJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// An item's fields, each declared once (see ``RecordField``, "Adding a field"): the data file's keys, the table
// the stamps, merge and `sync`'s summary read (the stock rows in `Item+StockFields.swift`), the codec's two
// exhaustive switches, and the `--json` object (SPEC section 3).

/// An item's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum ItemKey: String, DataFileKey {
    case dateLastPurchased, every, id, isAvailable, keeps, keepsOpen, locationId, minStock, modifiedAt, name, note
    case onList, pack, pantry, price, priceUnit, quantity, recipesOnly, starred, stock, storePrices, unavailableAt
    static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    static let nameKey: Self? = .name
}

/// The members of an item's `--json` object that the data file does not hold (SPEC sections 3, 7, 11, 12):
/// the rest are the item's own keys (``ItemKey``).
enum ItemOutputKey: String, DataFileKey {
    case amounts, atStore, itemPrice, lineTotal, location, packs, unit
    static let layout = RecordLayout<Self>(depth: 2)
}

// Each row: the data file key, the word people know the field by, how to read it, when it holds a value
// someone set, and how two sides merge it. Rows are in the order the merge settles the fields.
extension Item: DeclaredRecord {
    package static let fields: [RecordField<Item>] =
        [
            RecordField(ItemKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
                fields.merge(\.name, key, describe: MergeDescriber.text)
            },
            RecordField(ItemKey.quantity, "quantity", { $0.quantity }, isSet: { $0 != 1 }) { fields, key, _ in
                fields.merge(\.quantity, key) { "\($0)" }
            },
            // On the list for recipes only unless someone put it there: a person's wish is not lost.
            RecordField(
                ItemKey.recipesOnly, "for recipes only", { $0.recipesOnly }, isSet: { $0 }, output: .none
            ) { fields, key, _ in
                fields.merge(\.recipesOnly, key, unite: { $0 && $1 }) { "\($0)" }
            },
            RecordField(ItemKey.pantry, "pantry", { $0.pantry }, isSet: { $0 }) { fields, key, _ in
                fields.merge(\.pantry, key) { "\($0)" }
            },
            RecordField(ItemKey.onList, "on the list", { $0.onList }, isSet: { !$0 }) { fields, key, _ in
                fields.merge(\.onList, key, unite: { $0 || $1 }) { "\($0)" }
            },
            RecordField(ItemKey.isAvailable, "availability", { $0.isAvailable }, isSet: { !$0 }) { fields, key, _ in
                fields.merge(\.isAvailable, key) { "\($0)" }
            },
            // A date that only moves forward: the later one, whoever changed it.
            RecordField(ItemKey.dateLastPurchased, "date bought", { $0.dateLastPurchased }, isSet: { $0 != nil }) {
                fields, key, _ in fields.mergeLater(\.dateLastPurchased, key)
            },
            // Whether a location was chosen depends on the list (the Unknown Location is the default): the
            // merge asks the describer, which knows the merged Unknown Location's id.
            RecordField(ItemKey.locationId, "location", { $0.locationID }, isSet: { _ in true }) {
                fields, key, describing in
                fields.merge(
                    \.locationID, key, isDefault: { $0 == describing.unknownID }, describe: describing.location)
            },
            // A price and its unit are one field (SPEC section 12): never the price of one edit with the unit of
            // another.
            RecordField(ItemKey.price, "price", { $0.priceWithUnit }, isSet: { $0 != nil }) { fields, key, _ in
                fields.merge(\.priceWithUnit, key) { $0.map(PriceWithUnit.describe) ?? "none" }
            },
            RecordField(ItemKey.pack, "pack", { $0.pack }, isSet: { $0 != nil }) { fields, key, _ in
                fields.merge(\.pack, key) { $0.map { Amount(parts: [$0]).description } ?? "none" }
            },
            // Kept from the log (a merge recomputes them from the merged log); per store, the later price.
            RecordField(
                ItemKey.storePrices, "prices at stores", { $0.storePrices }, isSet: { !$0.isEmpty }, output: .none
            ) {
                fields, key, _ in Item.mergeStorePrices(&fields, key)
            },
            // A set: a store marked on one device and another on the other are both kept.
            RecordField(
                ItemKey.unavailableAt, "unavailable at", { $0.unavailableAt }, isSet: { !$0.isEmpty }, output: .none
            ) {
                fields, key, _ in Item.mergeUnavailableAt(&fields, key)
            },
            RecordField(ItemKey.starred, "star", { $0.starred }, isSet: { $0 }) { fields, key, _ in
                fields.merge(\.starred, key) { "\($0)" }
            },
            RecordField(ItemKey.note, "note", { $0.note }, isSet: { $0 != nil }) { fields, key, _ in
                fields.merge(\.note, key) { $0.map(MergeDescriber.text) ?? "none" }
            },
            // One value, days or learned: `--every auto` is a change of this field like `--every 7`.
            RecordField(ItemKey.every, "restock every", { $0.restock }, isSet: { $0 != nil }) { fields, key, _ in
                fields.merge(\.restock, key) { restock in
                    switch restock {
                    case .days(let days): "\(days) days"
                    case .learned: RestockInterval.learnedWord
                    case nil: "none"
                    }
                }
            },
        ] + stockFields
}

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

extension JSONWriter {
    /// One item object of `--json` (SPEC section 3), keys sorted, every key present (`null` for none);
    /// `atStore` only when a store is in effect. Keys are written from their layouts and ids, dates and
    /// prices as bytes, without a `String` each: `list --json` writes thousands.
    /// - Parameters:
    ///   - own: at a store, the item as the list holds it, whose own price goes beside the price there.
    ///   - extra: writes further keys after the item's own (`shop serve`'s display texts).
    ///   - paid: the `lineTotal` to write in place of the item's own (`purchased --json`: what was paid
    ///     at the latest purchase, SPEC 12); `nil` writes the item's.
    public mutating func item(
        _ item: Item, locationName: String, atStore: Bool? = nil, own: Item? = nil, paid: Price?? = nil,
        extra: ((inout JSONWriter) -> Void)? = nil
    ) {
        let parts = item.amount.parts
        let (keys, more) = (ItemKey.layout, ItemOutputKey.layout)
        beginObject()
        key(.amounts, in: more)
        beginArray()
        for part in parts { amountObject(part, keys, more) }
        endArray()
        if let atStore {
            key(.atStore, in: more)
            bool(atStore)
        }
        key(.dateLastPurchased, in: keys)
        if let date = item.dateLastPurchased { self.date(date) } else { null() }
        key(.every, in: keys)
        if let restock = item.restock { self.restock(restock) } else { null() }
        key(.id, in: keys)
        uuid(item.id.uuid)
        key(.isAvailable, in: keys)
        bool(item.isAvailable)
        key(.keeps, in: keys)
        if let days = item.keeps { int(days) } else { null() }
        key(.keepsOpen, in: keys)
        if let days = item.keepsOpen { int(days) } else { null() }
        if let own {
            key(.itemPrice, in: more)
            if let price = own.price { self.price(price) } else { null() }
        }
        key(.lineTotal, in: more)
        if let total = paid ?? item.lineTotal { price(total) } else { null() }
        key(.location, in: more)
        string(locationName)
        key(.locationId, in: keys)
        uuid(item.locationID.uuid)
        key(.minStock, in: keys)
        if let least = item.minStock { amountObject(least, keys, more) } else { null() }
        key(.name, in: keys)
        string(item.name)
        key(.note, in: keys)
        if let note = item.note { string(note) } else { null() }
        key(.onList, in: keys)
        bool(item.onList)
        key(.pack, in: keys)
        if let pack = item.pack { amountObject(pack, keys, more) } else { null() }
        key(.packs, in: more)
        if let packs = item.packs { int(packs) } else { null() }
        key(.pantry, in: keys)
        bool(item.pantry)
        key(.price, in: keys)
        if let price = item.unitPrice { unitPrice(price) } else { null() }
        key(.priceUnit, in: keys)
        if item.price != nil, let symbol = item.priceUnit.priceUnitSymbol { string(symbol) } else { null() }
        key(.quantity, in: keys)
        amountNumber(parts[0])
        key(.starred, in: keys)
        bool(item.starred)
        key(.stock, in: keys)
        bool(item.stock)
        key(.unit, in: more)
        amountUnit(parts[0])
        extra?(&self)
        endObject()
    }
}
