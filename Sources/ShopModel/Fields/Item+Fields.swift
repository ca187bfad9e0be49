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
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
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
