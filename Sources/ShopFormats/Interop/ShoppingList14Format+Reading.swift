import ShopJSON
import ShopModel

/// Reading ShoppingList14's files, `items.json` and `locations.json`, with one reader: straight from the
/// bytes, record by record (building a tree of dictionaries first cost more than the rest of importing
/// 10,000 items). Records are checked in the order of their keys below, with the same messages in both.
extension ShoppingList14Format {
    /// Adds the records of an `items.json` to `batch` (see ``ShoppingList14Format`` for the rules).
    /// - Throws: ``ShopError/corruptFile(path:detail:)``: where the text is not JSON, or naming the record
    ///   that has the wrong shape.
    static func readItems(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        try check(bytes, path: path)
        try readCheckedItems(bytes, path: path, into: &batch)
    }

    /// ``readItems(_:path:into:)`` for bytes already checked with ``JSONValue/check(_:)``.
    static func readCheckedItems(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        let placeholder = Location.ID.random()
        let unknownKey = NameOrder.key(unknownLocationName)
        try readRecords(bytes, path: path, kind: "item", keys: Record.itemKeys) { record, scanner throws(ShopError) in
            let (name, trimmed) = try record.name(&scanner)
            let quantity = try record.double(1, "quantity", &scanner) ?? 1
            let clamped = quantity.isFinite ? Int(min(max(quantity.rounded(), 1), Double(Amount.limit))) : 1
            let locationName = Validation.trimmed(try record.string(2, "locationName", &scanner) ?? "")
            let place: ImportBatch.Place =
                locationName.isEmpty || NameOrder.key(locationName) == unknownKey ? .unknown : .named(locationName)
            let item = Item(
                name: name, quantity: Amount(count: clamped), onList: try record.bool(3, "onList") ?? false,
                isAvailable: try record.bool(4, "isAvailable") ?? true, locationID: placeholder)
            batch.add(ImportBatch.IncomingItem(item: item, place: place, full: false, trimmed: trimmed))
        }
    }

