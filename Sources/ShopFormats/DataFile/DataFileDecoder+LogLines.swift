import ShopJSON
import ShopModel

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
    /// Names and store names already read. A household's purchases repeat a few thousand names and a handful of
    /// stores, so a line whose name is the same bytes as the last one logged for its item (or whose store is one of the
    /// stores seen) shares that `String` instead of allocating one.
    struct LogStrings {
        /// Item ids by their text: the id and the name last logged for it. Most lines repeat an item id read before:
        /// found by its bytes, it is not parsed again.
        var items = [IDText.Key: Item](minimumCapacity: 1024)
        /// Few: compared one by one, which costs less than hashing an id.
        var stores: [String] = []
        /// Store ids by their text, as ``items`` (few: compared one by one).
        var storeIDs: [(text: IDText, id: UUID)] = []
        /// The lists' names and ids, as ``stores`` and ``storeIDs`` (SPEC 22).
        var lists: [String] = []
        var listIDs: [(text: IDText, id: UUID)] = []
        static let storeLimit = 16
        /// Units and amounts by their text, as written in `priceUnit` and `quantity` (few, compared one by one).
        var units: [(text: String, unit: MeasureUnit)] = []
        var amounts: [(text: String, amount: Amount)] = []

        /// An item id as read: its text, the id, and the name last logged for it.
        struct Item {
            var text: IDText
            var id: UUID
            var name: String?
        }
        /// The calendar day of the last date read (its text, `YYYY-MM-DD`, and its number): the lines come in logged
        /// order, so most dates repeat the day before them and only their time needs reading.
        var day: (text: UInt64, tail: UInt16, number: Int)?
    }

    /// What the log's lines hold: the purchases in logged order and the ids deleted by `unbuy` lines.
    package struct LogContents {
        package var purchases: [Purchase] = []
        package var deleted: Set<Purchase.ID> = []
        package var stockEntries: [StockEntry] = []  // SPEC section 18, in logged order

        package init(purchases: [Purchase] = [], deleted: Set<Purchase.ID> = [], stockEntries: [StockEntry] = []) {
            self.purchases = purchases
            self.deleted = deleted
            self.stockEntries = stockEntries
        }
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
    /// it (the log is read in pieces of whole lines, see ``PurchaseLogFile/loadWithDeletions(marker:window:)``).
    /// - Parameter count: the number of entries read so far, which numbers the records in errors.
    mutating func readLogLines(
        into contents: inout LogContents, strings: inout LogStrings, count: inout Int
    ) throws(JSONScanFailure) {
        while true {
            scanner.skipWhitespace()
            guard scanner.offset < scanner.bytes.count else { break }
            count += 1
            if appendCanonicalLogLine(&strings, to: &contents.purchases) { continue }
            switch try purchaseEntry(number: count) {
            case .purchase(let purchase): contents.purchases.append(purchase)
            case .deletion(let id): contents.deleted.insert(id)
            case .stock(let entry): contents.stockEntries.append(entry)
            }
        }
    }

    /// Appends to `purchases` the purchase on the line starting at the scanner's position, when the line is laid out
    /// exactly as ``JSONWriter/purchase(_:withLineTotal:)`` writes it into the log and ends with a newline (or the end
    /// of the text); the scanner is then past the line. Otherwise the scanner stays where it was. Appending, not
    /// returning the purchase: that would copy it twice more.
    /// - Returns: whether the line was read.
    mutating func appendCanonicalLogLine(_ strings: inout LogStrings, to purchases: inout [Purchase]) -> Bool {
        let start = scanner.offset
        if readCanonicalLogLine(&strings, to: &purchases) { return true }
        scanner.offset = start
        return false
    }

    private mutating func readCanonicalLogLine(_ strings: inout LogStrings, to purchases: inout [Purchase]) -> Bool {
        let layout = PurchaseKey.layout
        guard literal("{") else { return false }
        var by: String?
        if member(.by, of: layout, first: true) {
            guard let name = internedStore(in: &strings.stores) else { return false }
            by = name
        }
        guard member(.date, of: layout, first: by == nil), let date = quotedDate(day: &strings.day)
        else { return false }
        var dateBefore: Date?
        if member(.dateBefore, of: layout) {
            guard let before = quotedDate(day: &strings.day) else { return false }
            dateBefore = before
        }
        guard member(.id, of: layout), let id = quotedUUID(), member(.itemId, of: layout),
            let itemText = scanner.quotedRun(count: 36)
        else { return false }
        // The item as read before under the same text (the same id, and the name last logged for it).
        let text = IDText(itemText)
        var item: LogStrings.Item
        var isNew = false
        if let known = strings.items[text.key], known.text == text {
            item = known
        } else {
            guard let parsed = UUIDText.parse(itemText) else { return false }
            item = LogStrings.Item(text: text, id: parsed, name: nil)
            isNew = true
        }
        scanner.offset += 38
        // A line of version 5 carries its line total (`null` when none); one logged before has none.
        var lineTotal: Price??
        if member(.lineTotal, of: layout) {
            if literal("null") {
                lineTotal = .some(nil)
            } else {
                guard let number = try? scanner.readNumber(),
                    case .value(let cents) = scanner.exactInteger(number, scale: 2), let parsed = Price(cents: cents)
                else { return false }
                lineTotal = .some(parsed)
            }
        }
        // SPEC 22: the list it was bought from, by name and id (a household of several lists; few, like stores).
        var listName: String?
        if member(.list, of: layout) {
            guard let name = internedStore(in: &strings.lists) else { return false }
            listName = name
        }
        var listID: NamedList.ID?
        if member(.listId, of: layout) {
            guard let uuid = internedID(in: &strings.listIDs) else { return false }
            listID = NamedList.ID(uuid)
        }
        guard member(.name, of: layout), let (name, isNewName) = internedName(item.name) else { return false }
        if isNew || isNewName {
            item.name = name
            strings.items[text.key] = item
        }
        let itemID = Item.ID(item.id)
        var price: UnitPrice?
        if member(.price, of: layout) {
            guard let number = try? scanner.readNumber(),
                case .value(let value) = scanner.exactInteger(number, scale: 4),
                let parsed = UnitPrice(tenThousandths: value)
            else { return false }
            price = parsed
        }
        // `priceBefore` (a purchase that changed the item's price) is rare: the general reader takes it.
        // Version 8: the exact ratio of a price a total paid gave (`--paid`, and buys at that store price).
        if member(.priceExact, of: layout) {
            guard let rounded = price, let token = try? scanner.readStringToken(), !token.hasEscapes,
                let exact = UnitPrice(
                    fractionText: String(decoding: scanner.rawBytes(token), as: UTF8.self), rounded: rounded)
            else { return false }
            price = exact
        }
        var priceUnit = MeasureUnit.count
        if member(.priceUnit, of: layout) {
            guard let unit = internedUnit(in: &strings.units) else { return false }
            priceUnit = unit
        }
        guard member(.quantity, of: layout) else { return false }
        let amount: Amount
        if let count = scanner.readPlainInteger() {
            guard Validation.quantities.contains(count) else { return false }
            amount = Amount(count: count)
        } else {
            guard let parsed = internedAmount(in: &strings.amounts) else { return false }
            amount = parsed
        }
        var store: String?
        if member(.store, of: layout) {
            guard let name = internedStore(in: &strings.stores) else { return false }
            store = name
        }
        var storeID: Store.ID?
        if member(.storeId, of: layout) {
            guard let uuid = internedID(in: &strings.storeIDs) else { return false }
            storeID = Store.ID(uuid)
        }
        guard literal("}") else { return false }
        if scanner.offset < scanner.bytes.count {
            guard scanner.bytes[scanner.offset] == UInt8(ascii: "\n") else { return false }
            scanner.offset += 1
        }
        var purchase = Purchase(
            id: Purchase.ID(id), itemID: itemID, name: name, date: date, amount: amount, price: price,
            priceUnit: priceUnit, lineTotal: lineTotal ?? Purchase.legacyLineTotal(amount, price), store: store,
            storeID: storeID, by: by, dateBefore: dateBefore)
        purchase.listID = listID
        purchase.listName = listName
        purchases.append(purchase)
        return true
    }

    /// Moves past `expected` when the text continues with exactly those bytes.
    @inline(__always)
    private mutating func literal(_ expected: StaticString) -> Bool {
        literal(UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
    }

    /// Moves past the member's start as the log writes it (`,"key":`, without the comma when `first`): see
    /// ``JSONMemberLayout/compactLine(_:)``. Inlined, with ``literal(_:)-(UnsafeBufferPointer<UInt8>)`` and
    /// ``RecordLayout/position(of:)`` (measured: see .bench/figures-in-code.md).
    @inline(__always)
    private mutating func member(_ key: PurchaseKey, of layout: RecordLayout<PurchaseKey>, first: Bool = false) -> Bool
    {
        let line = layout.members.compactLine(layout.position(of: key))
        return literal(UnsafeBufferPointer(rebasing: line[(first ? 1 : 0)...]))
    }

    /// Moves past `expected` when the text continues with exactly those bytes.
    @inline(__always)
    private mutating func literal(_ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = expected.count
        guard scanner.bytes.count - scanner.offset >= count else { return false }
        let text = UnsafeRawPointer(scanner.bytes.baseAddress! + scanner.offset)
        guard memcmp(text, expected.baseAddress!, count) == 0 else { return false }
        scanner.offset += count
        return true
    }

    /// `"2026-11-22T10:00:00Z"`, as shop writes dates; the text of `day`, the last date's day, is not read again.
    private mutating func quotedDate(day: inout (text: UInt64, tail: UInt16, number: Int)?) -> Date? {
        guard let raw = scanner.quotedRun(count: TimestampText.length) else { return nil }
        let start = UnsafeRawPointer(raw.baseAddress!)
        let text = start.loadUnaligned(as: UInt64.self)
        let tail = start.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        let date: Date
        if let known = day, known.text == text, known.tail == tail, let time = TimestampText.secondOfDay(raw) {
            // The same day as a date already read whole (and so checked): the same as reading it whole.
            date = Date(timeIntervalSince1970: Double(known.number * 86_400 + time))
        } else {
            guard let parsed = TimestampText.parse(raw) else { return nil }
            date = parsed
            let seconds = Int(parsed.timeIntervalSince1970)
            day = (text, tail, seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400))
        }
        scanner.offset += TimestampText.length + 2
        return date
    }

    /// A quoted id (a store's, a list's), shared with one of the same text read before (few: compared one by one).
    private mutating func internedID(in table: inout [(text: IDText, id: UUID)]) -> UUID? {
        guard let raw = scanner.quotedRun(count: 36) else { return nil }
        let text = IDText(raw)
        let uuid: UUID
        if let known = table.first(where: { $0.text == text }) {
            uuid = known.id
        } else {
            guard let parsed = UUIDText.parse(raw) else { return nil }
            if table.count < LogStrings.storeLimit { table.append((text, parsed)) }
            uuid = parsed
        }
        scanner.offset += 38
        return uuid
    }

    private mutating func quotedUUID() -> UUID? {
        guard let raw = scanner.quotedRun(count: 36), let uuid = UUIDText.parse(raw) else { return nil }
        scanner.offset += 38
        return uuid
    }

    /// A string (checked by the scanner's string reader), shared with `last` (the last name read for the
    /// item) when it has the same bytes; `nil` when the text is no valid string.
    /// - Returns: the name, and whether it is a new one to remember for the item (written without escapes
    ///   and other than `last`).
    private mutating func internedName(_ last: String?) -> (name: String, isNew: Bool)? {
        guard let token = try? scanner.readStringToken() else { return nil }
        if token.hasEscapes { return (scanner.string(token), false) }
        let raw = scanner.rawBytes(token)
        if var known = last, Self.same(&known, raw) { return (known, false) }
        return (String(decoding: raw, as: UTF8.self), true)
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
    static func same(_ text: inout String, _ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        text.withUTF8 {
            $0.count == raw.count && (raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0)
        }
    }
}

/// Reading what version 6 added to the log's lines on the fast path (``DataFileDecoder/LogStrings``): a price's unit
/// and an amount with units, each shared with one read before, as most lines repeat one.
extension DataFileDecoder {
    /// A unit's symbol as `priceUnit` holds it, shared with one read before; `nil` when it is no symbol.
    mutating func internedUnit(in table: inout [(text: String, unit: MeasureUnit)]) -> MeasureUnit? {
        guard let token = try? scanner.readStringToken(), !token.hasEscapes else { return nil }
        let raw = scanner.rawBytes(token)
        for index in table.indices where Self.same(&table[index].text, raw) { return table[index].unit }
        let text = String(decoding: raw, as: UTF8.self)
        guard let first = text.first, first.isLetter, let unit = MeasureUnit(parsing: text), unit.symbol == text else {
            return nil
        }
        if table.count < LogStrings.storeLimit { table.append((text, unit)) }
        return unit
    }

    /// An amount's exact text as `quantity` holds it (`"650 g"`), shared with one read before.
    mutating func internedAmount(in table: inout [(text: String, amount: Amount)]) -> Amount? {
        guard let token = try? scanner.readStringToken(), !token.hasEscapes else { return nil }
        let raw = scanner.rawBytes(token)
        for index in table.indices where Self.same(&table[index].text, raw) { return table[index].amount }
        let text = String(decoding: raw, as: UTF8.self)
        guard let amount = Amount(exactText: text) else { return nil }
        if table.count < 64 { table.append((text, amount)) }
        return amount
    }
}
