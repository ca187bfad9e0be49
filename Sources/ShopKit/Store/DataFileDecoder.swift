#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the data file format (see ``DataFileCodec``) straight from the scanner into model values.
struct DataFileDecoder {
    /// What the top level held. `version` is `nil` when the key is missing.
    struct Contents {
        var version: Int?
        var items: [Item] = []
        var locations: [Location] = []
        var stores: [Store] = []
        var currentStoreID: Store.ID?
        var timer = StoreTimer()
    }

    /// The record being read, so that an error can say which one it is in.
    struct Record {
        var kind: String
        /// 1-based position in its array.
        var number: Int
        /// Offset of its opening brace.
        var start: Int
    }

    var scanner: JSONScanner
    /// Set while inside an item or location.
    private(set) var record: Record?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes, maximumDepth: 64)
    }

    // MARK: - Top level

    mutating func decode() throws(JSONScanFailure) -> Contents {
        var contents = Contents()
        guard try scanner.peekValue() == UInt8(ascii: "{") else {
            throw scanner.failure("the data file must hold a JSON object, found \(scanner.foundDescription)")
        }
        try scanner.beginObject()
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.token(key, equals: "currentStoreId") {
                try seen.insert(4, key, &scanner)
                contents.currentStoreID = try uuid("currentStoreId").map(Store.ID.init)
            } else if scanner.token(key, equals: "items") {
                try seen.insert(0, key, &scanner)
                contents.items = try array("items") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.item(number: number)
                }
            } else if scanner.token(key, equals: "locations") {
                try seen.insert(1, key, &scanner)
                contents.locations = try array("locations") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.location(number: number)
                }
            } else if scanner.token(key, equals: "stores") {
                try seen.insert(5, key, &scanner)
                contents.stores = try array("stores") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.store(number: number)
                }
            } else if scanner.token(key, equals: "timer") {
                try seen.insert(2, key, &scanner)
                contents.timer = try timer()
            } else if scanner.token(key, equals: "version") {
                try seen.insert(3, key, &scanner)
                contents.version = try int("version")
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        try scanner.finish()
        return contents
    }

    /// Reads an array of records, or nothing for `null`.
    private mutating func array<Element>(
        _ field: StaticString, _ element: (inout DataFileDecoder, Int) throws(JSONScanFailure) -> Element
    ) throws(JSONScanFailure) -> [Element] {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return [] }
            throw invalid(field, "must be an array", at: scanner.offset)
        }
        try scanner.beginArray()
        var elements: [Element] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            elements.append(try element(&self, elements.count + 1))
        }
        return elements
    }

    /// Opens a record's object, remembering where it is for error messages.
    private mutating func beginRecord(_ kind: String, number: Int) throws(JSONScanFailure) {
        let first = try scanner.peekValue()
        record = Record(kind: kind, number: number, start: scanner.offset)
        guard first == UInt8(ascii: "{") else {
            throw scanner.failure("must be an object, found \(scanner.foundDescription)")
        }
        try scanner.beginObject()
    }

    private func missing(_ field: StaticString) -> JSONScanFailure {
        JSONScanFailure(offset: record?.start ?? 0, message: "missing \"\(field)\"")
    }

    // MARK: - Records

    private mutating func item(number: Int) throws(JSONScanFailure) -> Item {
        try beginRecord("item", number: number)
        var id: UUID?
        var name: String?
        var locationID: UUID?
        var dateLastPurchased: Date?
        var every: Int?
        var isAvailable = true
        var note: String?
        var onList = true
        var price: Price?
        var quantity = 1
        var starred = false
        var modifiedAt: Date?
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            // Keys are matched in the sorted order they are written in.
            if scanner.token(key, equals: "dateLastPurchased") {
                try seen.insert(0, key, &scanner)
                dateLastPurchased = try date("dateLastPurchased")
            } else if scanner.token(key, equals: "every") {
                try seen.insert(1, key, &scanner)
                every = try int("every")
            } else if scanner.token(key, equals: "id") {
                try seen.insert(2, key, &scanner)
                id = try uuid("id")
            } else if scanner.token(key, equals: "isAvailable") {
                try seen.insert(3, key, &scanner)
                isAvailable = try bool("isAvailable") ?? true
            } else if scanner.token(key, equals: "locationId") {
                try seen.insert(4, key, &scanner)
                locationID = try uuid("locationId")
            } else if scanner.token(key, equals: "modifiedAt") {
                try seen.insert(11, key, &scanner)
                modifiedAt = try date("modifiedAt")
            } else if scanner.token(key, equals: "name") {
                try seen.insert(5, key, &scanner)
                name = try string("name")
            } else if scanner.token(key, equals: "note") {
                try seen.insert(6, key, &scanner)
                note = try string("note")
            } else if scanner.token(key, equals: "onList") {
                try seen.insert(7, key, &scanner)
                onList = try bool("onList") ?? true
            } else if scanner.token(key, equals: "price") {
                try seen.insert(8, key, &scanner)
                price = try self.price("price")
            } else if scanner.token(key, equals: "quantity") {
                try seen.insert(9, key, &scanner)
                quantity = try int("quantity") ?? 1
            } else if scanner.token(key, equals: "starred") {
                try seen.insert(10, key, &scanner)
                starred = try bool("starred") ?? false
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        guard let locationID else { throw missing("locationId") }
        record = nil
        return Item(
            id: Item.ID(id), name: name, quantity: quantity, onList: onList, isAvailable: isAvailable,
            dateLastPurchased: dateLastPurchased, locationID: Location.ID(locationID), price: price,
            starred: starred, note: note, every: every, modifiedAt: modifiedAt)
    }

    private mutating func location(number: Int) throws(JSONScanFailure) -> Location {
        try beginRecord("location", number: number)
        var id: UUID?
        var name: String?
        var color = RGBA.neutral
        var isUnknown = false
        var visitationOrder = Location.defaultVisitationOrder
        var modifiedAt: Date?
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.token(key, equals: "color") {
                try seen.insert(0, key, &scanner)
                color = try self.color("color") ?? .neutral
            } else if scanner.token(key, equals: "id") {
                try seen.insert(1, key, &scanner)
                id = try uuid("id")
            } else if scanner.token(key, equals: "isUnknown") {
                try seen.insert(2, key, &scanner)
                isUnknown = try bool("isUnknown") ?? false
            } else if scanner.token(key, equals: "modifiedAt") {
                try seen.insert(5, key, &scanner)
                modifiedAt = try date("modifiedAt")
            } else if scanner.token(key, equals: "name") {
                try seen.insert(3, key, &scanner)
                name = try string("name")
            } else if scanner.token(key, equals: "visitationOrder") {
                try seen.insert(4, key, &scanner)
                visitationOrder = try int("visitationOrder") ?? Location.defaultVisitationOrder
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        record = nil
        return Location(
            id: Location.ID(id), name: name, visitationOrder: visitationOrder, color: color, isUnknown: isUnknown,
            modifiedAt: modifiedAt)
    }

    private mutating func store(number: Int) throws(JSONScanFailure) -> Store {
        try beginRecord("store", number: number)
        var id: UUID?
        var name: String?
        var locationIDs: [Location.ID] = []
        var modifiedAt: Date?
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.token(key, equals: "id") {
                try seen.insert(0, key, &scanner)
                id = try uuid("id")
            } else if scanner.token(key, equals: "locationIds") {
                try seen.insert(1, key, &scanner)
                locationIDs = try locationIDList()
            } else if scanner.token(key, equals: "modifiedAt") {
                try seen.insert(2, key, &scanner)
                modifiedAt = try date("modifiedAt")
            } else if scanner.token(key, equals: "name") {
                try seen.insert(3, key, &scanner)
                name = try string("name")
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        record = nil
        return Store(id: Store.ID(id), name: name, locationIDs: locationIDs, modifiedAt: modifiedAt)
    }

    /// A store's `locationIds`: an array of UUID strings, or none for `null`.
    private mutating func locationIDList() throws(JSONScanFailure) -> [Location.ID] {
        try array("locationIds") { (decoder, _) throws(JSONScanFailure) in
            decoder.scanner.skipWhitespace()
            let start = decoder.scanner.offset
            guard let id = try decoder.uuid("locationIds") else {
                throw decoder.invalid("locationIds", "must hold location ids, not null", at: start)
            }
            return Location.ID(id)
        }
    }

    private mutating func timer() throws(JSONScanFailure) -> StoreTimer {
        if try scanner.peekValue() != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return StoreTimer() }
            throw invalid("timer", "must be an object", at: scanner.offset)
        }
        try scanner.beginObject()
        var timer = StoreTimer()
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.token(key, equals: "accumulatedSeconds") {
                try seen.insert(0, key, &scanner)
                scanner.skipWhitespace()
                let start = scanner.offset
                timer.accumulatedSeconds = try int("accumulatedSeconds") ?? 0
                if timer.accumulatedSeconds < 0 {
                    throw invalid("accumulatedSeconds", "must not be negative", at: start)
                }
            } else if scanner.token(key, equals: "modifiedAt") {
                try seen.insert(2, key, &scanner)
                timer.modifiedAt = try date("modifiedAt")
            } else if scanner.token(key, equals: "startedAt") {
                try seen.insert(1, key, &scanner)
                timer.startedAt = try date("startedAt")
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        return timer
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
