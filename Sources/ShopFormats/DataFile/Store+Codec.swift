import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A store's codec in the data file: how the value of each of its keys (``StoreKey``, declared with its field
// table in ShopModel's `Fields/Store+Fields.swift`) is written and read.

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
            case .id: id = try decoder.scanner.memberUUID(key.rawValue)
            case .locationIds: locationIDs = try decoder.locationIDList()
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Store.self, key.rawValue)
            case .name: name = try decoder.scanner.memberString(key.rawValue)
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
            guard let id = try decoder.scanner.memberUUID(StoreKey.locationIds.rawValue) else {
                throw decoder.invalid(StoreKey.locationIds.rawValue, "must hold location ids, not null", at: start)
            }
            return Location.ID(id)
        }
    }
}
