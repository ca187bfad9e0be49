/// Where a string's contents lie in the scanned bytes (between the quotes), and whether they need
/// unescaping; lets a decoder compare keys without building a `String`.
package struct JSONStringToken {
    /// The offset of the first byte after the opening quote.
    package var start: Int
    /// The offset of the closing quote.
    package var end: Int
    /// Whether a backslash occurs, so the raw bytes differ from the decoded text.
    package var hasEscapes: Bool
}

extension JSONScanner {
    /// Reads a string whose opening quote is next, checking escapes and UTF-8, without decoding it.
    package mutating func readStringToken() throws(JSONScanFailure) -> JSONStringToken {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw failure("expected a string, found \(foundDescription)")
        }
        offset += 1
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            skipPlainBytes()
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return JSONStringToken(start: start, end: offset - 1, hasEscapes: hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte < 0x20 {
                throw failure("control character in a string; it must be written as an escape such as \\n")
            } else if byte < 0x80 {
                offset += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw failure("unterminated string", at: start - 1)
    }

    /// Moves past bytes that stand for themselves in a string (printable ASCII but `"` and `\\`), eight at a time,
    /// stopping at a quote, a backslash, a control character or the start of a multi-byte sequence.
    private mutating func skipPlainBytes() {
        while bytes.count - offset >= 8 {
            let special = Self.specialBytes(word(at: offset))
            if special != 0 {
                offset += special.trailingZeroBitCount >> 3
                return
            }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { return }
            offset += 1
        }
    }

    /// A mask with the high bit set in the lowest byte of `word` that is below 0x20, at or above 0x80, a quote or a
    /// backslash (higher bytes may be flagged falsely by a borrow; only the lowest is used).
    package static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | word) & high
    }

    /// Reads a string and returns its decoded text.
    package mutating func readString() throws(JSONScanFailure) -> String {
        let token = try readStringToken()
        return string(token)
    }

    /// The decoded text of a string token read from this scanner.
    package mutating func string(_ token: JSONStringToken) -> String {
        if !token.hasEscapes {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        }
        unescape(token)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The `count` bytes after a quote at the current position, when another quote follows them; the caller checks that
    /// they hold no quote, backslash or control character before taking them as the string's text.
    package func quotedRun(count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard bytes.count - offset >= count + 2, bytes[offset] == UInt8(ascii: "\""),
            bytes[offset + count + 1] == UInt8(ascii: "\"")
        else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[offset + 1..<offset + 1 + count])
    }

    /// The bytes between a string token's quotes, as written (escapes not decoded).
    package func rawBytes(_ token: JSONStringToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
    }

    /// The position of a key among `names` (ASCII key names), or `nil` when it is none of them: one
    /// pass instead of a comparison per known key.
    package mutating func index(of token: JSONStringToken, in names: [StaticString]) -> Int? {
        if token.hasEscapes {
            unescape(token)
            return scratch.withUnsafeBufferPointer { Self.index(of: $0, in: names) }
        }
        return Self.index(of: rawBytes(token), in: names)
    }

    private static func index(of text: UnsafeBufferPointer<UInt8>, in names: [StaticString]) -> Int? {
        search: for (index, name) in names.enumerated() where name.utf8CodeUnitCount == text.count {
            for position in 0..<text.count where text[position] != name.utf8Start[position] { continue search }
            return index
        }
        return nil
    }

    /// The position of a key among `layout`'s names (decoding any escapes), or `nil` when it is none of them.
    package mutating func index(of token: JSONStringToken, in layout: JSONMemberLayout) -> Int? {
        if token.hasEscapes {
            unescape(token)
            return scratch.withUnsafeBufferPointer { layout.index(of: $0) }
        }
        return layout.index(of: rawBytes(token))
    }

    /// Whether a string token's decoded text is exactly `expected` (ASCII key names).
    package mutating func token(_ token: JSONStringToken, equals expected: StaticString) -> Bool {
        let count = expected.utf8CodeUnitCount
        let start = expected.utf8Start
        if token.hasEscapes {
            unescape(token)
            guard scratch.count == count else { return false }
            for index in 0..<count where scratch[index] != start[index] { return false }
            return true
        }
        guard token.end - token.start == count else { return false }
        for index in 0..<count where bytes[token.start + index] != start[index] { return false }
        return true
    }

    /// The decoded bytes of a string token (for remembering unknown keys).
    package mutating func decodedBytes(_ token: JSONStringToken) -> [UInt8] {
        guard token.hasEscapes else { return Array(bytes[token.start..<token.end]) }
        unescape(token)
        return scratch
    }

    // MARK: - Checking

    /// Checks one escape sequence starting at the backslash and moves past it. A `\u` high surrogate must be
    /// followed by a `\u` low surrogate: a lone surrogate is not a Unicode scalar and has no UTF-8 form.
    private mutating func skipEscape() throws(JSONScanFailure) {
        let escapeStart = offset
        offset += 1
        guard offset < bytes.count else { throw failure("unterminated string") }
        switch bytes[offset] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            offset += 1
        case UInt8(ascii: "u"):
            offset += 1
            let unit = try readHex4()
            if (0xDC00...0xDFFF).contains(unit) {
                throw failure("lone low surrogate \\u\(String(unit, radix: 16)) in a string", at: escapeStart)
            }
            if (0xD800...0xDBFF).contains(unit) {
                guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw failure(
                        "high surrogate \\u\(String(unit, radix: 16)) not followed by a low surrogate", at: escapeStart)
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(
                        "high surrogate \\u\(String(unit, radix: 16)) not followed by a low surrogate", at: escapeStart)
                }
            }
        default:
            throw failure("invalid escape sequence \\\(foundDescription) in a string", at: escapeStart)
        }
    }

    private mutating func readHex4() throws(JSONScanFailure) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("\\u must be followed by four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONScanner.hexDigit(bytes[offset]) else {
                throw failure("\\u must be followed by four hex digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    package static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Checks one multi-byte UTF-8 sequence (Unicode 15, table 3-7: no overlong forms, no surrogates,
    /// nothing above U+10FFFF) and moves past it.
    private mutating func skipUTF8Sequence() throws(JSONScanFailure) {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw failure("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        guard bytes.count - offset >= length, secondRange.contains(bytes[offset + 1]) else {
            throw failure("invalid UTF-8 sequence")
        }
        for index in 2..<length where bytes[offset + index] & 0xC0 != 0x80 {
            throw failure("invalid UTF-8 sequence")
        }
        offset += length
    }
}
