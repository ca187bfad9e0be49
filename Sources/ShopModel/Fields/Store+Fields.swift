import ShopJSON

// A store's fields, each declared once (see ``RecordField`` and its "Adding a field"): its keys, its table,
// which the data file's codec walks, and its `--json` object.

/// A store's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum StoreKey: String, DataFileKey {
    case id, locationIds, modifiedAt, name
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

/// The members of a store's `--json` object that the data file does not hold (SPEC section 7):
/// `locations` is the walk (``StoreKey/locationIds``) by name.
enum StoreOutputKey: String, DataFileKey {
    case isCurrent, locations, onListCount
    static let layout = RecordLayout<Self>(depth: 2)
}

extension Store: DeclaredRecord {
    package static let fields: [RecordField<Store>] = [
        .name(StoreKey.name, { $0.name }, set: { $0.name = $1 }, merging: \.name),
        // The walk is one value: interleaving two reorders would give an order nobody chose.
        RecordField<Store>(
            StoreKey.locationIds, "walk", { $0.locationIDs },
            members: [
                FieldMember(StoreKey.locationIds, { $0.locationIDs }, set: { $0.locationIDs = $1 }, .locationIDs)
            ],
            isSet: { !$0.isEmpty }, output: .as(StoreOutputKey.locations)
        ) {
            fields, key, describing in
            fields.merge(
                \.locationIDs, key,
                unite: { chosen, other in
                    let walked = Set(chosen)
                    return chosen + other.filter { !walked.contains($0) }
                }
            ) { $0.isEmpty ? "none" : $0.map(describing.location).joined(separator: ", ") }
        },
    ]
}

extension JSONWriter {
    /// One store object of `--json`: `{"id", "isCurrent", "locations": [names in walking order], "name"}`, with
    /// `"onListCount"` when given. `isCurrent` is this device's saved store (`current`), whatever `--store` says
    /// (SPEC section 7).
    public mutating func store(_ store: Store, in list: ShoppingList, current: Store.ID?, onListCount: Int?) {
        beginObject()
        key(StoreKey.id)
        string(store.id.description)
        key(StoreOutputKey.isCurrent)
        bool(store.id == current)
        key(StoreOutputKey.locations)
        beginArray()
        for id in store.locationIDs {
            if let location = list.location(id) { string(location.name) }
        }
        endArray()
        key(StoreKey.name)
        string(store.name)
        if let onListCount {
            key(StoreOutputKey.onListCount)
            int(onListCount)
        }
        endObject()
    }
}
