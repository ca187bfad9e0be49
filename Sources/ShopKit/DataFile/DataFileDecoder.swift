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
        var logMarker: PurchaseLogMarker?
        var purchases: [Purchase]?
        var recipes: [ListedRecipe] = []
        var needs: [RecipeNeed] = []
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
    /// Set while inside an item, location or store.
    var record: Record?
    /// Amounts read so far by their text: a list repeats a few (`500 g`, `1 l`) thousands of times.
    var amounts: [String: Amount] = [:]

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
                contents.items = try array("items", minimumSize: 240) { (decoder, number) throws(JSONScanFailure) in
                    try decoder.item(number: number)
                }
            } else if scanner.token(key, equals: "locations") {
                try seen.insert(1, key, &scanner)
                contents.locations = try array("locations") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.location(number: number)
                }
            } else if scanner.token(key, equals: "purchaseLog") {
                try seen.insert(6, key, &scanner)
                contents.logMarker = try logMarker()
            } else if scanner.token(key, equals: "purchases") {
                try seen.insert(7, key, &scanner)
                contents.purchases = try purchaseArray()
            } else if scanner.token(key, equals: "recipes") {
                try seen.insert(8, key, &scanner)
                contents.recipes = try array("recipes") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.recipe(number: number)
                }
            } else if scanner.token(key, equals: "recipeNeeds") {
                try seen.insert(9, key, &scanner)
                contents.needs = try array("recipeNeeds") { (decoder, number) throws(JSONScanFailure) in
                    try decoder.recipeNeed(number: number)
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
    /// - Parameter minimumSize: the fewest bytes a pretty-printed element takes, to reserve room for all
    ///   the elements the rest of the file could hold: growing an array of 100,000 items by doubling
    ///   copies it and touches fresh pages again and again, while room reserved and never used is never
    ///   touched, so it costs address space, not memory.
    private mutating func array<Element>(
        _ field: StaticString, minimumSize: Int = .max,
        _ element: (inout DataFileDecoder, Int) throws(JSONScanFailure) -> Element
    ) throws(JSONScanFailure) -> [Element] {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return [] }
            throw invalid(field, "must be an array", at: scanner.offset)
        }
        try scanner.beginArray()
        var elements: [Element] = []
        elements.reserveCapacity((scanner.bytes.count - scanner.offset) / minimumSize)
        var first = true
        while try scanner.nextElement(first: &first) {
            elements.append(try element(&self, elements.count + 1))
        }
        return elements
    }

    /// Opens a record's object, remembering where it is for error messages.
    mutating func beginRecord(_ kind: String, number: Int) throws(JSONScanFailure) {
        let first = try scanner.peekValue()
        record = Record(kind: kind, number: number, start: scanner.offset)
        guard first == UInt8(ascii: "{") else {
            throw scanner.failure("must be an object, found \(scanner.foundDescription)")
        }
        try scanner.beginObject()
    }

    func missing(_ field: StaticString) -> JSONScanFailure {
        JSONScanFailure(offset: record?.start ?? 0, message: "missing \"\(field)\"")
    }

    /// A store's `locationIds`: an array of UUID strings, or none for `null`.
    mutating func locationIDList() throws(JSONScanFailure) -> [Location.ID] {
        try array("locationIds") { (decoder, _) throws(JSONScanFailure) in
            decoder.scanner.skipWhitespace()
            let start = decoder.scanner.offset
            guard let id = try decoder.uuid("locationIds") else {
                throw decoder.invalid("locationIds", "must hold location ids, not null", at: start)
            }
            return Location.ID(id)
        }
    }

    /// The data file's `purchaseLog` marker: `{"check": hex, "inode": n, "length": n}`, or none for `null`.
    private mutating func logMarker() throws(JSONScanFailure) -> PurchaseLogMarker? {
        if try scanner.peekValue() != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return nil }
            throw invalid("purchaseLog", "must be an object", at: scanner.offset)
        }
        let start = scanner.offset
        try scanner.beginObject()
        var marker = PurchaseLogMarker(length: -1, check: 0, inode: 0)
        var checkText: String?
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.token(key, equals: "check") {
                try seen.insert(0, key, &scanner)
                checkText = try string("check")
            } else if scanner.token(key, equals: "inode") {
                try seen.insert(1, key, &scanner)
                marker.inode = UInt64(truncatingIfNeeded: try int("inode") ?? 0)
            } else if scanner.token(key, equals: "length") {
                try seen.insert(2, key, &scanner)
                marker.length = try int("length") ?? -1
            } else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
            }
        }
        guard marker.length >= 0, let checkText, let check = UInt64(checkText, radix: 16) else {
            throw invalid("purchaseLog", "needs \"length\" >= 0 and a hexadecimal \"check\"", at: start)
        }
        marker.check = check
        return marker
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
                // Version 2 stamped the timer; it is one device's now (SPEC section 8.3) and needs none.
                try seen.insert(2, key, &scanner)
                _ = try date("modifiedAt")
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
