import ShopJSON

/// How a field's value is spelt in a record of the data file and in `--json`: whether a value is written
/// at all (a flag only when set, an optional only when present), its writer and reader, and how `--json`
/// shows it (`null` for an absent optional). A field row names one (`.text`, `.date`, `.price`, see
/// ``RecordField``); the reader and the writers walk the rows (see ``FieldMember``).
///
/// A protocol of static functions, not a value holding closures: a row's member is then specialised for
/// its spelling and calls it directly. With closures in a value, reading and writing an item took 10-11%
/// more instructions on `list --by-location --json` and `add` of 10k items than the hand-written codec
/// (callgrind, release, 2026-11-29).
package protocol ValueSpelling: Sendable {
    associatedtype Value
    /// Whether the data file holds the value: a key left out reads back as the record's default.
    static func isWritten(_ value: Value) -> Bool
    static func write(_ value: Value, to writer: inout JSONWriter)
    /// Reads the value under the key `key`; `nil` for `null` (the record keeps its default).
    static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Value?
    /// The value in `--json`.
    static func show(_ value: Value, to writer: inout JSONWriter)
}

extension ValueSpelling {
    package static func isWritten(_ value: Value) -> Bool { true }
    package static func show(_ value: Value, to writer: inout JSONWriter) { write(value, to: &writer) }
}

/// An optional value: written when present, shown as `null` when absent.
package struct OptionalSpelling<Wrapped: ValueSpelling>: ValueSpelling {
    package static func isWritten(_ value: Wrapped.Value?) -> Bool { value.map(Wrapped.isWritten) ?? false }
    package static func write(_ value: Wrapped.Value?, to writer: inout JSONWriter) {
        if let value { Wrapped.write(value, to: &writer) }
    }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Wrapped.Value?? {
        try Wrapped.read(&scanner, key: key).map { $0 }
    }
    package static func show(_ value: Wrapped.Value?, to writer: inout JSONWriter) {
        if let value { Wrapped.show(value, to: &writer) } else { writer.null() }
    }
}

