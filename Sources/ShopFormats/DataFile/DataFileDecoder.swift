import ShopJSON
import ShopModel

/// Reads the data file format (see ``DataFileCodec``) straight from the scanner into model values.
package struct DataFileDecoder {
    /// What the top level held. `version` is `nil` when the key is missing.
    struct Contents {
        var version: Int?
        var items: [Item] = []
        var locations: [Location] = []
        var stores: [Store] = []
        var lists: [NamedList] = []
        var learned: [LearnedPlace] = []
        var currentListID: NamedList.ID?
        var currentStoreID: Store.ID?
        /// The device file's `deviceName` (SPEC 12); a data file's is never used.
        var deviceName: String?
        var timer = StoreTimer()
        var logMarker: PurchaseLogMarker?
        var purchases: [Purchase]?
        var stockEntries: [StockEntry] = []
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
        /// Its keys, whose ``DataFileKey/nameKey`` labels an error (`item "milk"`).
        var keys: any DataFileKey.Type
    }

    var scanner: JSONScanner
    /// Set while inside an item, location or store.
    var record: Record?
    /// How many members ``readMembers(_:)`` and ``stamps(of:_:)`` read the general way, not by their bytes: none in a
    /// file shop wrote (a test checks that the writer's layout and the fast path's still agree).
    var membersReadTheGeneralWay = 0

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
        try readMembers { (decoder, key: FileKey) throws(JSONScanFailure) in
            switch key {
            case .currentListId:
                contents.currentListID = try decoder.scanner.memberUUID(key.rawValue).map(NamedList.ID.init)
            case .learnedWords: contents.learned = try decoder.records(key)
            case .lists: contents.lists = try decoder.records(key)
            case .currentStoreId:
                contents.currentStoreID = try decoder.scanner.memberUUID(key.rawValue).map(Store.ID.init)
            case .deviceName: contents.deviceName = try decoder.scanner.memberString(key.rawValue)
            case .items: contents.items = try decoder.records(key, minimumSize: 240)
            case .locations: contents.locations = try decoder.records(key)
            case .purchaseLog: contents.logMarker = try decoder.logMarker()
            case .purchases: (contents.purchases, contents.stockEntries) = try decoder.purchaseArray()
            case .recipeNeeds: contents.needs = try decoder.records(key)
            case .recipes: contents.recipes = try decoder.records(key)
            case .stores: contents.stores = try decoder.records(key)
            case .timer: contents.timer = try decoder.timer()
            case .version: contents.version = try decoder.scanner.memberInt(key.rawValue)
            }
        }
        try scanner.finish()
        return contents
    }

    /// Reads the members of the object just opened, up to its end, handing each known key to `read` (in any
    /// order, each at most once: a repeated key is refused) and skipping unknown keys (each at most once).
    /// A member laid out as the writer writes it (``RecordLayout``) is recognised by its bytes; any other
    /// takes the general path, with the same result (the fast path pays: see .bench/README.md).
    mutating func readMembers<Key: DataFileKey>(
        _ read: (inout DataFileDecoder, Key) throws(JSONScanFailure) -> Void
    ) throws(JSONScanFailure) {
        let keys = Key.layout.keys
        try readMembers(of: Key.self) { (decoder, position) throws(JSONScanFailure) in
            try read(&decoder, keys[position])
        }
    }

    /// ``readMembers(_:)`` handing `read` each key's position in the layout instead of its case (a record
    /// whose codec is a table by position, ``RecordCodec``).
    mutating func readMembers<Key: DataFileKey>(
        of: Key.Type, _ read: (inout DataFileDecoder, Int) throws(JSONScanFailure) -> Void
    ) throws(JSONScanFailure) {
        let layout = Key.layout
        var seen = KeySet()
        var first = true
        var previous = -1
        while true {
            let index: Int?
            let token: JSONStringToken
            if let member = scanner.canonicalMember(layout.members, after: previous, first: &first) {
                (index, token) = member
            } else {
                guard let key = try scanner.nextKey(first: &first) else { return }
                membersReadTheGeneralWay += 1
                (index, token) = (scanner.index(of: key, in: layout.members), key)
            }
            guard let index else {
                try seen.insertUnknown(token, &scanner)
                try scanner.skipValue()
                continue
            }
            previous = index
            try seen.insert(index, token, &scanner)
            try read(&self, index)
        }
    }

    /// Reads an array of records, or nothing for `null`.
    /// - Parameter minimumSize: the fewest bytes a pretty-printed element takes, to reserve room for all the elements
    ///   the rest of the file could hold: growing by doubling copies the array and touches fresh pages again and
    ///   again, while room reserved and never used costs address space, not memory.
    mutating func array<Element>(
        _ key: some DataFileKey, minimumSize: Int = .max,
        _ element: (inout DataFileDecoder, Int) throws(JSONScanFailure) -> Element
    ) throws(JSONScanFailure) -> [Element] {
        if try scanner.peekValue() != UInt8(ascii: "[") {
            if scanner.readNullIfPresent() { return [] }
            throw invalid(key.rawValue, "must be an array", at: scanner.offset)
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
    mutating func beginRecord(_ kind: String, number: Int, keys: any DataFileKey.Type) throws(JSONScanFailure) {
        let first = try scanner.peekValue()
        record = Record(kind: kind, number: number, start: scanner.offset, keys: keys)
        guard first == UInt8(ascii: "{") else {
            throw scanner.failure("must be an object, found \(scanner.foundDescription)")
        }
        try scanner.beginObject()
    }

    func missing(_ key: some DataFileKey) -> JSONScanFailure {
        JSONScanFailure(offset: record?.start ?? 0, message: "missing \"\(key.rawValue)\"")
    }

    /// The data file's `purchaseLog` marker: `{"digest": hex, "length": n}` (version 9), or `{"check": hex, "inode": n,
    /// "length": n}` (before), or none for `null`.
    private mutating func logMarker() throws(JSONScanFailure) -> PurchaseLogMarker? {
        if try scanner.peekValue() != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return nil }
            throw invalid(FileKey.purchaseLog.rawValue, "must be an object", at: scanner.offset)
        }
        let start = scanner.offset
        try scanner.beginObject()
        var marker = PurchaseLogMarker(length: -1, digest: nil)
        var checkText: String?
        var digestText: String?
        var inode: Int?
        try readMembers { (decoder, key: LogMarkerKey) throws(JSONScanFailure) in
            switch key {
            case .check: checkText = try decoder.scanner.memberString(key.rawValue)
            case .digest: digestText = try decoder.scanner.memberString(key.rawValue)
            case .inode: inode = try decoder.scanner.memberInt(key.rawValue)
            case .length: marker.length = try decoder.scanner.memberInt(key.rawValue) ?? -1
            }
        }
        // An old marker is refused in the words of the current one.
        let damaged = invalid(
            FileKey.purchaseLog.rawValue, "needs \"length\" >= 0 and a hexadecimal \"digest\"", at: start)
        if let digestText {
            guard marker.length >= 0, let digest = UInt64(digestText, radix: 16) else { throw damaged }
            marker.digest = digest
            return marker
        }
        guard marker.length >= 0, let checkText, let check = UInt64(checkText, radix: 16) else { throw damaged }
        marker.check = check
        marker.inode = UInt64(truncatingIfNeeded: inode ?? 0)
        return marker
    }

    private mutating func timer() throws(JSONScanFailure) -> StoreTimer {
        if try scanner.peekValue() != UInt8(ascii: "{") {
            if scanner.readNullIfPresent() { return StoreTimer() }
            throw invalid(FileKey.timer.rawValue, "must be an object", at: scanner.offset)
        }
        try scanner.beginObject()
        var timer = StoreTimer()
        try readMembers { (decoder, key: TimerKey) throws(JSONScanFailure) in
            switch key {
            case .accumulatedSeconds:
                decoder.scanner.skipWhitespace()
                let start = decoder.scanner.offset
                timer.accumulatedSeconds = try decoder.scanner.memberInt(key.rawValue) ?? 0
                if timer.accumulatedSeconds < 0 {
                    throw decoder.invalid(key.rawValue, "must not be negative", at: start)
                }
            // Version 2 stamped the timer; it is one device's now (SPEC section 8.3) and needs none.
            case .modifiedAt: _ = try decoder.scanner.memberDate(key.rawValue)
            case .startedAt: timer.startedAt = try decoder.scanner.memberDate(key.rawValue)
            }
        }
        return timer
    }
}

/// The data file's value readers are the model's (``JSONScanner/memberInt(_:)`` and its siblings in
/// ShopModel's `Fields/MemberValues.swift`); the decoder names its failures the same way.
extension DataFileDecoder {
    /// Fails at the start of the value being read.
    func invalid(_ field: @autoclosure () -> String, _ requirement: String, at offset: Int) -> JSONScanFailure {
        scanner.invalidMember(field(), requirement, at: offset)
    }
}
