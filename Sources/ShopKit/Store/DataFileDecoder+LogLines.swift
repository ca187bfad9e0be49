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
    /// Names and store names already read, by the id logged with them: ten years of a household's
    /// purchases repeat a few thousand names, so a line whose name is the same bytes as the last one of
    /// its item shares that `String` instead of allocating its own.
    struct LogStrings {
        var names: [Item.ID: String] = [:]
        var stores: [Store.ID: String] = [:]
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
        return contents
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
        var storeStart: Int?
        if literal(",\"store\":") {
            storeStart = scanner.offset
            guard (try? scanner.readStringToken()) != nil else { return nil }
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
        var store: String?
        if let storeStart {
            // Read again now that the line is known to be whole: its id comes after it.
            let end = scanner.offset
            scanner.offset = storeStart
            if let storeID {
                store = internedString(in: &strings.stores, for: storeID)
            } else {
                store = try? scanner.readString()
            }
            scanner.offset = end
            guard store != nil else { return nil }
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
    private mutating func internedString<ID: Hashable>(in table: inout [ID: String], for id: ID) -> String? {
        guard let token = try? scanner.readStringToken() else { return nil }
        if token.hasEscapes { return scanner.string(token) }
        let raw = scanner.rawBytes(token)
        if var known = table[id] {
            let same = known.withUTF8 {
                $0.count == raw.count && (raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0)
            }
            if same { return known }
        }
        let text = String(decoding: raw, as: UTF8.self)
        table[id] = text
        return text
    }
}
