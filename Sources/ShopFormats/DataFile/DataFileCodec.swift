import ShopJSON
import ShopModel

/// The data file format, read and written by hand for speed (see .bench/figures-in-code.md)
/// and checked against Foundation in the tests. The example is a version 3 file; later versions are listed below.
///
/// One JSON object, keys sorted, pretty-printed exactly as Foundation's `JSONEncoder` prints it with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` on Linux, ending with a newline (an empty array is
/// `[`, an empty line, `]`, as Foundation writes it):
///
/// ```json
/// {
///   "items" : [
///     {
///       "dateLastPurchased" : "2026-11-22T10:00:00Z",
///       "every" : 7,
///       "id" : "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
///       "isAvailable" : true,
///       "locationId" : "0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90",
///       "modifiedAt" : {
///         "name" : "2026-11-22T10:00:00.000Z",
///         "quantity" : "2026-11-22T10:05:12.345Z"
///       },
///       "name" : "milk",
///       "note" : "the blue one",
///       "onList" : false,
///       "price" : 2.49,
///       "quantity" : 2,
///       "starred" : true
///     }
///   ],
///   "locations" : [
///     {
///       "color" : "#43a047ff",
///       "id" : "0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90",
///       "isUnknown" : false,
///       "modifiedAt" : {
///         "name" : "2026-11-22T10:00:00.000Z"
///       },
///       "name" : "Dairy",
///       "visitationOrder" : 10
///     }
///   ],
///   "stores" : [
///     {
///       "id" : "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
///       "locationIds" : [
///         "0F3B3C1E-3C6A-4B8E-9A51-6A1D5E2B7C90"
///       ],
///       "modifiedAt" : {
///         "locationIds" : "2026-11-22T10:00:00.000Z",
///         "name" : "2026-11-22T10:00:00.000Z"
///       },
///       "name" : "Corner market"
///     }
///   ],
///   "version" : 3
/// }
/// ```
///
/// - Items are in name order (``NameOrder``, then id); locations in walking order (the Unknown Location,
///   marked by `"isUnknown" : true`, last); stores in name order. So the file diffs well.
/// - Dates are ISO 8601 UTC in whole seconds; `modifiedAt` stamps (a map from field name to time, SPEC section 8.2)
///   have milliseconds; ids uppercase UUIDs; colours `#rrggbbaa`; prices the shortest decimal (`2.49`, `2.5`, `3`).
///   Keys whose value is absent (`dateLastPurchased`, `every`, `modifiedAt`, `note`, `price`) are left out.
/// - Version 3 moved the current store and the timer to the device file (``DeviceFile``) and made `modifiedAt` per
///   field. Version 2 (`currentStoreId`, `timer`, one `modifiedAt` time per record) is read as is: its single stamp
///   holds for every field of the record, and its current store and timer are this device's until the first write hands
///   them to the device file. Version 1 is version 2 without `stores`, `currentStoreId` and `modifiedAt`. A
///   `modifiedAt` that is neither a time nor a map of times is damage.
/// - Version 4 (SPEC section 11) made an item's `quantity` an amount: a whole count is still a number (`2`), any other
///   amount its exact text (`"1500 g"`, `"1/3"`, `"7/2 cup + 200 g"`, see ``Amount/exactText``); items may be `pantry`
///   staples or on the list for recipes only (`recipesOnly`); `recipes` and `recipeNeeds` hold the recipes on the list
///   (`{"askedFor", "entry", "id", "label", "modifiedAt", "name", "plan"}`, by name, label, plan entry) and what each
///   added (`{"amount", "id", "itemId", "modifiedAt", "recipeId"}`, by recipe), left out when no recipe is on the list.
/// - Version 5 (SPEC section 14): an item's `quantity` may be `""`, no amount of the person's own (an item recipes put
///   on the list that the person then added: what recipes need, else 1).
/// - Version 7 (SPEC section 18): items may be kept in stock (`stock`, `keeps`, `keepsOpen`, `minStock`); the
///   purchase log gains stock entries (lines with a `stock` key, see ``PurchaseKey``) and a purchase's `bestBefore`.
/// - Version 8 (SPEC section 17): a unit price a total paid gave keeps its exact ratio beside its four fraction
///   digits: a purchase's `priceExact` (`"97/600"` beside `"price":0.1617`) and a store price's trailing fraction
///   (`"<store id> 0.1617 <date> 97/600"`), so 50 more at 12 for 1.94 are 8.08, not 8.09.
/// - Version 9 (SPEC 23): the `purchaseLog` marker is `{"digest", "length"}`, the same on every device that holds the
///   same log lines (the digest is the wrapping sum of a hash of each line); the check of the bytes before the
///   length and the inode of this device's log file live in its lock file. A version 8 marker (`{"check", "inode",
///   "length"}`) is read as it is, and becomes a version 9 one at the next change to the log.
/// - Version 10 (SPEC 21): an item whose location was guessed holds why (`"locationGuess" : "'cheese'"`) until a
///   person sets its location.
/// - Version 11 (SPEC 22): the household's named lists (`lists`: `{"id", "modifiedAt", "name"}`, by name) and an
///   item's list (`listId`). A file of one list, `Groceries` untouched, has neither: every older file is that list
///   (its id is ``NamedList/groceriesID`` on every device) and an item without `listId` is on it. A purchase line
///   records the list it was bought from (`list`, `listId`: ``Purchase/listID``), none in such a file.
/// - Version 12 (SPEC 21): the words the household taught by moving guessed items (`learnedWords`: `{"id",
///   "locationId", "modifiedAt", "word"}`, by word; ``LearnedPlace``). A file with none has no key.
/// - Every older version is read and written as the current one at the next change; an older shop refuses a newer
///   file as newer (so it never reads `""` as damage or as 1, nor a log with stock entries).
/// - Reading is tolerant where it is safe: a missing or `null` optional key takes its default (item: quantity 1,
///   onList and isAvailable true, starred false; location: visitationOrder 50, colour ``RGBA/neutral``, isUnknown
///   false; no items, locations or stores: none), unknown keys are ignored, dates may carry fractional seconds
///   (dropped) or a `+hh:mm` offset, colours may be `#rrggbb`. Required: `version`; item `id`, `name`, `locationId`;
///   location and store `id`, `name`.
/// - Reading is strict about everything else: malformed JSON, duplicate keys, wrong types, bad ids, dates, colours or
///   prices are refused with the line and column, never repaired.
/// - A `version` above ``supportedVersion`` is refused as newer, whatever else the file holds.
///
/// ## Adding a key or a record
///
/// Every key of every record is declared once, in the record's declaration under ShopModel's `Fields/` (``ItemKey``
/// in `Item+Fields.swift`, ``LocationKey`` in `Location+Fields.swift`, ...): the record's enum lists its keys in the
/// order they are written (sorted by bytes; a precondition says so if not), the raw value is the key's text, the case
/// is the field. `Fields/DataFileKeys.swift` keeps the machinery (``DataFileKey``, ``RecordLayout``) and the keys of
/// the file's top level, the log marker and the timer.
/// - **A key**: add its case to the record's enum, in sorted position. The key of an item, a location, a store, a
///   recipe or a recipe need is then a member of its field's row (``FieldMember``, with the value's
///   ``ValueSpelling``): their codecs here (``RecordCodec``, `Item+Codec.swift`, ...) walk the rows, and refuse to
///   start if a key has no row. A purchase's keys need their arms in the two exhaustive switches of
///   `Purchase+Codec.swift` (its writer is ``JSONWriter/purchase(_:withLineTotal:)``, in its `+Fields.swift`, as it
///   writes `--json` too); an optional value's arm leaves the member out when absent. The order, the bytes the writer
///   writes and the reader's fast path all follow from the case. If older files lack the key, the value read starts
///   at the default; if the key is new in a format version, raise ``supportedVersion`` and describe the change above.
///   Every field of a record also has its row in the record's field table, named by its case (`ItemKey.price`), not
///   respelt: the stamps, the merge and `sync`'s summary read it (see ``RecordField``, "Adding a field").
/// - **A record** (say, a recipe contribution): a declaration file under ShopModel's `Fields/` like
///   `Store+Fields.swift`: a new enum conforming to ``DataFileKey`` with its `layout` at the depth the writer writes it
///   (``DataFileKeys/recordDepth`` for an element of a top-level array), its field table; and a codec file here like
///   `Store+Codec.swift` (its ``RecordCodec``, which names it in errors, and the record it starts reading from); and a
///   case in ``FileKey`` for the array that holds it, read by ``DataFileDecoder/records(_:minimumSize:)``.
/// - The exact bytes written are checked against `Tests/ShopFormatsTests/Fixtures/written`; a change of the format
///   updates those files on purpose (`SHOP_RECORD_WRITTEN=1 swift test --filter DataFileLayoutTests`).
package enum DataFileCodec {
    /// The format version this code reads and writes.
    static let supportedVersion = 12

    /// Decodes a data file.
    /// - Parameter path: named in errors.
    /// - Throws: ``ShopError/newerVersion(path:found:supported:)`` or ``ShopError/corruptFile(path:detail:)``.
    static func decode(_ bytes: [UInt8], path: String) throws(ShopError) -> ShoppingList {
        try decode(consuming: bytes, path: path)
    }

    /// Decodes a data file, releasing its bytes once scanned, before the list's indexes are built (a lower peak).
    package static func decode(consuming bytes: consuming [UInt8], path: String) throws(ShopError) -> ShoppingList {
        try decodeContents(consuming: bytes, path: path).list
    }

    /// Decodes a data file: its records; the purchase log as the file names it (its marker, not loaded; an export's
    /// purchases, still to be logged); and the current store and timer a file of version 1 or 2 may hold (a device's
    /// own now: SPEC section 8.3, handed to the device file by the first write), empty for a newer file.
    package static func decodeContents(consuming bytes: consuming [UInt8], path: String) throws(ShopError)
        -> DataFileContents
    {
        let outcome: Result<DataFileDecoder.Contents, ShopError> = bytes.withUnsafeBufferPointer { buffer in
            var decoder = DataFileDecoder(buffer)
            do throws(JSONScanFailure) {
                return .success(try decoder.decode())
            } catch {
                // Whatever went wrong, a newer file must be reported as newer: its shapes may simply be new.
                if let version = probeVersion(buffer), version > supportedVersion {
                    return .failure(.newerVersion(path: path, found: version, supported: supportedVersion))
                }
                return .failure(.corruptFile(path: path, detail: describe(error, decoder.record, in: buffer)))
            }
        }
        _ = consume bytes
        let contents = try outcome.get()
        guard let version = contents.version else {
            throw .corruptFile(path: path, detail: "missing \"version\"; is this a shop data file?")
        }
        if version > supportedVersion {
            throw .newerVersion(path: path, found: version, supported: supportedVersion)
        }
        guard version >= 1 else { throw .corruptFile(path: path, detail: "unsupported \"version\" \(version)") }
        do {
            var list = try ShoppingList(
                items: contents.items, locations: contents.locations, stores: contents.stores,
                recipes: contents.recipes, needs: contents.needs, lists: contents.lists, learned: contents.learned)
            var log = PurchaseLog(isLoaded: false)
            if version < 6 { list.givePricesTheirLegacyUnits() }
            if let purchases = contents.purchases {
                // An export's log (or an export used as a data file): purchases still to be logged.
                log = PurchaseLog()
                for purchase in purchases { log.add(purchase) }
                for entry in contents.stockEntries { log.add(entry) }
            }
            log.marker = contents.logMarker
            // A saved current store that no longer exists is none (SPEC section 7).
            let legacy = DeviceState(currentStoreID: contents.currentStoreID, timer: contents.timer)
            return DataFileContents(list: list, log: log, legacyDevice: legacy.checked(against: list))
        } catch .corruptFile(_, let detail) {
            throw .corruptFile(path: path, detail: detail)
        }
    }

    /// The top-level `version`, found by skipping every other value; `nil` unless an object with an integer version.
    private static func probeVersion(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var scanner = JSONScanner(buffer, maximumDepth: 64)
        do throws(JSONScanFailure) {
            try scanner.beginObject()
            var first = true
            while let key = try scanner.nextKey(first: &first) {
                if scanner.string(key) == FileKey.version.rawValue, try scanner.peekValue() != UInt8(ascii: "\"") {
                    guard case .value(let version) = scanner.exactInteger(try scanner.readNumber()) else { return nil }
                    return version
                }
                try scanner.skipValue()
            }
        } catch {
            return nil
        }
        return nil
    }

    /// `line 12, column 17: item "milk": "quantity" must be an integer`.
    private static func describe(
        _ failure: JSONScanFailure, _ record: DataFileDecoder.Record?, in buffer: UnsafeBufferPointer<UInt8>
    ) -> String {
        let (line, column) = JSONParseError.position(of: failure.offset, in: buffer)
        var detail = "line \(line), column \(column): "
        if let record {
            if let key = record.keys.nameKeyText, let name = recordName(key, at: record.start, in: buffer) {
                detail += "\(record.kind) \(quoted(name)): "
            } else {
                detail += "\(record.kind) #\(record.number): "
            }
        }
        return detail + failure.message
    }

    /// The name (under `nameKey`) of the record whose object starts at `start`, read again only to label an error.
    private static func recordName(
        _ nameKey: String, at start: Int, in buffer: UnsafeBufferPointer<UInt8>
    ) -> String? {
        var scanner = JSONScanner(buffer, maximumDepth: 64)
        scanner.offset = start
        do throws(JSONScanFailure) {
            try scanner.beginObject()
            var first = true
            while let key = try scanner.nextKey(first: &first) {
                if scanner.string(key) == nameKey, try scanner.peekValue() == UInt8(ascii: "\"") {
                    return try scanner.readString()
                }
                try scanner.skipValue()
            }
        } catch {
            return nil
        }
        return nil
    }
}

