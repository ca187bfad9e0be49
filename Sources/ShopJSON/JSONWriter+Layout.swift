/// Separators, indentation and the values written without a `String` (numbers, ids, dates, prices).
extension JSONWriter {
    // MARK: - Layout

    /// A comma, a line break and enough spaces for 32 levels: every separator is one slice of it (measured faster
    /// than writing them byte by byte: see .bench/figures-in-code.md).
    private static let separators: StaticString =
        ",\n                                                                "

    /// Writes the comma and line break before a key or an array element.
    package mutating func separate() {
        guard let count = counts.last else { return }
        counts[counts.count - 1] = count + 1
        if pretty {
            newlineAndIndent(level: counts.count, comma: count > 0)
        } else if count > 0 {
            buffer.append(UInt8(ascii: ","))
        }
    }

    package mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else {
            separate()
        }
    }

    package mutating func close(_ bracket: UInt8) {
        let count = counts.popLast() ?? 0
        if pretty && (count > 0 || !compactEmptyContainers) {
            if count == 0 { buffer.append(0x0A) }
            newlineAndIndent(level: counts.count, comma: false)
        }
        buffer.append(bracket)
    }

    private mutating func newlineAndIndent(level: Int, comma: Bool) {
        let fragment = Self.separators
        let skip = comma ? 0 : 1
        let wanted = 2 + 2 * level - skip
        if wanted <= fragment.utf8CodeUnitCount - skip {
            buffer.append(UnsafeBufferPointer(start: fragment.utf8Start + skip, count: wanted))
            return
        }
        // Deeper than the fragment reaches: only generic values nest that far.
        if comma { buffer.append(UInt8(ascii: ",")) }
        buffer.append(0x0A)
        for _ in 0..<level { buffer.append("  ") }
    }

    // MARK: - Values without a string

    /// Writes a UUID in its uppercase text form, quoted.
    public mutating func uuid(_ uuid: UUID) {
        beforeValue()
        buffer.append(atMost: 38) { output in
            output[0] = UInt8(ascii: "\"")
            UUIDText.write(uuid, to: output + 1)
            output[37] = UInt8(ascii: "\"")
            return 38
        }
    }

    /// Writes a date as ISO 8601 UTC in whole seconds (`"2026-11-22T10:00:00Z"`), quoted.
    public mutating func date(_ date: Date) {
        beforeValue()
        buffer.append(atMost: 2 + TimestampText.length) { output in
            output[0] = UInt8(ascii: "\"")
            let written = TimestampText.write(date, to: output + 1)
            output[written + 1] = UInt8(ascii: "\"")
            return written + 2
        }
    }

    /// Writes a `modifiedAt` stamp as ISO 8601 UTC with milliseconds (`"2026-11-22T10:00:00.123Z"`), quoted.
    public mutating func stamp(_ date: Date) {
        beforeValue()
        buffer.append(atMost: 2 + TimestampText.stampLength) { output in
            output[0] = UInt8(ascii: "\"")
            let written = TimestampText.writeStamp(date, to: output + 1)
            output[written + 1] = UInt8(ascii: "\"")
            return written + 2
        }
    }

    /// Appends the decimal digits of an integer without allocating a string.
    package mutating func appendDecimal(_ value: Int) {
        buffer.append(atMost: 20) { output in
            var magnitude = value.magnitude
            var digits = 0
            repeat {
                digits += 1
                magnitude /= 10
            } while magnitude > 0
            let sign = value < 0 ? 1 : 0
            if sign == 1 { output[0] = UInt8(ascii: "-") }
            magnitude = value.magnitude
            for position in stride(from: sign + digits - 1, through: sign, by: -1) {
                output[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return sign + digits
        }
    }

    // MARK: - Strings

    /// Writes a quoted, escaped string, copying runs that need no escape in one go.
    package mutating func writeQuoted(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        let invisibles = escapesInvisibles
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                // Eight bytes at a time while none needs an escape: names and notes rarely do.
                if utf8.count - index >= 8 {
                    let word = UInt64(
                        littleEndian: UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    let escaped = Self.bytesToEscape(word, invisibles: invisibles)
                    if escaped == 0 {
                        index += 8
                        continue
                    }
                    index += escaped.trailingZeroBitCount >> 3
                }
                let byte = utf8[index]
                index += 1
                if byte >= 0x80 {
                    // A lead byte the fast path flagged: escaped only if its character is one of the invisibles.
                    guard invisibles, let (scalar, length) = Self.invisibleScalar(utf8, at: index - 1) else { continue }
                    buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index - 1]))
                    index += length - 1
                    runStart = index
                    appendUnicodeEscape(scalar)
                    continue
                }
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index - 1]))
                runStart = index
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    buffer.append(UInt8(ascii: "\\"))
                    buffer.append(byte)
                case 0x08: buffer.append("\\b")
                case 0x0C: buffer.append("\\f")
                case 0x0A: buffer.append("\\n")
                case 0x0D: buffer.append("\\r")
                case 0x09: buffer.append("\\t")
                default: appendUnicodeEscape(UInt32(byte))
                }
            }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hex digits.
    private mutating func appendUnicodeEscape(_ scalar: UInt32) {
        let hex: StaticString = "0123456789abcdef"
        buffer.append("\\u")
        for shift in [12, 8, 4, 0] as [UInt32] { buffer.append(hex.utf8Start[Int((scalar >> shift) & 0xF)]) }
    }

    /// A mask whose lowest set high bit marks the first byte of `word` (lowest first) that needs an escape: a control
    /// character, a quote or a backslash, and with `invisibles` the lead byte of a character that may be one (0xC2,
    /// 0xD8, 0xE2, 0xEF). Higher bytes may be flagged falsely by a borrow.
    private static func bytesToEscape(_ word: UInt64, invisibles: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        func equal(_ byte: UInt64) -> UInt64 {
            let difference = word ^ (ones &* byte)
            return (difference &- ones) & ~difference
        }
        let control = (word &- ones &* 0x20) & ~word
        let plain = (control | equal(0x22) | equal(0x5C)) & highs
        guard invisibles else { return plain }
        return plain | (equal(0xC2) | equal(0xD8) | equal(0xE2) | equal(0xEF)) & highs
    }

    /// The character at `offset` and its length in bytes, if it is a C1 control (U+0080-U+009F), the Arabic letter mark
    /// (U+061C) or a zero-width or text-direction control as SPEC 20 lists them (U+200B-U+200F, U+202A-U+202E,
    /// U+2060-U+2064, U+2066-U+2069, U+FEFF): what `--json` escapes so that a terminal shown it neither obeys nor
    /// reverses anything (SPEC 23). The text is valid UTF-8, so a lead byte's continuation bytes are there.
    private static func invisibleScalar(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int)? {
        let lead = utf8[offset]
        switch lead {
        case 0xC2:
            let next = utf8[offset + 1]
            return next <= 0x9F ? (UInt32(next), 2) : nil
        case 0xD8:
            return utf8[offset + 1] == 0x9C ? (0x061C, 2) : nil
        case 0xE2, 0xEF:
            let scalar =
                (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[offset + 1] & 0x3F) << 6)
                | UInt32(utf8[offset + 2] & 0x3F)
            switch scalar {
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return (scalar, 3)
            default: return nil
            }
        default:
            return nil
        }
    }
}