    /// Adds the records of a `locations.json` to `batch`; the app's own Unknown Location is skipped.
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` as ``readItems(_:path:into:)``.
    static func readLocations(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        try check(bytes, path: path)
        try readCheckedLocations(bytes, path: path, into: &batch)
    }

    /// ``readLocations(_:path:into:)`` for bytes already checked with ``JSONValue/check(_:)``.
    static func readCheckedLocations(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        let unknownKey = NameOrder.key(unknownLocationName)
        let neutral = RGBA.neutral.unitComponents
        try readRecords(bytes, path: path, kind: "location", keys: Record.locationKeys) {
            record, scanner throws(ShopError) in
            let (name, trimmed) = try record.name(&scanner)
            if NameOrder.key(name) == unknownKey { return }
            let order = try record.double(1, "visitationOrder", &scanner) ?? Double(Location.defaultVisitationOrder)
            let clamped = order.isFinite ? Int(min(max(order.rounded(), 1), 100)) : Location.defaultVisitationOrder
            let color = RGBA(
                unitRed: try record.double(2, "red", &scanner) ?? neutral.red,
                green: try record.double(3, "green", &scanner) ?? neutral.green,
                blue: try record.double(4, "blue", &scanner) ?? neutral.blue,
                alpha: try record.double(5, "opacity", &scanner) ?? 1)
            batch.add(
                ImportBatch.IncomingLocation(
                    id: nil, name: name, visitationOrder: clamped, color: color, trimmed: trimmed))
        }
    }

    private static func check(_ bytes: [UInt8], path: String) throws(ShopError) {
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue.check(buffer) }
        } catch {
            throw .corruptFile(path: path, detail: error.description)
        }
    }

    /// Calls `body` with each record of a checked top-level array, numbered from 1 in its errors.
    private static func readRecords(
        _ bytes: [UInt8], path: String, kind: String, keys: [StaticString],
        _ body: (Record, inout JSONScanner) throws(ShopError) -> Void
    ) throws(ShopError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ShopError) in
            var scanner = JSONScanner(buffer)
            guard (try? scanner.peekValue()) == UInt8(ascii: "[") else {
                throw .corruptFile(path: path, detail: "expected an array of \(kind)s")
            }
            // The text was checked, so the scanner cannot fail; were it to, it is reported as the parser would.
            func scanFailure(_ error: JSONScanFailure) -> ShopError {
                let (line, column) = JSONParseError.position(of: error.offset, in: buffer)
                return .corruptFile(
                    path: path, detail: JSONParseError(line: line, column: column, message: error.message).description)
            }
            var first = true
            var number = 0
            do throws(JSONScanFailure) { try scanner.beginArray() } catch { throw scanFailure(error) }
            while true {
                number += 1
                let record: Record
                do throws(JSONScanFailure) {
                    guard try scanner.nextElement(first: &first) else { break }
                    record = try Record(&scanner, keys: keys, path: path, label: "\(kind) \(number)")
                } catch {
                    throw scanFailure(error)
                }
                guard record.isObject else { throw record.refuse("expected an object") }
                try body(record, &scanner)
            }
        }
    }
}

/// The members of one record that the format defines; values are read on demand, naming record and key in errors.
private struct Record {
    static let itemKeys: [StaticString] = ["name", "quantity", "locationName", "onList", "isAvailable"]
    static let locationKeys: [StaticString] = ["name", "visitationOrder", "red", "green", "blue", "opacity"]

    /// A member's value as written; `null` counts as absent.
    enum Value {
        case absent
        case string(JSONStringToken)
        case bool(Bool)
        case number(JSONNumberToken)
        case other
    }

    private(set) var isObject = false
    /// The values of the keys, in their order (a tuple: one array per record would cost an allocation each).
    private var values: (Value, Value, Value, Value, Value, Value) = (
        .absent, .absent, .absent, .absent, .absent, .absent
    )
    private let path: String
    private let label: String

    init(_ scanner: inout JSONScanner, keys: [StaticString], path: String, label: String) throws(JSONScanFailure) {
        self.path = path
        self.label = label
        guard try scanner.peekValue() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return
        }
        isObject = true
        try scanner.beginObject()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard let index = scanner.index(of: key, in: keys) else {
                try scanner.skipValue()
                continue
            }
            let value: Value
            switch try scanner.peekValue() {
            case UInt8(ascii: "\""): value = .string(try scanner.readStringToken())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try scanner.readNumber())
            default:
                if scanner.readNullIfPresent() {
                    value = .absent
                } else if let flag = scanner.readBoolIfPresent() {
                    value = .bool(flag)
                } else {
                    try scanner.skipValue()
                    value = .other
                }
            }
            switch index {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            case 3: values.3 = value
            case 4: values.4 = value
            default: values.5 = value
            }
        }
    }

    func refuse(_ detail: String) -> ShopError { .corruptFile(path: path, detail: "\(label): \(detail)") }

    private func value(_ index: Int) -> Value {
        switch index {
        case 0: values.0
        case 1: values.1
        case 2: values.2
        case 3: values.3
        case 4: values.4
        default: values.5
        }
    }

    /// The validated name (key 0) and whether trimming changed it.
    func name(_ scanner: inout JSONScanner) throws(ShopError) -> (name: String, trimmed: Bool) {
        guard let raw = try string(0, "name", &scanner) else { throw refuse("has no \"name\"") }
        do {
            let name = try Validation.name(raw, kind: .item)
            return (name, name != raw)
        } catch {
            throw refuse("invalid name \(quoted(raw))")
        }
    }

    func string(_ index: Int, _ key: String, _ scanner: inout JSONScanner) throws(ShopError) -> String? {
        switch value(index) {
        case .absent: return nil
        case .string(let token): return scanner.string(token)
        default: throw refuse("\"\(key)\" is not a string")
        }
    }

    func double(_ index: Int, _ key: String, _ scanner: inout JSONScanner) throws(ShopError) -> Double? {
        switch value(index) {
        case .absent: return nil
        case .number(let token):
            guard let number = Double(scanner.text(token)) else { throw refuse("\"\(key)\" is not a number") }
            return number
        default: throw refuse("\"\(key)\" is not a number")
        }
    }

    func bool(_ index: Int, _ key: String) throws(ShopError) -> Bool? {
        switch value(index) {
        case .absent: return nil
        case .bool(let flag): return flag
        default: throw refuse("\"\(key)\" is not true or false")
        }
    }
}
