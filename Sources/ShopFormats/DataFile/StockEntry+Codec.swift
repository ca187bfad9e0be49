import ShopJSON
import ShopModel

// A stock entry's codec in the purchase log (its keys are ``PurchaseKey``'s, in ShopModel's `Fields/`).

extension DataFileDecoder {
    /// The stock entry of a log line read by ``purchaseEntry(number:)``, which found its `stock` key.
    func stockEntry(
        id: UUID, kind: String, item: UUID?, name: String?, date: Date?, by: String?, amount: Amount?,
        bestBefore: CalendarDay?, spoiled: Bool
    ) throws(JSONScanFailure) -> StockEntry {
        guard let item else { throw missing(PurchaseKey.stockItem) }
        guard let name else { throw missing(PurchaseKey.name) }
        guard let date else { throw missing(PurchaseKey.date) }
        let entryKind: StockEntry.Kind
        switch kind {
        case "use":
            guard amount.map({ $0.parts.count == 1 }) ?? true else {
                throw JSONScanFailure(offset: record?.start ?? 0, message: "a use has one amount, in one unit")
            }
            entryKind = .use(amount?.parts[0], spoiled: spoiled)
        case "open": entryKind = .open
        case "add": entryKind = .add(amount ?? 1, bestBefore: bestBefore)
        default:
            throw JSONScanFailure(
                offset: record?.start ?? 0,
                message: "\"stockEntry\" must be \"use\", \"open\" or \"add\", found \"\(kind)\"")
        }
        return StockEntry(
            id: StockEntry.ID(id), itemID: Item.ID(item), name: name, date: date, by: by, kind: entryKind)
    }
}

extension DataFileDecoder {
    /// A day `YYYY-MM-DD` (a best-before), or `nil` for `null`.
    mutating func day(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> CalendarDay? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let text = try scanner.memberString(field()) else { return nil }
        guard case .success(let day) = CalendarDay.parse(text) else {
            throw invalid(field(), "must be a day such as \"2026-12-03\"", at: start)
        }
        return day
    }
}

extension DataFileDecoder {
    /// A date-time with its milliseconds kept (a stock entry's), or `nil` for `null`.
    mutating func preciseDate(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Date? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let text = try scanner.memberString(field()) else { return nil }
        guard let date = Array(text.utf8).withUnsafeBufferPointer({ TimestampText.parseStamp($0) }) else {
            throw invalid(field(), "must be an ISO 8601 date-time such as \"2026-11-22T10:00:00.123Z\"", at: start)
        }
        return date
    }
}

extension PurchaseLogFile {
    /// The log's stock entries, each once (a log merged by hand may hold one twice), in logged order.
    package static func liveStock(_ contents: DataFileDecoder.LogContents) -> [StockEntry] {
        var seen = Set<StockEntry.ID>()
        return contents.stockEntries.filter { seen.insert($0.id).inserted }
    }
}

// A stock entry's line in the purchase log (SPEC section 18), keys from ``PurchaseKey``:
// `{"by", "date", "id", "stockItem", "name", "quantity" (a use's amount: absent for all of it; a stock add's
// amount), "bestBefore" (a stock add's), "spoiled" (true: thrown away), "stockEntry": "use" | "open" | "add"}`.

extension JSONWriter {
    /// Writes a stock entry as a log line's object (compact keys in sorted order, absent values left out).
    mutating func stockEntry(_ entry: StockEntry) {
        beginObject()
        let layout = PurchaseKey.layout
        for (position, member) in layout.keys.enumerated() {
            /// The member's key, then its value.
            func put(_ value: (inout JSONWriter) -> Void) {
                key(position, of: layout.members)
                value(&self)
            }
            switch member {
            case .bestBefore:
                if case .add(_, let bestBefore?) = entry.kind { put { $0.string(bestBefore.description) } }
            case .by: if let by = entry.by { put { $0.string(by) } }
            case .date: put { $0.stamp(entry.date) }  // to the millisecond: it orders the replay
            case .id: put { $0.uuid(entry.id.uuid) }
            case .stockItem: put { $0.uuid(entry.itemID.uuid) }
            case .name: put { $0.string(entry.name) }
            case .quantity:
                switch entry.kind {
                case .use(let part?, _): put { $0.amount(Amount(parts: [part])) }
                case .add(let amount, _): put { $0.amount(amount) }
                default: break
                }
            case .spoiled: if case .use(_, true) = entry.kind { put { $0.bool(true) } }
            case .stockEntry: put { $0.string(entry.kind.word) }
            case .dateBefore, .deleted, .itemId, .lineTotal, .list, .listId, .needsBefore, .price, .priceBefore,
                .priceExact, .priceUnit, .quantityBefore, .recipesOnlyBefore, .store, .storeId, .unit:
                continue
            }
        }
        endObject()
    }
}
