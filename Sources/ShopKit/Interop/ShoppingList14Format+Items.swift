/// Reading ShoppingList14's `items.json` straight from its bytes, record by record: building a tree of
/// dictionaries first cost more than the rest of importing 10,000 items.
extension ShoppingList14Format {
    /// Adds the records of an `items.json` to `batch` (see ``readLocations(_:path:into:)`` for the rules).
    /// - Throws: ``ShopError/corruptFile(path:detail:)``: where the text is not JSON, or naming the record
    ///   that has the wrong shape.
    static func readItems(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try JSONValue.check(buffer) }
        } catch {
            throw .corruptFile(path: path, detail: error.description)
        }
        try readCheckedItems(bytes, path: path, into: &batch)
    }

    /// ``readItems(_:path:into:)`` for bytes already checked with ``JSONValue/check(_:)``.
    static func readCheckedItems(_ bytes: [UInt8], path: String, into batch: inout ImportBatch) throws(ShopError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ShopError) in
            var scanner = JSONScanner(buffer)
            guard (try? scanner.peekValue()) == UInt8(ascii: "[") else {
                throw .corruptFile(path: path, detail: "expected an array of items")
            }
            // The text was checked, so the scanner cannot fail; were it to, it is reported as the parser would.
            func scanFailure(_ error: JSONScanFailure) -> ShopError {
                let (line, column) = JSONParseError.position(of: error.offset, in: buffer)
                return .corruptFile(
                    path: path, detail: JSONParseError(line: line, column: column, message: error.message).description)
            }
            let placeholder = Location.ID.random()
            var first = true
            var number = 0
            do throws(JSONScanFailure) { try scanner.beginArray() } catch { throw scanFailure(error) }
            while true {
                let fields: ItemFields
                do throws(JSONScanFailure) {
                    guard try scanner.nextElement(first: &first) else { break }
                    fields = try ItemFields(&scanner)
                } catch {
                    throw scanFailure(error)
                }
                number += 1
                let item = try fields.incoming(in: &scanner, placeholder: placeholder) { detail in
                    .corruptFile(path: path, detail: "item \(number): \(detail)")
                }
                batch.add(item)
            }
        }
    }
}

/// The members of one item record that the format defines, as found (`nil`: not an object).
private struct ItemFields {
    /// A member's value as written; `null` counts as absent.
    enum Value {
        case absent
        case string(JSONStringToken)
        case bool(Bool)
        case number(JSONNumberToken)
        case other
    }

    static let keys: [StaticString] = ["name", "quantity", "locationName", "onList", "isAvailable"]
    static let unknownLocationKey = NameOrder.key(ShoppingList14Format.unknownLocationName)

    /// Whether the record is an object.
    var isObject = false
    /// The values of ``keys``, in that order (a tuple: one array per record would cost an allocation each).
    var values: (Value, Value, Value, Value, Value) = (.absent, .absent, .absent, .absent, .absent)

    init(_ scanner: inout JSONScanner) throws(JSONScanFailure) {
        guard try scanner.peekValue() == UInt8(ascii: "{") else {
            try scanner.skipValue()
            return
        }
        isObject = true
        try scanner.beginObject()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard let index = scanner.index(of: key, in: Self.keys) else {
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
            default: values.4 = value
            }
        }
    }

    /// The incoming item, checked in the order and with the messages of the other record readers: name,
    /// quantity, locationName, onList, isAvailable.
    func incoming(
        in scanner: inout JSONScanner, placeholder: Location.ID, refuse: (String) -> ShopError
    ) throws(ShopError) -> ImportBatch.IncomingItem {
        guard isObject else { throw refuse("expected an object") }
        guard case .string(let nameToken) = values.0 else {
            if case .absent = values.0 { throw refuse("has no \"name\"") }
            throw refuse("\"name\" is not a string")
        }
        let raw = scanner.string(nameToken)
        let name: String
        do {
            name = try Validation.name(raw, kind: .item)
        } catch {
            throw refuse("invalid name \(quoted(raw))")
        }
        var quantity = 1.0
        switch values.1 {
        case .absent: break
        case .number(let token):
            guard let number = Double(scanner.text(token)) else { throw refuse("\"quantity\" is not a number") }
            quantity = number
        default: throw refuse("\"quantity\" is not a number")
        }
        let clamped = quantity.isFinite ? Int(min(max(quantity.rounded(), 1), 9999)) : 1
        var locationName = ""
        switch values.2 {
        case .absent: break
        case .string(let token): locationName = Validation.trimmed(scanner.string(token))
        default: throw refuse("\"locationName\" is not a string")
        }
        let place: ImportBatch.Place =
            locationName.isEmpty || NameOrder.key(locationName) == Self.unknownLocationKey
            ? .unknown : .named(locationName)
        func flag(_ value: Value, _ key: String, default fallback: Bool) throws(ShopError) -> Bool {
            switch value {
            case .absent: return fallback
            case .bool(let flag): return flag
            default: throw refuse("\"\(key)\" is not true or false")
            }
        }
        let item = Item(
            name: name, quantity: Amount(count: clamped), onList: try flag(values.3, "onList", default: false),
            isAvailable: try flag(values.4, "isAvailable", default: true), locationID: placeholder)
        return ImportBatch.IncomingItem(item: item, place: place, full: false, trimmed: name != raw)
    }
}
