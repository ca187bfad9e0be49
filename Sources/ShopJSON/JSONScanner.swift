/// A byte-level pull scanner over UTF-8 JSON (RFC 8259), driven directly by a decoder so that no
/// intermediate tree is built: the data file decoder reads straight into model structs.
///
/// The caller asks for what it expects next (`beginObject`, `nextKey`, `readNumber`, ...); each call checks the grammar
/// strictly: no trailing commas, no leading zeros, no raw control characters or invalid UTF-8 in strings, no lone
/// surrogates, a bounded depth. Positions are byte offsets; the line and column are computed only when something fails.
///
/// The scanner borrows the bytes: use it only inside `withUnsafeBufferPointer`.
package struct JSONScanner {
    /// The text being scanned.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to look at.
    package var offset = 0
    private(set) var depth = 0
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack of a recursive caller.
    package let maximumDepth: Int

    /// Reused for strings that hold escapes, so decoding them does not allocate per string.
    package var scratch: [UInt8] = []

    package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 256) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        // A UTF-8 byte order mark is not JSON, but editors on some systems add one; it carries no meaning.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    // MARK: - Failing

    package func failure(_ message: String, at position: Int? = nil) -> JSONScanFailure {
        JSONScanFailure(offset: position ?? offset, message: message)
    }

    /// Describes the byte at the current position for "expected X, found Y" messages.
    package var foundDescription: String {
        guard offset < bytes.count else { return "the end of the data" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    // MARK: - Structure

    /// Skips JSON white space (space, tab, line feed, carriage return).
    // Inlined, as are UUIDText's word helpers: measured, see .bench/figures-in-code.md.
    @inline(__always)
    package mutating func skipWhitespace() {
        // Most calls find a value or a punctuation mark right away.
        if offset < bytes.count, bytes[offset] > 0x20 { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20:
                // A lone space (around a colon) is the commonest case; a run is indentation.
                offset += 1
                if offset < bytes.count, bytes[offset] == 0x20 { skipSpaces() }
            case 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Skips a run of spaces eight at a time: pretty-printed JSON is mostly indentation.
    private mutating func skipSpaces() {
        while bytes.count - offset >= 8 {
            let different = word(at: offset) ^ 0x2020_2020_2020_2020
            if different != 0 {
                offset += different.trailingZeroBitCount >> 3
                return
            }
            offset += 8
        }
        while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
    }

    /// The eight bytes at `position` as one little-endian word; the caller checks that they are in bounds.
    package func word(at position: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
    }

    /// Skips white space and returns the first byte of the next value without consuming it.
    /// - Throws: at the end of the data.
    package mutating func peekValue() throws(JSONScanFailure) -> UInt8 {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of data, expected a value") }
        return bytes[offset]
    }

    /// Consumes `{`.
    package mutating func beginObject() throws(JSONScanFailure) {
        try expectOpening(UInt8(ascii: "{"), "an object")
    }

    /// Consumes `[`.
    package mutating func beginArray() throws(JSONScanFailure) {
        try expectOpening(UInt8(ascii: "["), "an array")
    }

    private mutating func expectOpening(_ byte: UInt8, _ what: String) throws(JSONScanFailure) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else {
            throw failure("expected \(what), found \(foundDescription)")
        }
        guard depth < maximumDepth else { throw failure("nesting deeper than \(maximumDepth) levels") }
        depth += 1
        offset += 1
    }

    /// Reads the next key of the open object and the `:` after it; `nil` (having consumed `}`) at its end.
    /// - Parameter first: `true` before the first key; the scanner clears it, so commas are required after.
    package mutating func nextKey(first: inout Bool) throws(JSONScanFailure) -> JSONStringToken? {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of data inside an object") }
        if bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return nil
        }
        if !first {
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw failure("expected ',' or '}', found \(foundDescription)")
            }
            offset += 1
            skipWhitespace()
        }
        first = false
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw failure("expected a key in double quotes, found \(foundDescription)")
        }
        let key = try readStringToken()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
            throw failure("expected ':' after a key, found \(foundDescription)")
        }
        offset += 1
        return key
    }

    /// Moves to the next element of the open array: `true` when there is one, `false` (having consumed `]`) at its end.
    package mutating func nextElement(first: inout Bool) throws(JSONScanFailure) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw failure("unexpected end of data inside an array") }
        if bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        if !first {
            guard bytes[offset] == UInt8(ascii: ",") else {
                throw failure("expected ',' or ']', found \(foundDescription)")
            }
            offset += 1
        }
        first = false
        return true
    }

    /// Requires that only white space follows the top-level value.
    package mutating func finish() throws(JSONScanFailure) {
        skipWhitespace()
        guard offset == bytes.count else {
            throw failure("unexpected \(foundDescription) after the end of the JSON value")
        }
    }

    // MARK: - Scalars

    /// Reads `true` or `false`.
    package mutating func readBool() throws(JSONScanFailure) -> Bool {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw failure("expected true or false, found \(foundDescription)")
    }

    /// Reads `true` or `false` if one is next; `nil`, having consumed only white space, otherwise.
    package mutating func readBoolIfPresent() -> Bool? {
        skipWhitespace()
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        return nil
    }

    /// Consumes `null` if it is next, returning whether it was.
    package mutating func readNullIfPresent() -> Bool {
        skipWhitespace()
        return matchLiteral("null")
    }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let start = literal.utf8Start
        // Byte by byte: comparing the first four bytes as one word saved under 0.1% (.bench/README.md).
        for index in 0..<count where bytes[offset + index] != start[index] { return false }
        offset += count
        return true
    }

    /// Skips one value of any kind, checking its grammar just as strictly as reading it would.
    package mutating func skipValue() throws(JSONScanFailure) {
        switch try peekValue() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextKey(first: &first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case UInt8(ascii: "\""):
            _ = try readStringToken()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        default:
            if matchLiteral("null") || matchLiteral("true") || matchLiteral("false") { return }
            throw failure("expected a value, found \(foundDescription)")
        }
    }
}
