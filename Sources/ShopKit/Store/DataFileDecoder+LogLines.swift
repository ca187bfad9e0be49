#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the purchase log's lines. Almost every line was written by shop itself, so its keys come in
/// one order with no spaces: such a line is read by its bytes (no key lookups, no duplicate bookkeeping),
/// and anything else (another layout, an escape, `null`, an unknown key, a deletion, a damaged line) is
/// handed, from the line's start, to the general reader, which accepts or refuses it as it always has.
extension DataFileDecoder {
    /// Names and store names already read. Ten years of a household's purchases repeat a few thousand
    /// names and a handful of stores, so a line whose name is the same bytes as the last one logged for
    /// its item (or whose store is one of the stores seen) shares that `String` instead of allocating one.
    struct LogStrings {
        var names = UUIDTable<String>(capacity: 1024)
        /// Few: compared one by one, which costs less than hashing an id.
        var stores: [String] = []
        static let storeLimit = 16
    }

    /// What the log's lines hold: the purchases in logged order and the ids deleted by `unbuy` lines.
    struct LogContents {
        var purchases: [Purchase] = []
        var deleted: Set<Purchase.ID> = []
    }

    /// Every line of a log file (one JSON object a line), oldest first.
    mutating func logContents() throws(JSONScanFailure) -> LogContents {
        var contents = LogContents()
        contents.purchases.reserveCapacity(scanner.bytes.count / 200)
        var strings = LogStrings()
        var count = 0
        try readLogLines(into: &contents, strings: &strings, count: &count)
        return contents
    }

    /// Reads every line of the text into `contents`, which may already hold the lines of the text before
    /// it (the log is read in pieces of whole lines, see ``PurchaseLogFile/load(marker:window:)``).
    /// - Parameter count: the number of entries read so far, which numbers the records in errors.
    mutating func readLogLines(
        into contents: inout LogContents, strings: inout LogStrings, count: inout Int
    ) throws(JSONScanFailure) {
        while true {
            scanner.skipWhitespace()
            guard scanner.offset < scanner.bytes.count else { break }
            count += 1
            if let purchase = canonicalLogLine(&strings) {
                contents.purchases.append(purchase)
                continue
            }
            switch try purchaseEntry(number: count) {
            case .purchase(let purchase): contents.purchases.append(purchase)
            case .deletion(let id): contents.deleted.insert(id)
            }
        }
    }

    /// The purchase on the line starting at the scanner's position, when the line is laid out exactly as
    /// ``JSONWriter/purchase(_:withLineTotal:)`` writes it into the log and ends with a newline (or the end
    /// of the text); the scanner is then past the line. Otherwise `nil`, with the scanner where it was.
    mutating func canonicalLogLine(_ strings: inout LogStrings) -> Purchase? {
        let start = scanner.offset
        if let purchase = readCanonicalLogLine(&strings) { return purchase }
        scanner.offset = start
        return nil
    }

    private mutating func readCanonicalLogLine(_ strings: inout LogStrings) -> Purchase? {
        guard literal("{\"date\":"), let date = quotedDate() else { return nil }
        var dateBefore: Date?
        if literal(",\"dateBefore\":") {
            guard let before = quotedDate() else { return nil }
            dateBefore = before
        }
        guard literal(",\"id\":"), let id = quotedUUID(), literal(",\"itemId\":"), let itemUUID = quotedUUID(),
            literal(",\"name\":")
        else { return nil }
        let itemID = Item.ID(itemUUID)
        guard let name = internedString(in: &strings.names, for: itemID) else { return nil }
        var price: Price?
        if literal(",\"price\":") {
            guard let number = try? scanner.readNumber(),
                case .value(let cents) = scanner.exactInteger(number, scale: 2), let parsed = Price(cents: cents)
            else { return nil }
            price = parsed
        }
        guard literal(",\"quantity\":"), let quantity = scanner.readPlainInteger(),
            Validation.quantities.contains(quantity)
        else { return nil }
        var store: String?
        if literal(",\"store\":") {
            guard let name = internedStore(in: &strings.stores) else { return nil }
            store = name
        }
        var storeID: Store.ID?
        if literal(",\"storeId\":") {
            guard let uuid = quotedUUID() else { return nil }
            storeID = Store.ID(uuid)
        }
        guard literal("}") else { return nil }
        if scanner.offset < scanner.bytes.count {
            guard scanner.bytes[scanner.offset] == UInt8(ascii: "\n") else { return nil }
            scanner.offset += 1
        }
        return Purchase(
            id: Purchase.ID(id), itemID: itemID, name: name, date: date, quantity: quantity, price: price,
            store: store, storeID: storeID, dateBefore: dateBefore)
    }

    /// Moves past `expected` when the text continues with exactly those bytes.
    @inline(__always)
    private mutating func literal(_ expected: StaticString) -> Bool {
        let count = expected.utf8CodeUnitCount
        guard scanner.bytes.count - scanner.offset >= count,
            memcmp(scanner.bytes.baseAddress! + scanner.offset, expected.utf8Start, count) == 0
        else { return false }
        scanner.offset += count
        return true
    }

    /// `"2026-11-22T10:00:00Z"`, as shop writes dates.
    private mutating func quotedDate() -> Date? {
        guard let raw = scanner.quotedRun(count: TimestampText.length), let date = TimestampText.parse(raw) else {
            return nil
        }
        scanner.offset += TimestampText.length + 2
        return date
    }

    /// A quoted UUID in text form.
    private mutating func quotedUUID() -> UUID? {
        guard let raw = scanner.quotedRun(count: 36), let uuid = UUIDText.parse(raw) else { return nil }
        scanner.offset += 38
        return uuid
    }

    /// A string (checked by the scanner's string reader), shared with the last string read for `id` when
    /// it has the same bytes; `nil` when the text is no valid string.
    private mutating func internedString(in table: inout UUIDTable<String>, for id: Item.ID) -> String? {
        guard let token = try? scanner.readStringToken() else { return nil }
        if token.hasEscapes { return scanner.string(token) }
        let raw = scanner.rawBytes(token)
        if var known = table[id.uuid], Self.same(&known, raw) { return known }
        let text = String(decoding: raw, as: UTF8.self)
        table[id.uuid] = text
        return text
    }

    /// A store's name, shared with an earlier one of the same bytes; `nil` when the text is no valid string.
    private mutating func internedStore(in table: inout [String]) -> String? {
        guard let token = try? scanner.readStringToken() else { return nil }
        if token.hasEscapes { return scanner.string(token) }
        let raw = scanner.rawBytes(token)
        for index in table.indices where Self.same(&table[index], raw) { return table[index] }
        let text = String(decoding: raw, as: UTF8.self)
        if table.count < LogStrings.storeLimit { table.append(text) }
        return text
    }

    /// Whether `text` is exactly the bytes `raw`.
    private static func same(_ text: inout String, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        text.withUTF8 {
            $0.count == raw.count && (raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0)
        }
    }
}
