#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading items, locations and stores: each key of the record's table (``ItemKey``, ``LocationKey``,
/// ``StoreKey``) says how its value is read; ``readMembers(_:)`` finds the keys.
extension DataFileDecoder {
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
        var priceUnit: MeasureUnit?
        var pack: Amount.Part?
        var storePrices: [StorePrice] = []
        var unavailableAt: [Store.ID] = []
        var quantity: Amount = 1
        var pantry = false
        var recipesOnly = false
        var starred = false
        var modifiedAt = FieldStamps()
        var legacyStamp: Date?
        try readMembers { (decoder, key: ItemKey) throws(JSONScanFailure) in
            switch key {
            case .dateLastPurchased: dateLastPurchased = try decoder.date(key.rawValue)
            case .every:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                if try decoder.scanner.peekValue() == UInt8(ascii: "\"") {
                    guard try decoder.string(key.rawValue) == "auto" else {
                        throw decoder.invalid(key.rawValue, "must be a number of days or \"auto\"", at: start)
                    }
                    learnsEvery = true
                } else {
                    every = try decoder.int(key.rawValue)
                }
            case .id: id = try decoder.uuid(key.rawValue)
            case .isAvailable: isAvailable = try decoder.bool(key.rawValue) ?? true
            case .locationId: locationID = try decoder.uuid(key.rawValue)
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Item.self, key.rawValue)
            case .name: name = try decoder.string(key.rawValue)
            case .note: note = try decoder.string(key.rawValue)
            case .onList: onList = try decoder.bool(key.rawValue) ?? true
            case .price: price = try decoder.price(key.rawValue)
            case .priceUnit: priceUnit = try decoder.priceUnit(key.rawValue)
            case .pack: pack = try decoder.pack(key.rawValue)
            case .storePrices: storePrices = try decoder.storePrices(key.rawValue)
            case .unavailableAt: unavailableAt = try decoder.storeIDs(key.rawValue)
            case .pantry: pantry = try decoder.bool(key.rawValue) ?? false
            case .quantity: quantity = try decoder.amount(key.rawValue) ?? 1
            case .recipesOnly: recipesOnly = try decoder.bool(key.rawValue) ?? false
            case .starred: starred = try decoder.bool(key.rawValue) ?? false
            }
        }
        guard let id else { throw missing(ItemKey.id) }
        guard let name else { throw missing(ItemKey.name) }
        guard let locationID else { throw missing(ItemKey.locationId) }
        record = nil
        var item = Item(
            id: Item.ID(id), name: name, quantity: quantity, onList: onList, isAvailable: isAvailable,
            dateLastPurchased: dateLastPurchased, locationID: Location.ID(locationID), price: price,
            starred: starred, note: note, every: every, modifiedAt: modifiedAt, learnsEvery: learnsEvery,
            recipesOnly: recipesOnly, pantry: pantry
        )
        // Most items have none of these: leave them alone rather than box their defaults four times over.
        if priceUnit != nil || pack != nil || !storePrices.isEmpty || !unavailableAt.isEmpty {
            item.setReceiptFields(
                ReceiptFields(
                    priceUnit: priceUnit ?? .count, pack: pack, storePrices: storePrices, unavailableAt: unavailableAt))
        }
        return item.stamping(legacy: legacyStamp)
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
        try readMembers { (decoder, key: LocationKey) throws(JSONScanFailure) in
            switch key {
            case .color: color = try decoder.color(key.rawValue) ?? .neutral
            case .id: id = try decoder.uuid(key.rawValue)
            case .isUnknown: isUnknown = try decoder.bool(key.rawValue) ?? false
            case .modifiedAt: (modifiedAt, legacyStamp) = try decoder.stamps(of: Location.self, key.rawValue)
            case .name: name = try decoder.string(key.rawValue)
            case .visitationOrder: visitationOrder = try decoder.int(key.rawValue) ?? Location.defaultVisitationOrder
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

    mutating func store(number: Int) throws(JSONScanFailure) -> Store {
        try beginRecord("store", number: number)
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
    /// A record's `modifiedAt`: a map from field name to time (version 3), or one time (version 2, returned
    /// apart: see ``Stamped/stamping(legacy:)``); `null` is none. Anything else is damage. Keys that name
    /// no field of the record are skipped, as unknown keys are everywhere.
    mutating func stamps<Record: Stamped>(
        of: Record.Type, _ member: @autoclosure () -> String
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
                    member(), "must map each field to a time such as \"2026-11-22T10:00:00.000Z\"", at: valueStart)
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
