/// The value rules of SPEC section 1, as pure functions that return the cleaned value or throw.
public enum Validation {
    /// The longest name accepted, in `Character`s.
    public static let maximumNameLength = 200
    /// The quantities accepted.
    public static let quantities = 1...Amount.limit
    /// The restock intervals accepted, in days (ten years is more than any staple needs).
    public static let restockDays = 1...3650
    /// The longest note accepted, in `Character`s.
    public static let maximumNoteLength = 10_000

    /// Trims surrounding white space and checks rule 1: not empty, at most 200 characters, no control character.
    /// - Returns: the trimmed name.
    /// - Throws: ``ShopError/invalidName(_:kind:problem:)`` naming the value as given.
    public static func name(_ raw: String, kind: ShopError.Kind) throws(ShopError) -> String {
        let trimmed = trimmed(raw)
        if trimmed.isEmpty { throw .invalidName(raw, kind: kind, problem: .empty) }
        if containsControlCharacter(trimmed, allowingLineBreaks: false) {
            throw .invalidName(raw, kind: kind, problem: .controlCharacter)
        }
        if containsInvisibleFormat(trimmed) { throw .invalidName(raw, kind: kind, problem: .invisibleCharacter) }
        // Counting Characters walks grapheme breaks; only do it when the UTF-8 size could exceed the limit.
        if trimmed.utf8.count > maximumNameLength {
            let length = trimmed.count
            if length > maximumNameLength { throw .invalidName(raw, kind: kind, problem: .tooLong(length: length)) }
        }
        return trimmed
    }

    /// The length in `Character`s of `raw` trimmed as ``name(_:kind:)`` trims it.
    public static func trimmedLength(_ raw: String) -> Int {
        trimmed(raw).count
    }

    /// Checks a quantity is in 1...``Amount/limit``.
    public static func quantity(_ value: Int) throws(ShopError) -> Int {
        guard quantities.contains(value) else { throw .invalidQuantity(value) }
        return value
    }

    /// Checks an amount is above zero and within the limits (a whole count: 1...``Amount/limit``).
    public static func amount(_ value: Amount) throws(ShopError) -> Amount {
        if let count = value.wholeCount { return Amount(count: try quantity(count)) }
        guard !value.isEmpty else { throw .invalidAmount(value.description, problem: .zero) }
        return try value.checked(value.description)
    }

    /// Parses an amount as typed after `-q` (`2`, `1/2`, `500g`, `"1.5 kg"`, `"3 cans"`); a whole number is a count.
    public static func amount(_ text: String) throws(ShopError) -> Amount {
        let trimmed = trimmed(text)
        if !trimmed.isEmpty, trimmed.utf8.count < 10, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let count = Int(trimmed)
        {
            return Amount(count: try quantity(count))
        }
        return try Amount(parsing: text)
    }

    /// Checks a user location's visitation order is in 1...100.
    public static func visitationOrder(_ value: Int) throws(ShopError) -> Int {
        guard Location.visitationOrders.contains(value) else { throw .invalidVisitationOrder(value) }
        return value
    }

    /// Checks a restock interval is in 1...3650 days.
    public static func every(_ value: Int) throws(ShopError) -> Int {
        guard restockDays.contains(value) else { throw .invalidEvery(value) }
        return value
    }

    /// Parses a price: a non-negative decimal with at most two fraction digits.
    public static func price(_ text: String) throws(ShopError) -> Price {
        guard let price = Price(parsing: trimmed(text)) else { throw .invalidPrice(text) }
        return price
    }

    /// Parses a unit price of up to four decimals (`0.1617`): a store's price as a receipt gives it.
    public static func unitPrice(_ text: String) throws(ShopError) -> UnitPrice {
        guard let price = UnitPrice(parsing: trimmed(text)) else { throw .invalidPrice(text) }
        return price
    }

    /// Parses a colour: `#rrggbb`, `#rrggbbaa` or a basic colour name.
    public static func color(_ text: String) throws(ShopError) -> RGBA {
        guard let color = RGBA(parsing: trimmed(text)) else { throw .invalidColor(text) }
        return color
    }

    /// Trims a note; an empty note means no note. Tabs and line breaks are allowed, other control characters not.
    public static func note(_ raw: String) throws(ShopError) -> String? {
        let trimmed = trimmed(raw)
        if trimmed.isEmpty { return nil }
        if containsControlCharacter(trimmed, allowingLineBreaks: true) || trimmed.count > maximumNoteLength {
            throw .invalidNote(raw)
        }
        return trimmed
    }

    /// Whether a scalar is a control character in the sense of rule 1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
    }

    /// Whether a scalar is a zero-width or text-direction control (SPEC 20): U+200B-U+200F, U+202A-U+202E,
    /// U+2060-U+2064, U+2066-U+2069 and U+FEFF. Refused in names, and escaped wherever text is shown.
    public static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// Whether `text` holds a scalar of ``isInvisibleFormat(_:)``; every one of them is encoded from the
    /// byte 0xE2 or 0xEF, so text without those bytes is passed over without decoding.
    static func containsInvisibleFormat(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xEF }) else { return false }
        var previous: Unicode.Scalar?
        var iterator = text.unicodeScalars.makeIterator()
        var current = iterator.next()
        while let scalar = current {
            let next = iterator.next()
            if isInvisibleFormat(scalar, after: previous, before: next) { return true }
            (previous, current) = (scalar, next)
        }
        return false
    }

    /// ``isInvisibleFormat(_:)`` in its place: a zero-width joiner between two pictographs is the glue of
    /// an emoji sequence (👨‍👩‍👧 is three people and two joiners), drawn as one picture, not hidden text.
    public static func isInvisibleFormat(
        _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
    ) -> Bool {
        guard isInvisibleFormat(scalar) else { return false }
        guard scalar == "\u{200D}", let previous, let next else { return true }
        return !(isPictograph(previous) && isPictograph(next))
    }

    /// An emoji beyond ASCII (digits and `#` are keycap bases), or the emoji variation selector that ends one.
    private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || (scalar.value > 0x7F && scalar.properties.isEmoji)
    }

    static func containsControlCharacter(_ text: String, allowingLineBreaks: Bool) -> Bool {
        // In UTF-8 a control character is a byte below 0x20, 0x7F, or 0xC2 followed by 0x80...0x9F
        // (U+0080...U+009F): one pass over the bytes finds them without decoding scalars.
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for index in bytes.indices {
                let byte = bytes[index]
                if byte < 0x20 {
                    if allowingLineBreaks && (byte == 0x0A || byte == 0x09 || byte == 0x0D) { continue }
                    return true
                }
                if byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            }
            return false
        }
        if let found { return found }
        for scalar in text.unicodeScalars where isControl(scalar) {
            if allowingLineBreaks && (scalar == "\n" || scalar == "\t" || scalar == "\r") { continue }
            return true
        }
        return false
    }

    /// Whether `text` holds nothing but white space.
    public static func isBlank(_ text: String) -> Bool {
        text.allSatisfy(\.isWhitespace)
    }

    /// Removes leading and trailing white space (Unicode's notion, so a no-break space goes too).
    package static func trimmed(_ text: String) -> String {
        // Fast path: a name that starts and ends with a visible ASCII character has nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last,
            first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f
        {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = text.lastIndex(where: { !$0.isWhitespace })!
        if first == text.startIndex && text.index(after: last) == text.endIndex { return text }
        return String(text[first...last])
    }
}
