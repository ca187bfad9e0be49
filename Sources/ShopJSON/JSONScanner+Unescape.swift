/// Decoding a checked string token that holds escapes (`\n`, `\u00e9`, surrogate pairs) into the
/// scanner's scratch bytes: the escapes were checked while scanning, so this part cannot fail.
extension JSONScanner {
    /// Decodes a checked string token with escapes into ``scratch``.
    package mutating func unescape(_ token: JSONStringToken) {
        scratch.removeAll(keepingCapacity: true)
        var index = token.start
        while index < token.end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                scratch.append(byte)
                index += 1
                continue
            }
            let kind = bytes[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // Checked while scanning: a low surrogate escape follows.
                    let low = hex4(at: index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                appendUTF8(scalar)
            default: scratch.append(kind)  // the quote, backslash and slash stand for themselves
            }
        }
    }

    private func hex4(at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for position in index..<index + 4 { value = value << 4 | UInt32(JSONScanner.hexDigit(bytes[position]) ?? 0) }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