/// What a data file holds: the household's records, the purchase log as the file names it, and the device state an
/// old file may still hold (see ``DataFileCodec/decodeContents(consuming:path:)``).
package struct DataFileContents: Sendable {
    /// The shared records.
    package var list: ShoppingList
    /// The log's marker, and an export's purchases (loaded then); otherwise not loaded.
    package var log: PurchaseLog
    /// A version 1 or 2 file's current store and timer.
    package var legacyDevice: DeviceState

    /// What an empty or missing data file holds: an empty list, no log marker.
    package init(
        list: ShoppingList = ShoppingList(), log: PurchaseLog = PurchaseLog(isLoaded: false),
        legacyDevice: DeviceState = DeviceState()
    ) {
        self.list = list
        self.log = log
        self.legacyDevice = legacyDevice
    }
}

/// Reading a version 4 file's prices as version 5 reads them (SPEC section 12).
extension ShoppingList {
    /// Gives every price of a version 4 file (or older) the unit it was shown with: the pricing unit of the
    /// item's first part (per kg for `2 kg`, per litre for `3 tbsp`, per piece for a count), so that no
    /// price changes meaning when the file is read as version 5 (SPEC section 12).
    mutating func givePricesTheirLegacyUnits() {
        var changed: [Item] = []
        for item in items where item.price != nil {
            guard let first = item.amount.parts.first, !first.unit.isCount else { continue }
            var priced = item
            priced.priceUnit = first.unit.pricingUnit
            changed.append(priced)
        }
        for item in changed { replace(item) }
    }
}