/// `true` or `false`, always written.
package struct BoolSpelling: ValueSpelling {
    package static func write(_ value: Bool, to writer: inout JSONWriter) { writer.bool(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Bool? {
        try scanner.memberBool(key)
    }
}

/// A flag written only when set (a key version 1 did not have: older files stay as they were); `--json`
/// shows it either way.
package struct FlagSpelling: ValueSpelling {
    package static func isWritten(_ value: Bool) -> Bool { value }
    package static func write(_ value: Bool, to writer: inout JSONWriter) { writer.bool(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Bool? {
        try scanner.memberBool(key)
    }
}

/// A string.
package struct TextSpelling: ValueSpelling {
    package static func write(_ value: String, to writer: inout JSONWriter) { writer.string(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> String? {
        try scanner.memberString(key)
    }
}

/// A whole number.
package struct IntSpelling: ValueSpelling {
    package static func write(_ value: Int, to writer: inout JSONWriter) { writer.int(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Int? {
        try scanner.memberInt(key)
    }
}

/// A colour, `#rrggbbaa`.
package struct ColorSpelling: ValueSpelling {
    package static func write(_ value: RGBA, to writer: inout JSONWriter) { writer.string(value.hex) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> RGBA? {
        try scanner.memberColor(key)
    }
}

/// A store's walk: location ids, always written (`[]` for none).
package struct LocationIDsSpelling: ValueSpelling {
    package static func write(_ value: [Location.ID], to writer: inout JSONWriter) {
        writer.beginArray()
        for id in value { writer.uuid(id.uuid) }
        writer.endArray()
    }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> [Location.ID]? {
        try scanner.memberIDs(key, of: "location")
    }
}

/// An ISO 8601 timestamp.
package struct DateSpelling: ValueSpelling {
    package static func write(_ value: Date, to writer: inout JSONWriter) { writer.date(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Date? {
        try scanner.memberDate(key)
    }
}

/// A price in its shortest form.
package struct PriceSpelling: ValueSpelling {
    package static func write(_ value: Price, to writer: inout JSONWriter) { writer.price(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Price? {
        try scanner.memberPrice(key)
    }
}

/// The id of a record (a location, an item, a recipe).
package struct IDSpelling<Owner>: ValueSpelling {
    package static func write(_ value: Identifier<Owner>, to writer: inout JSONWriter) { writer.uuid(value.uuid) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Identifier<Owner>? {
        try scanner.memberUUID(key).map(Identifier.init)
    }
}

/// An item's list (SPEC section 22): written unless it is the list every file had before lists existed, so that a
/// file of one list reads and writes as it did.
package struct ListIDSpelling: ValueSpelling {
    package static func isWritten(_ value: NamedList.ID) -> Bool { value != NamedList.groceriesID }
    package static func write(_ value: NamedList.ID, to writer: inout JSONWriter) { writer.uuid(value.uuid) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> NamedList.ID? {
        try scanner.memberUUID(key).map(Identifier.init)
    }
}

/// An amount: a whole count as a number, anything else its exact text.
package struct AmountSpelling: ValueSpelling {
    package static func write(_ value: Amount, to writer: inout JSONWriter) { writer.amount(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Amount? {
        try scanner.memberAmount(key)
    }
}

/// An amount left out when there is none (what a recipe added with no amount of its own).
package struct AmountIfAnySpelling: ValueSpelling {
    package static func isWritten(_ value: Amount) -> Bool { !value.isEmpty }
    package static func write(_ value: Amount, to writer: inout JSONWriter) { AmountSpelling.write(value, to: &writer) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Amount? {
        try AmountSpelling.read(&scanner, key: key)
    }
}

/// One part of an amount: as an amount in the data file, as `{"quantity", "unit"}` in `--json`.
package struct PartSpelling: ValueSpelling {
    package static func write(_ value: Amount.Part, to writer: inout JSONWriter) {
        writer.amount(Amount(parts: [value]))
    }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> Amount.Part? {
        try scanner.memberPart(key)
    }
    package static func show(_ value: Amount.Part, to writer: inout JSONWriter) {
        writer.amountObject(value, ItemKey.layout, ItemOutputKey.layout)
    }
}

/// A number of days or `"auto"`.
package struct RestockSpelling: ValueSpelling {
    package static func write(_ value: RestockInterval, to writer: inout JSONWriter) { writer.restock(value) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> RestockInterval? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard try scanner.peekValue() == UInt8(ascii: "\"") else { return try scanner.memberInt(key).map { .days($0) } }
        guard try scanner.memberString(key) == RestockInterval.learnedWord else {
            throw scanner.invalidMember(key, "must be a number of days or \"auto\"", at: start)
        }
        return .learned
    }
}

/// What a price is per: a unit's symbol, none for a piece.
package struct PriceUnitSpelling: ValueSpelling {
    package static func isWritten(_ value: MeasureUnit) -> Bool { value.priceUnitSymbol != nil }
    package static func write(_ value: MeasureUnit, to writer: inout JSONWriter) { writer.string(value.symbol) }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> MeasureUnit? {
        try scanner.memberPriceUnit(key)
    }
    package static func show(_ value: MeasureUnit, to writer: inout JSONWriter) {
        if let symbol = value.priceUnitSymbol { writer.string(symbol) } else { writer.null() }
    }
}

/// An item's last prices at stores, `"<store id> <price>[/<unit>] <date>"` each, when there are any.
package struct StorePricesSpelling: ValueSpelling {
    package static func isWritten(_ value: [StorePrice]) -> Bool { !value.isEmpty }
    package static func write(_ value: [StorePrice], to writer: inout JSONWriter) {
        writer.array(value) { $0.string($1.text) }
    }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> [StorePrice]? {
        try scanner.memberArray(key) { (scanner) throws(JSONScanFailure) in
            scanner.skipWhitespace()
            let start = scanner.offset
            guard let text = try scanner.memberString(key), let price = StorePrice(text: text) else {
                throw scanner.invalidMember(key, "must hold \"<store id> <price>[/<unit>] <date>\" texts", at: start)
            }
            return price
        }
    }
}

/// Store ids, when there are any.
package struct StoreIDsSpelling: ValueSpelling {
    package static func isWritten(_ value: [Store.ID]) -> Bool { !value.isEmpty }
    package static func write(_ value: [Store.ID], to writer: inout JSONWriter) {
        writer.array(value) { $0.uuid($1.uuid) }
    }
    package static func read(_ scanner: inout JSONScanner, key: String) throws(JSONScanFailure) -> [Store.ID]? {
        try scanner.memberIDs(key, of: "store")
    }
}

extension JSONScanner {
    /// An array of ids of `kind` (`"location"`, `"store"`), none for `null`; a `null` inside is refused.
    fileprivate mutating func memberIDs<Owner>(_ key: String, of kind: String) throws(JSONScanFailure)
        -> [Identifier<Owner>]
    {
        try memberArray(key) { (scanner) throws(JSONScanFailure) in
            scanner.skipWhitespace()
            let start = scanner.offset
            guard let id = try scanner.memberUUID(key) else {
                throw scanner.invalidMember(key, "must hold \(kind) ids, not null", at: start)
            }
            return Identifier(id)
        }
    }
}

// The names rows use: `.text`, `.date`, ... (an instance only names its type; the functions are static).
extension ValueSpelling where Self == BoolSpelling { package static var bool: Self { Self() } }
extension ValueSpelling where Self == FlagSpelling { package static var flag: Self { Self() } }
extension ValueSpelling where Self == TextSpelling { package static var text: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<TextSpelling> { package static var text: Self { Self() } }
extension ValueSpelling where Self == IntSpelling { package static var int: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<IntSpelling> { package static var int: Self { Self() } }
extension ValueSpelling where Self == ColorSpelling { package static var color: Self { Self() } }
extension ValueSpelling where Self == LocationIDsSpelling { package static var locationIDs: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<DateSpelling> { package static var date: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<PriceSpelling> { package static var price: Self { Self() } }
extension ValueSpelling where Self == IDSpelling<Location> { package static var locationID: Self { Self() } }
extension ValueSpelling where Self == ListIDSpelling { package static var listID: Self { Self() } }
extension ValueSpelling where Self == IDSpelling<Item> { package static var itemID: Self { Self() } }
extension ValueSpelling where Self == IDSpelling<ListedRecipe> { package static var recipeID: Self { Self() } }
extension ValueSpelling where Self == AmountSpelling { package static var amount: Self { Self() } }
extension ValueSpelling where Self == AmountIfAnySpelling { package static var amountIfAny: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<PartSpelling> { package static var part: Self { Self() } }
extension ValueSpelling where Self == OptionalSpelling<RestockSpelling> { package static var restock: Self { Self() } }
extension ValueSpelling where Self == PriceUnitSpelling { package static var priceUnit: Self { Self() } }
extension ValueSpelling where Self == StorePricesSpelling { package static var storePrices: Self { Self() } }
extension ValueSpelling where Self == StoreIDsSpelling { package static var storeIDs: Self { Self() } }
