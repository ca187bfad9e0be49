import ShopJSON

// A location's fields, each declared once (see ``RecordField`` and its "Adding a field"): its keys, its
// table (which the data file's codec walks), and its `--json` object.

/// A location's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum LocationKey: String, DataFileKey {
    case color, id, isUnknown, modifiedAt, name, visitationOrder
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

/// The members of a location's `--json` object that the data file does not hold (SPEC section 3).
enum LocationOutputKey: String, DataFileKey {
    case itemCount, items, onListCount
    static let layout = RecordLayout<Self>(depth: 2)
}

extension Location: DeclaredRecord {
    package static let fields: [RecordField<Location>] = [
        .name(LocationKey.name, { $0.name }, set: { $0.name = $1 }, merging: \.name),
        RecordField<Location>(
            LocationKey.visitationOrder, "order", { $0.visitationOrder }, set: { $0.visitationOrder = $1 }, .int,
            isSet: { $0 != Location.defaultVisitationOrder }
        ) { fields, key, _ in
            fields.merge(\.visitationOrder, key) { "\($0)" }
        },
        RecordField<Location>(
            LocationKey.color, "colour", { $0.color }, set: { $0.color = $1 }, .color, isSet: { $0 != .neutral }
        ) {
            fields, key, _ in fields.merge(\.color, key, describe: \.hex)
        },
    ]
}

extension JSONWriter {
    /// One location object of `--json`, keys sorted; with `items`, an `"items"` array among them (each item
    /// object as ``item(_:locationName:atStore:own:extra:)`` writes it).
    public mutating func location(
        _ location: Location, itemCount: Int, onListCount: Int, items: [Item]?,
        listName: (Item) -> String? = { _ in nil }
    ) {
        beginObject()
        key(LocationKey.color)
        string(location.color.hex)
        key(LocationKey.id)
        string(location.id.description)
        key(LocationKey.isUnknown)
        bool(location.isUnknown)
        key(LocationOutputKey.itemCount)
        int(itemCount)
        if let items {
            key(LocationOutputKey.items)
            beginArray()
            for item in items { self.item(item, locationName: location.name, listName: listName(item)) }
            endArray()
        }
        key(LocationKey.name)
        string(location.name)
        key(LocationOutputKey.onListCount)
        int(onListCount)
        key(LocationKey.visitationOrder)
        int(location.visitationOrder)
        endObject()
    }
}
