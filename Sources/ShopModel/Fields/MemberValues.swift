import ShopJSON

/// Reading one member's value as shop's files spell it: `null` means "not given", and a value of the wrong type is
/// refused naming the key. The field rows (``FieldMember``) and the data file's reader in ShopFormats both read
/// through these, as the writer's (``JSONWriter/price(_:)``, ``JSONWriter/amount(_:)``) write.
///
/// Each reader first tries the value as shop writes it (a plain integer, `true`/`false`, a quoted id or date with
/// nothing to unescape), and only then the general way (measured: see .bench/README.md).
extension JSONScanner {
    /// Fails at the start of the value being read, naming its key.
    package func invalidMember(_ field: @autoclosure () -> String, _ requirement: String, at offset: Int)
        -> JSONScanFailure
    {
        JSONScanFailure(offset: offset, message: "\"\(field())\" \(requirement)")
    }

    /// An integer, or `nil` for `null`.
    package mutating func memberInt(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Int? {
        if let value = readPlainInteger() { return value }
        let first = try peekValue()
        let start = offset
        if readNullIfPresent() { return nil }
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw invalidMember(field(), "must be an integer", at: start)
        }
        let number = try readNumber()
        switch exactInteger(number) {
        case .value(let value): return value
        case .fractional: throw invalidMember(field(), "must be an integer", at: start)
        case .outOfRange: throw invalidMember(field(), "is out of range", at: start)
        }
    }

