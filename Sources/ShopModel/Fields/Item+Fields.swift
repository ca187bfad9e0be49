import ShopJSON

// An item's fields, each declared once (see ``RecordField``, "Adding a field"): the data file's keys and the table
// everything reads (the stock rows in `Item+StockFields.swift`).

/// An item's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum ItemKey: String, DataFileKey {
    case dateLastPurchased, every, id, isAvailable, keeps, keepsOpen, listId, locationGuess, locationId, minStock,
        modifiedAt
    case name, note
    case onList, pack, pantry, price, priceUnit, quantity, recipesOnly, starred, stock, storePrices, unavailableAt
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

/// The members of an item's `--json` object that the data file does not hold (SPEC sections 3, 7, 11, 12):
/// the rest are the item's own keys (``ItemKey``).
enum ItemOutputKey: String, DataFileKey {
    case amounts, atStore, itemPrice, lineTotal, list, location, packs, unit
    static let layout = RecordLayout<Self>(depth: 2)
}

// Each row: the data file key, the word people know the field by, how to read and set it, how its value is spelt
// (``ValueSpelling``: the data file, `--json`), when it holds a value someone set, and how two sides merge it. Rows are
// in the order the merge settles the fields. `id` and `modifiedAt` are the record's own, not fields.
extension Item: DeclaredRecord {
    package static let fields: [RecordField<Item>] = whatAndWhere + priceFields + personalFields + stockFields

    /// What the item is, how much, whether on the list, and where.
    static let whatAndWhere: [RecordField<Item>] =
        [
            .name(ItemKey.name, { $0.name }, set: { $0.name = $1 }, merging: \.name),
            // `--json` shows the quantity of what to buy (recipes' needs included), not the person's own.
            RecordField<Item>(
                ItemKey.quantity, "quantity", { $0.quantity }, set: { $0.quantity = $1 }, .amount,
                shown: .custom { item, writer in writer.amountNumber(item.amount.parts[0]) },
                isSet: { (quantity: Amount) in quantity != 1 }
            ) { fields, key, _ in
                fields.merge(\.quantity, key) { "\($0)" }
            },
            // On the list for recipes only unless someone put it there: a person's wish is not lost.
            RecordField<Item>(
                ItemKey.recipesOnly, "for recipes only", { $0.recipesOnly }, set: { $0.recipesOnly = $1 }, .flag,
                shown: .hidden, isSet: { $0 }
            ) { fields, key, _ in
                fields.merge(\.recipesOnly, key, unite: { $0 && $1 }) { "\($0)" }
            },
            RecordField<Item>(ItemKey.pantry, "pantry", { $0.pantry }, set: { $0.pantry = $1 }, .flag, isSet: { $0 }) {
                fields, key, _ in fields.merge(\.pantry, key) { "\($0)" }
            },
            RecordField<Item>(
                ItemKey.onList, "on the list", { $0.onList }, set: { $0.onList = $1 }, .bool, isSet: { !$0 }
            ) {
                fields, key, _ in fields.merge(\.onList, key, unite: { $0 || $1 }) { "\($0)" }
            },
            RecordField<Item>(
                ItemKey.isAvailable, "availability", { $0.isAvailable }, set: { $0.isAvailable = $1 }, .bool,
                isSet: { !$0 }
            ) { fields, key, _ in
                fields.merge(\.isAvailable, key) { "\($0)" }
            },
            // A date that only moves forward: the later one, whoever changed it.
            RecordField<Item>(
                ItemKey.dateLastPurchased, "date bought", { $0.dateLastPurchased }, set: { $0.dateLastPurchased = $1 },
                .date, isSet: { $0 != nil }
            ) { fields, key, _ in
                fields.mergeLater(\.dateLastPurchased, key)
            },
            // Whether a location was chosen depends on the list (the Unknown Location is the default): the
            // merge asks the describer, which knows the merged Unknown Location's id.
            RecordField<Item>(
                ItemKey.locationId, "location", { $0.locationID }, set: { $0.locationID = $1 }, .locationID,
                required: true, isSet: { _ in true }
            ) { fields, key, describing in
                fields.merge(
                    \.locationID, key, isDefault: { $0 == describing.unknownID }, describe: describing.location)
            },
            // The list it is on, or its home list (SPEC section 22): one field, the later stamp winning; a conflict
            // names both lists. `--json` shows the list's name under `list` while the item is on it (``ItemOutputKey``).
            RecordField<Item>(
                ItemKey.listId, "list", { $0.listID }, set: { $0.listID = $1 }, .listID, shown: .hidden,
                isSet: { $0 != NamedList.groceriesID }
            ) { fields, key, describing in
                fields.merge(\.listID, key, describe: describing.list)
            },
            // Why the location is a guess (SPEC 21), until a person sets one. Not an item member of `--json`: the
            // command that made the guess says it (`"locationGuess": {"location", "because"}`).
            RecordField<Item>(
                ItemKey.locationGuess, "location guess", { $0.locationGuess }, set: { $0.locationGuess = $1 }, .text,
                shown: .hidden, isSet: { $0 != nil }
            ) { fields, key, _ in
                fields.merge(\.locationGuess, key) { $0.map(MergeDescriber.text) ?? "none" }
            },
        ]

