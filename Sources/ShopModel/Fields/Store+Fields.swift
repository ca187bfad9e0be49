import ShopJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A store's fields, each declared once (see ``RecordField`` and its "Adding a field"): its keys, its table,
// how the codec writes and reads each key, and its `--json` object.

/// A store's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum StoreKey: String, DataFileKey {
    case id, locationIds, modifiedAt, name
    static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    static let nameKey: Self? = .name
}

/// The members of a store's `--json` object that the data file does not hold (SPEC section 7):
/// `locations` is the walk (``StoreKey/locationIds``) by name.
enum StoreOutputKey: String, DataFileKey {
    case isCurrent, locations, onListCount
    static let layout = RecordLayout<Self>(depth: 2)
}

extension Store: DeclaredRecord {
    package static let fields: [RecordField<Store>] = [
        RecordField(StoreKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        // The walk is one value: interleaving two reorders would give an order nobody chose. Two stores
        // of one name walk the later walk, then the locations only the other walked.
        RecordField(
            StoreKey.locationIds, "walk", { $0.locationIDs }, isSet: { !$0.isEmpty },
            output: .as(StoreOutputKey.locations)
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

extension DataFileCodec {
    static func write(_ store: Store, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = StoreKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(store.id.uuid)
            case .locationIds:
                writer.key(position, of: layout.members)
                writer.beginArray()
                for id in store.locationIDs { writer.uuid(id.uuid) }
                writer.endArray()
            case .modifiedAt: stamp(store.modifiedAt, position, of: layout.members, to: &writer)
            case .name:
                writer.key(position, of: layout.members)
                writer.string(store.name)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    mutating func store(number: Int) throws(JSONScanFailure) -> Store {
        try beginRecord("store", number: number, keys: StoreKey.self)
        var id: UUID?
        var name: String?
        var locationIDs: [Location.ID] = []
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        try readMembers { (decoder, key: StoreKey) throws(JSONScanFailure) in
            switch key {
            case .id: id = try decoder.uuid(key.rawValue)
            case .locationIds: locationIDs = try decoder.locationIDList()
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Store.self, key.rawValue)
            case .name: name = try decoder.string(key.rawValue)
            }
        }
        guard let id else { throw missing(StoreKey.id) }
        guard let name else { throw missing(StoreKey.name) }
        record = nil
        return Store(id: Store.ID(id), name: name, locationIDs: locationIDs, modifiedAt: modifiedAt)
            .stamping(legacy: legacyStamp)
    }
}

extension DataFileDecoder {
    /// A store's `locationIds`: an array of UUID strings, or none for `null`.
    mutating func locationIDList() throws(JSONScanFailure) -> [Location.ID] {
        try array(StoreKey.locationIds) { (decoder, _) throws(JSONScanFailure) in
            decoder.scanner.skipWhitespace()
            let start = decoder.scanner.offset
            guard let id = try decoder.uuid(StoreKey.locationIds.rawValue) else {
                throw decoder.invalid(StoreKey.locationIds.rawValue, "must hold location ids, not null", at: start)
            }
            return Location.ID(id)
        }
    }
}

extension JSONWriter {
    /// One store object of `--json`: `{"id", "isCurrent", "locations": [names in walking order], "name"}`,
    /// keys sorted, with `"onListCount"` when given. `isCurrent` is the store saved in the data file, whatever
    /// `--store` says (SPEC section 7); the Unknown Location is implied and not listed.
    public mutating func store(_ store: Store, in list: ShoppingList, onListCount: Int?) {
        beginObject()
        key(StoreKey.id)
        string(store.id.description)
        key(StoreOutputKey.isCurrent)
        bool(store.id == list.currentStoreID)
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
