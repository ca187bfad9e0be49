import ShopJSON
import ShopModel

// What every record's reader shares (each record's own reader is in its declaration under Fields/): its
// `modifiedAt` stamps, and the keys met so far in its object.

extension DataFileDecoder {
    /// A record's `modifiedAt`: a map from field name to time (version 3), or one time (version 2, returned
    /// apart: see ``Stamped/stamp(legacy:)``); `null` is none. Anything else is damage. Keys that name
    /// no field of the record are skipped, as unknown keys are everywhere.
    /// - Parameter fields: the record's stamped fields (``RecordCodec/stampLayout``).
    mutating func stamps(
        of fields: JSONMemberLayout, _ member: @autoclosure () -> String
    ) throws(JSONScanFailure) -> (FieldStamps, legacy: Date?) {
        let first = try scanner.peekValue()
        let start = scanner.offset
        if first != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return (FieldStamps(), nil) }
            guard first == UInt8(ascii: "\""), let date = try stamp() else {
                throw invalid(member(), "must be a map from field name to time, or a time", at: start)
            }
            return (FieldStamps(), date)
        }
        try scanner.beginObject()
        var stamps: [(field: String, at: Date)] = []
        stamps.reserveCapacity(fields.names.count)
        var seen = KeySet()
        var firstMember = true
        // As ``readMembers(of:_:)`` reads a record's keys: the lines shop writes are matched as bytes, in name order.
        var previous = -1
        var inOrder = true
        while true {
            let index: Int?
            let key: JSONStringToken
            if let canonical = scanner.canonicalMember(fields, after: previous, first: &firstMember) {
                (index, key) = canonical
            } else {
                guard let general = try scanner.nextKey(first: &firstMember) else { break }
                membersReadTheGeneralWay += 1
                (index, key) = (scanner.index(of: general, in: fields), general)
            }
            if let index {
                try seen.insert(index, key, &scanner)
                inOrder = inOrder && index > previous
                previous = index
            } else {
                try seen.insertUnknown(key, &scanner)
            }
            scanner.skipWhitespace()
            let valueStart = scanner.offset
            guard try scanner.peekValue() == UInt8(ascii: "\""), let date = try stamp() else {
                throw invalid(
                    member(), "must map each field to a time such as \"2026-11-22T10:00:00.000Z\"", at: valueStart)
            }
            if let index { stamps.append((fields.names[index], date)) }
        }
        return (inOrder ? FieldStamps(sorted: stamps) : FieldStamps(unsorted: stamps), nil)
    }

    /// A time with its milliseconds, `nil` when the string is not one.
    private mutating func stamp() throws(JSONScanFailure) -> Date? {
        let token = try scanner.readStringToken()
        return token.hasEscapes
            ? scanner.decodedBytes(token).withUnsafeBufferPointer { TimestampText.parseStamp($0) }
            : TimestampText.parseStamp(scanner.rawBytes(token))
    }
}

/// The keys met so far in one object, to refuse duplicates: known keys by bit, others by their bytes.
struct KeySet {
    private var known: UInt32 = 0
    private var unknown: Set<[UInt8]> = []

    mutating func insert(_ bit: Int, _ key: JSONStringToken, _ scanner: inout JSONScanner) throws(JSONScanFailure) {
        let mask: UInt32 = 1 << UInt32(bit)
        if known & mask != 0 { throw KeySet.duplicate(key, &scanner) }
        known |= mask
    }

    mutating func insertUnknown(_ key: JSONStringToken, _ scanner: inout JSONScanner) throws(JSONScanFailure) {
        if !unknown.insert(scanner.decodedBytes(key)).inserted { throw KeySet.duplicate(key, &scanner) }
    }

    private static func duplicate(_ key: JSONStringToken, _ scanner: inout JSONScanner) -> JSONScanFailure {
        JSONScanFailure(offset: key.start - 1, message: "duplicate key \(quoted(scanner.string(key)))")
    }
}
