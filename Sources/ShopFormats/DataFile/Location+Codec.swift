import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A location's codec in the data file: how the value of each of its keys (``LocationKey``, declared with its
// field table in ShopModel's `Fields/Location+Fields.swift`) is written and read.

extension DataFileCodec {
    static func write(_ location: Location, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = LocationKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .color:
                writer.key(position, of: layout.members)
                writer.string(location.color.hex)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(location.id.uuid)
            case .isUnknown:
                writer.key(position, of: layout.members)
                writer.bool(location.isUnknown)
            case .modifiedAt: stamp(location.modifiedAt, position, of: layout.members, to: &writer)
            case .name:
                writer.key(position, of: layout.members)
                writer.string(location.name)
            case .visitationOrder:
                writer.key(position, of: layout.members)
                writer.int(location.visitationOrder)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    mutating func location(number: Int) throws(JSONScanFailure) -> Location {
        try beginRecord("location", number: number, keys: LocationKey.self)
        var id: UUID?
        var name: String?
        var color = RGBA.neutral
        var isUnknown = false
        var visitationOrder = Location.defaultVisitationOrder
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        try readMembers { (decoder, key: LocationKey) throws(JSONScanFailure) in
            switch key {
            case .color: color = try decoder.scanner.memberColor(key.rawValue) ?? .neutral
            case .id: id = try decoder.scanner.memberUUID(key.rawValue)
            case .isUnknown: isUnknown = try decoder.scanner.memberBool(key.rawValue) ?? false
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Location.self, key.rawValue)
            case .name: name = try decoder.scanner.memberString(key.rawValue)
            case .visitationOrder:
                visitationOrder = try decoder.scanner.memberInt(key.rawValue) ?? Location.defaultVisitationOrder
            }
        }
        guard let id else { throw missing(LocationKey.id) }
        guard let name else { throw missing(LocationKey.name) }
        record = nil
        return Location(
            id: Location.ID(id), name: name, visitationOrder: visitationOrder, color: color, isUnknown: isUnknown,
            modifiedAt: modifiedAt
        ).stamping(legacy: legacyStamp)
    }
}
