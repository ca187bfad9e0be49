import ShopJSON
import ShopModel

// A location's object in the data file: the members its rows declare (``Location/fields``, ShopModel's
// `Fields/Location+Fields.swift`), with its own `id`, `modifiedAt` and `isUnknown` (no field: it never changes).

extension Location: CodedRecord {
    static let codec = RecordCodec<Location, LocationKey>(
        kind: "location", id: .id, stamps: .modifiedAt, own: [.isUnknown])
    static var unread: Location {
        Location(id: Location.ID(DataFileDecoder.unread), name: "", visitationOrder: Location.defaultVisitationOrder)
    }

    func writeOwn(_ key: LocationKey, _ position: Int, to writer: inout JSONWriter) {
        writer.key(position, of: LocationKey.layout.members)
        writer.bool(isUnknown)
    }

    mutating func readOwn(_ key: LocationKey, from scanner: inout JSONScanner) throws(JSONScanFailure) {
        isUnknown = try scanner.memberBool(key.rawValue) ?? false
    }
}
