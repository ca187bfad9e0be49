#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading items, locations and stores. Each key is matched once against the record's known keys (in the
/// sorted order they are written in); its position doubles as its bit in the ``KeySet`` that refuses
/// duplicates.
extension DataFileDecoder {
    // Records are members of the top-level object's arrays, so their members are indented by six spaces.
    private static let itemKeys = MemberKeys(
        [
            "dateLastPurchased", "every", "id", "isAvailable", "locationId", "modifiedAt", "name", "note", "onList",
            "pantry", "price", "quantity", "recipesOnly", "starred",
        ], indent: 6)
    private static let locationKeys = MemberKeys(
        ["color", "id", "isUnknown", "modifiedAt", "name", "visitationOrder"], indent: 6)
    private static let storeKeys = MemberKeys(["id", "locationIds", "modifiedAt", "name"], indent: 6)

    /// The next member's key and its index among `keys` (`nil` for an unknown key); `nil` at the end of
    /// the object. Members written as shop writes them are recognised by their bytes (most of a large
    /// file); any other layout takes the general path.
    private mutating func nextMember(
        _ keys: MemberKeys, previous: inout Int, first: inout Bool
    ) throws(JSONScanFailure) -> (index: Int?, key: JSONStringToken)? {
        if let member = scanner.canonicalMember(keys, after: previous, first: &first) {
            previous = member.index
            return member
        }
        guard let key = try scanner.nextKey(first: &first) else { return nil }
        let index = scanner.index(of: key, in: keys.names)
        if let index { previous = index }
        return (index, key)
    }

    mutating func item(number: Int) throws(JSONScanFailure) -> Item {
        try beginRecord("item", number: number)
        var id: UUID?
        var name: String?
        var locationID: UUID?
        var dateLastPurchased: Date?
        var every: Int?
        var learnsEvery = false
        var isAvailable = true
        var note: String?
        var onList = true
        var price: Price?
        var quantity: Amount = 1
        var pantry = false
        var recipesOnly = false
        var starred = false
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        var seen = KeySet()
        var first = true
        var previous = -1
        while let (index, key) = try nextMember(Self.itemKeys, previous: &previous, first: &first) {
            guard let index else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: dateLastPurchased = try date("dateLastPurchased")
            case 1:
                scanner.skipWhitespace()
                let start = scanner.offset
                if try scanner.peekValue() == UInt8(ascii: "\"") {
                    guard try string("every") == "auto" else {
                        throw invalid("every", "must be a number of days or \"auto\"", at: start)
                    }
                    learnsEvery = true
                } else {
                    every = try int("every")
                }
            case 2: id = try uuid("id")
            case 3: isAvailable = try bool("isAvailable") ?? true
            case 4: locationID = try uuid("locationId")
            case 5: (modifiedAt, legacyStamp) = try stamps(of: Item.self)
            case 6: name = try string("name")
            case 7: note = try string("note")
            case 8: onList = try bool("onList") ?? true
            case 9: pantry = try bool("pantry") ?? false
            case 10: price = try self.price("price")
            case 11: quantity = try amount("quantity") ?? 1
            case 12: recipesOnly = try bool("recipesOnly") ?? false
            default: starred = try bool("starred") ?? false
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        guard let locationID else { throw missing("locationId") }
        record = nil
        return Item(
            id: Item.ID(id), name: name, quantity: quantity, onList: onList, isAvailable: isAvailable,
            dateLastPurchased: dateLastPurchased, locationID: Location.ID(locationID), price: price,
            starred: starred, note: note, every: every, modifiedAt: modifiedAt, learnsEvery: learnsEvery,
            recipesOnly: recipesOnly, pantry: pantry
        ).stamping(legacy: legacyStamp)
    }

    mutating func location(number: Int) throws(JSONScanFailure) -> Location {
        try beginRecord("location", number: number)
        var id: UUID?
        var name: String?
        var color = RGBA.neutral
        var isUnknown = false
        var visitationOrder = Location.defaultVisitationOrder
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        var seen = KeySet()
        var first = true
        var previous = -1
        while let (index, key) = try nextMember(Self.locationKeys, previous: &previous, first: &first) {
            guard let index else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: color = try self.color("color") ?? .neutral
            case 1: id = try uuid("id")
            case 2: isUnknown = try bool("isUnknown") ?? false
            case 3: (modifiedAt, legacyStamp) = try stamps(of: Location.self)
            case 4: name = try string("name")
            default: visitationOrder = try int("visitationOrder") ?? Location.defaultVisitationOrder
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        record = nil
        return Location(
            id: Location.ID(id), name: name, visitationOrder: visitationOrder, color: color, isUnknown: isUnknown,
            modifiedAt: modifiedAt
        ).stamping(legacy: legacyStamp)
    }

    mutating func store(number: Int) throws(JSONScanFailure) -> Store {
        try beginRecord("store", number: number)
        var id: UUID?
        var name: String?
        var locationIDs: [Location.ID] = []
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        var seen = KeySet()
        var first = true
        var previous = -1
        while let (index, key) = try nextMember(Self.storeKeys, previous: &previous, first: &first) {
            guard let index else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: id = try uuid("id")
            case 1: locationIDs = try locationIDList()
            case 2: (modifiedAt, legacyStamp) = try stamps(of: Store.self)
            default: name = try string("name")
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        record = nil
        return Store(id: Store.ID(id), name: name, locationIDs: locationIDs, modifiedAt: modifiedAt)
            .stamping(legacy: legacyStamp)
    }
}

extension DataFileDecoder {
    /// A record's `modifiedAt`: a map from field name to time (version 3), or one time (version 2, returned
    /// apart: see ``Stamped/stamping(legacy:)``); `null` is none. Anything else is damage. Keys that name
    /// no field of the record are skipped, as unknown keys are everywhere.
    mutating func stamps<Record: Stamped>(
        of: Record.Type
    ) throws(JSONScanFailure) -> (FieldStamps, legacy: Date?) {
        let first = try scanner.peekValue()
        let start = scanner.offset
        if first != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return (FieldStamps(), nil) }
            guard first == UInt8(ascii: "\""), let date = try stamp() else {
                throw invalid("modifiedAt", "must be a map from field name to time, or a time", at: start)
            }
            return (FieldStamps(), date)
        }
        try scanner.beginObject()
        var stamps: [(field: String, at: Date)] = []
        stamps.reserveCapacity(4)
        var seen = KeySet()
        var firstMember = true
        while let key = try scanner.nextKey(first: &firstMember) {
            // Field names are short: the string is built inline, and a bit per known field finds a repeat
            // without hashing.
            let field = scanner.string(key)
            let index = Record.stampedFields.firstIndex { $0.name == field }
            if let index {
                try seen.insert(index, key, &scanner)
            } else {
                try seen.insertUnknown(key, &scanner)
            }
            scanner.skipWhitespace()
            let valueStart = scanner.offset
            guard try scanner.peekValue() == UInt8(ascii: "\""), let date = try stamp() else {
                throw invalid(
                    "modifiedAt", "must map each field to a time such as \"2026-11-22T10:00:00.000Z\"", at: valueStart)
            }
            if let index { stamps.append((Record.stampedFields[index].name, date)) }
        }
        return (FieldStamps(unsorted: stamps), nil)
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