    /// The price and what section 12 keeps beside it.
    static let priceFields: [RecordField<Item>] =
        [
            // A price and its unit are one field (SPEC section 12): never the price of one edit with the unit of
            // another. Two members; `--json` shows the price in effect (at a store, the price there).
            RecordField<Item>(
                ItemKey.price, "price", { $0.priceWithUnit },
                members: [
                    FieldMember<Item>(
                        ItemKey.price, { $0.price }, set: { $0.price = $1 }, .price,
                        shown: .custom { item, writer in
                            if let price = item.unitPrice { writer.unitPrice(price) } else { writer.null() }
                        }),
                    FieldMember<Item>(
                        ItemKey.priceUnit, { $0.priceUnit }, set: { $0.priceUnit = $1 }, .priceUnit,
                        when: { $0.price != nil }),
                ],
                isSet: { $0 != nil }
            ) { fields, key, _ in
                fields.merge(\.priceWithUnit, key) { $0.map(PriceWithUnit.describe) ?? "none" }
            },
            RecordField<Item>(ItemKey.pack, "pack", { $0.pack }, set: { $0.pack = $1 }, .part, isSet: { $0 != nil }) {
                fields, key, _ in fields.merge(\.pack, key) { $0.map { Amount(parts: [$0]).description } ?? "none" }
            },
            // Kept from the log (a merge recomputes them from the merged log); per store, the later price.
            RecordField<Item>(
                ItemKey.storePrices, "prices at stores", { $0.storePrices }, set: { $0.storePrices = $1 },
                .storePrices, shown: .hidden, isSet: { !$0.isEmpty }
            ) { fields, key, _ in
                Item.mergeStorePrices(&fields, key)
            },
            // A set: a store marked on one device and another on the other are both kept.
            RecordField<Item>(
                ItemKey.unavailableAt, "unavailable at", { $0.unavailableAt }, set: { $0.unavailableAt = $1 },
                .storeIDs, shown: .hidden, isSet: { !$0.isEmpty }
            ) { fields, key, _ in
                Item.mergeUnavailableAt(&fields, key)
            },
        ]

    /// The person's own marks: a star, a note, a restock interval.
    static let personalFields: [RecordField<Item>] =
        [
            RecordField<Item>(ItemKey.starred, "star", { $0.starred }, set: { $0.starred = $1 }, .bool, isSet: { $0 }) {
                fields, key, _ in fields.merge(\.starred, key) { "\($0)" }
            },
            RecordField<Item>(ItemKey.note, "note", { $0.note }, set: { $0.note = $1 }, .text, isSet: { $0 != nil }) {
                fields, key, _ in fields.merge(\.note, key) { $0.map(MergeDescriber.text) ?? "none" }
            },
            // One value, days or learned: `--every auto` is a change of this field like `--every 7`.
            RecordField<Item>(
                ItemKey.every, "restock every", { $0.restock }, set: { $0.restock = $1 }, .restock, isSet: { $0 != nil }
            ) { fields, key, _ in
                fields.merge(\.restock, key) { restock in
                    switch restock {
                    case .days(let days): "\(days) days"
                    case .learned: RestockInterval.learnedWord
                    case nil: "none"
                    }
                }
            },
        ]