    /// `true` or `false`, or `nil` for `null`.
    package mutating func memberBool(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Bool? {
        if let flag = readBoolIfPresent() { return flag }
        let first = try peekValue()
        let start = offset
        if readNullIfPresent() { return nil }
        guard first == UInt8(ascii: "t") || first == UInt8(ascii: "f") else {
            throw invalidMember(field(), "must be true or false", at: start)
        }
        return try readBool()
    }

    /// A string token, or `nil` for `null`.
    package mutating func memberStringToken(_ field: @autoclosure () -> String) throws(JSONScanFailure)
        -> JSONStringToken?
    {
        let first = try peekValue()
        if readNullIfPresent() { return nil }
        guard first == UInt8(ascii: "\"") else { throw invalidMember(field(), "must be a string", at: offset) }
        return try readStringToken()
    }

    /// A string, or `nil` for `null`.
    package mutating func memberString(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> String? {
        guard let token = try memberStringToken(field()) else { return nil }
        return string(token)
    }

    /// A UUID in text form, or `nil` for `null`.
    package mutating func memberUUID(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> UUID? {
        skipWhitespace()
        let start = offset
        // Fast path: a quote, 36 bytes that parse as a UUID (so none is a quote, backslash or control
        // character: the string can only be those 36 bytes), a quote.
        if let raw = quotedRun(count: 36), let parsed = UUIDText.parse(raw) {
            offset += 38
            return parsed
        }
        guard let token = try memberStringToken(field()) else { return nil }
        let parsed = token.hasEscapes ? UUIDText.parse(decodedBytes(token)) : UUIDText.parse(rawBytes(token))
        guard let parsed else {
            throw invalidMember(field(), "must be a UUID such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", at: start)
        }
        return parsed
    }

    /// An ISO 8601 timestamp, or `nil` for `null`.
    package mutating func memberDate(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Date? {
        skipWhitespace()
        let start = offset
        // Fast path, as for ids: the 20 bytes of `2026-11-22T10:00:00Z` between quotes.
        if let raw = quotedRun(count: TimestampText.length), let parsed = TimestampText.parse(raw) {
            offset += TimestampText.length + 2
            return parsed
        }
        guard let token = try memberStringToken(field()) else { return nil }
        let parsed =
            token.hasEscapes ? TimestampText.parse(decodedBytes(token)) : TimestampText.parse(rawBytes(token))
        guard let parsed else {
            throw invalidMember(field(), "must be a date such as \"2026-11-22T10:00:00Z\"", at: start)
        }
        return parsed
    }

    /// A number >= 0 with at most `scale` non-zero fraction digits, as an integer of that scale; `nil` for `null`.
    private mutating func memberScaled(_ field: () -> String, scale: Int) throws(JSONScanFailure) -> Int? {
        let first = try peekValue()
        let start = offset
        if readNullIfPresent() { return nil }
        guard first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw invalidMember(field(), "must be a number >= 0 with at most \(scale) decimals", at: start)
        }
        let number = try readNumber()
        guard case .value(let value) = exactInteger(number, scale: scale), value >= 0 else {
            throw invalidMember(field(), "must be a number >= 0 with at most \(scale) decimals", at: start)
        }
        return value
    }

    /// A price: a number >= 0 with at most two non-zero fraction digits, or `nil` for `null`.
    package mutating func memberPrice(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Price? {
        let start = offset
        guard let cents = try memberScaled(field, scale: 2) else { return nil }
        guard let price = Price(cents: cents) else {
            throw invalidMember(field(), "must be a number >= 0 with at most 2 decimals", at: start)
        }
        return price
    }

    /// A price per some unit, up to four fraction digits, or `nil` for `null`.
    package mutating func memberUnitPrice(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> UnitPrice? {
        let start = offset
        guard let value = try memberScaled(field, scale: 4) else { return nil }
        guard let price = UnitPrice(tenThousandths: value) else {
            throw invalidMember(field(), "must be a number >= 0 with at most 4 decimals", at: start)
        }
        return price
    }

    /// A colour `#rrggbbaa` or `#rrggbb`, or `nil` for `null`.
    package mutating func memberColor(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> RGBA? {
        skipWhitespace()
        let start = offset
        guard let text = try memberString(field()) else { return nil }
        guard text.utf8.first == UInt8(ascii: "#"), let color = RGBA(parsing: text) else {
            throw invalidMember(field(), "must be a colour such as \"#9e9e9eff\"", at: start)
        }
        return color
    }

    /// An amount: a whole count as a number, or (version 4 on) its ``Amount/exactText``; `nil` for `null`.
    package mutating func memberAmount(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Amount? {
        skipWhitespace()
        let start = offset
        guard try peekValue() == UInt8(ascii: "\"") else { return try memberInt(field()).map { Amount(count: $0) } }
        guard let text = try memberString(field()) else { return nil }
        guard let amount = Amount(exactText: text) else {
            throw invalidMember(
                field(), "must be a whole number or an exact amount such as \"1500 g\" or \"1/3\"", at: start)
        }
        return amount
    }

    /// One part of an amount (an item's `pack`, `minStock`): a whole number of pieces or an exact amount
    /// such as `"250 g"`; `nil` for `null`.
    package mutating func memberPart(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Amount.Part? {
        skipWhitespace()
        let start = offset
        guard let amount = try memberAmount(field()) else { return nil }
        guard amount.parts.count == 1 else {
            throw invalidMember(field(), "must be one amount such as \"250 g\"", at: start)
        }
        return amount.parts[0]
    }

    /// What a price is per: a unit's symbol (`kg`, `l`, `pack`, `head`); `null` is per piece.
    package mutating func memberPriceUnit(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> MeasureUnit {
        skipWhitespace()
        let start = offset
        guard let text = try memberString(field()) else { return .count }
        guard let first = text.first, first.isLetter, let unit = MeasureUnit(parsing: text), unit.symbol == text else {
            throw invalidMember(field(), "must be a unit's symbol such as \"kg\", \"l\" or \"pack\"", at: start)
        }
        return unit
    }

    /// An array of values read by `element`, or none for `null`.
    package mutating func memberArray<Element>(
        _ field: @autoclosure () -> String, _ element: (inout JSONScanner) throws(JSONScanFailure) -> Element
    ) throws(JSONScanFailure) -> [Element] {
        if try peekValue() != UInt8(ascii: "[") {
            if readNullIfPresent() { return [] }
            throw invalidMember(field(), "must be an array", at: offset)
        }
        try beginArray()
        var elements: [Element] = []
        var first = true
        while try nextElement(first: &first) { elements.append(try element(&self)) }
        return elements
    }
}
