import ShopJSON
import ShopModel

// A location's object in the data file: the members its rows declare (``Location/fields``, ShopModel's
// `Fields/Location+Fields.swift`), with its own `id`, `modifiedAt` and `isUnknown` (no field: it never changes).

extension Location: CodedRecord {
    static let codec = RecordCodec<Location, LocationKey>(id: .id, stamps: .modifiedAt, own: [.isUnknown])
    static var unread: Location {
        Location(id: Location.ID(DataFileDecoder.unread), name: "", visitationOrder: Location.defaultVisitationOrder)
    }
}

extension DataFileCodec {
    static func write(_ location: Location, to writer: inout JSONWriter) {
        write(location, to: &writer) { _, position, writer in
            writer.key(position, of: LocationKey.layout.members)
            writer.bool(location.isUnknown)
        }
    }
}

extension DataFileDecoder {
    mutating func location(number: Int) throws(JSONScanFailure) -> Location {
        try record("location", number: number) { (decoder, key, location) throws(JSONScanFailure) in
            location.isUnknown = try decoder.scanner.memberBool(key.rawValue) ?? false
        }
    }
}