    /// The members of an item's `--json` object in written order (sorted by their bytes): a field's
    /// member, the id, or one the object adds (``ItemOutputKey``).
    static let output: [ItemOutputMember] = {
        let positions = Dictionary(uniqueKeysWithValues: ItemKey.layout.keys.enumerated().map { ($1.rawValue, $0) })
        var members: [(name: String, member: ItemOutputMember)] = [(ItemKey.id.rawValue, .id)]
        for member in Item.members {
            guard member.show != nil, let position = positions[member.key] else { continue }
            members.append((member.key, .field(member, position: position)))
        }
        members += ItemOutputKey.allCases.map { ($0.rawValue, .added($0)) }
        return members.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map(\.member)
    }()
}

/// One member of an item's `--json` object (see ``Item/output``).
enum ItemOutputMember: Sendable {
    /// A field's member (one the object shows), and its key's position in ``ItemKey``'s layout.
    case field(FieldMember<Item>, position: Int)
    case id
    case added(ItemOutputKey)
}

extension JSONWriter {
    /// One item object of `--json` (SPEC section 3), keys sorted, every key present (`null` for none); `atStore` only
    /// when a store is in effect. The fields' members are written by their rows (``Item/fields``); ids, dates and
    /// prices as bytes, without a `String` each: `list --json` writes thousands.
    /// - Parameters:
    ///   - listName: the name of the item's list (SPEC section 22), shown as `list` while the item is on it.
    ///   - own: at a store, the item as the list holds it, whose own price goes beside the price there.
    ///   - extra: writes further keys after the item's own (`shop serve`'s display texts).
    ///   - paid: the `lineTotal` to write in place of the item's own (`purchased --json`: what was paid
    ///     at the latest purchase, SPEC 12); `nil` writes the item's.
    public mutating func item(
        _ item: Item, locationName: String, listName: String? = nil, atStore: Bool? = nil, own: Item? = nil,
        paid: Price?? = nil,
        extra: ((inout JSONWriter) -> Void)? = nil
    ) {
        let (keys, more) = (ItemKey.layout, ItemOutputKey.layout)
        beginObject()
        for member in Item.output {
            switch member {
            case .field(let member, let position):
                key(position, of: keys.members)
                member.show?(item, &self)
            case .id:
                key(.id, in: keys)
                uuid(item.id.uuid)
            case .added(let added):
                self.added(
                    added, of: item, keys, more, locationName: locationName, listName: listName, atStore: atStore,
                    own: own, paid: paid)
            }
        }
        extra?(&self)
        endObject()
    }

    /// A member of an item's `--json` object that the data file does not hold.
    private mutating func added(
        _ member: ItemOutputKey, of item: Item, _ keys: RecordLayout<ItemKey>, _ more: RecordLayout<ItemOutputKey>,
        locationName: String, listName: String?, atStore: Bool?, own: Item?, paid: Price??
    ) {
        switch member {
        case .amounts:
            key(.amounts, in: more)
            beginArray()
            for part in item.amount.parts { amountObject(part, keys, more) }
            endArray()
        case .atStore:
            guard let atStore else { return }
            key(.atStore, in: more)
            bool(atStore)
        case .itemPrice:
            guard let own else { return }
            key(.itemPrice, in: more)
            if let price = own.price { self.price(price) } else { null() }
        case .lineTotal:
            key(.lineTotal, in: more)
            if let total = paid ?? item.lineTotal { price(total) } else { null() }
        case .list:
            key(.list, in: more)
            if let listName, item.onList { string(listName) } else { null() }
        case .location:
            key(.location, in: more)
            string(locationName)
        case .packs:
            key(.packs, in: more)
            if let packs = item.packs { int(packs) } else { null() }
        case .unit:
            key(.unit, in: more)
            amountUnit(item.amount.parts[0])
        }
    }
}
