/// UUIDs in their 36-character text form, by hand, so the codec never builds a `String` to parse or print an id.
package enum UUIDText {
    /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` in either case; `nil` when malformed.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, let base = text.baseAddress, text[8] == UInt8(ascii: "-"),
            text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"), text[23] == UInt8(ascii: "-")
        else { return nil }
        // The 32 digits as four words of eight, each checked and converted in a handful of operations.
        let raw = UnsafeRawPointer(base)
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard let first = hexWord(word(0)), let second = hexWord(half(9) | half(14) << 32),
            let third = hexWord(half(19) | half(24) << 32), let fourth = hexWord(word(28))
        else { return nil }
        // The sixteen bytes in memory order, as two words (the first byte lowest).
        let low = UInt64(first) | UInt64(second) << 32
        let high = UInt64(third) | UInt64(fourth) << 32
        if bytesAreUUID { return unsafeBitCast((low.littleEndian, high.littleEndian), to: UUID.self) }
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6),
                byte(low, 7), byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4),
                byte(high, 5), byte(high, 6), byte(high, 7)
            ))
    }

    /// Whether a `UUID` is its sixteen bytes and nothing else, checked once by building one both ways: then an id is
    /// made by reinterpreting two words, cheaper than sixteen bytes passed to `UUID(uuid:)`.
    private static let bytesAreUUID: Bool = {
        let built = unsafeBitCast(
            (UInt64(0x0706_0504_0302_0100).littleEndian, UInt64(0x0F0E_0D0C_0B0A_0908).littleEndian), to: UUID.self)
        let expected = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
        return built == expected && withUnsafeBytes(of: built.uuid) { Array($0) } == Array(0...15)
    }()

    /// Eight hex digits as four bytes (each the first in the lowest byte), or `nil` if any is not a hex digit.
    ///
    /// Each byte is tested for `0-9` and, lowercased, `a-f` by the per-byte range test of "Bit Twiddling Hacks" (no
    /// carry crosses bytes); its value is its low four bits, plus 9 for a letter.
    // Inlined (and `between`, and `hexDigits`): see ``JSONScanner/skipWhitespace()`` for what it gains.
    @inline(__always)
    private static func hexWord(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        @inline(__always)
        func between(_ x: UInt64, _ low: UInt64, _ top: UInt64) -> UInt64 {
            let seven = x & (ones &* 0x7F)
            return (ones &* (127 + top) &- seven) & ~x & (seven &+ ones &* (127 - low)) & high
        }
        let digits = between(word, 0x2F, 0x3A)
        let letters = between(word | ones &* 0x20, 0x60, 0x67)
        guard digits | letters == high else { return nil }
        let nibbles = (word & (ones &* 0x0F)) &+ (word >> 6 & ones) &* 9
        // Byte k of `pairs` is nibble k shifted up, then nibble k + 1: the even bytes are the results,
        // gathered into the low four bytes.
        var pairs = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        pairs = (pairs | pairs >> 8) & 0x0000_FFFF_0000_FFFF
        pairs = (pairs | pairs >> 16) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: pairs)
    }

    /// Parses the text form held in any collection of bytes.
    package static func parse(_ text: some Collection<UInt8>) -> UUID? {
        if let parsed = text.withContiguousStorageIfAvailable({ parse($0) }) { return parsed }
        return Array(text).withUnsafeBufferPointer { parse($0) }
    }

    /// Writes the 36 bytes of the uppercase text form of `uuid` at `output`.
    package static func write(_ uuid: UUID, to output: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            // Four bytes at a time become eight hex digits; the groups are 8-4-4-4-12 digits.
            func hex(_ offset: Int) -> UInt64 { hexDigits(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
            let out = UnsafeMutableRawPointer(output)
            let (first, second, third, fourth) = (hex(0), hex(4), hex(8), hex(12))
            out.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: second).littleEndian, toByteOffset: 9, as: UInt32.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: third).littleEndian, toByteOffset: 19, as: UInt32.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
            out.storeBytes(of: fourth.littleEndian, toByteOffset: 28, as: UInt64.self)
            output[8] = UInt8(ascii: "-")
            output[13] = UInt8(ascii: "-")
            output[18] = UInt8(ascii: "-")
            output[23] = UInt8(ascii: "-")
        }
    }

    /// The eight uppercase hex digits of four bytes (as they lie in memory), the first digit lowest.
    ///
    /// The bytes are spread to every other byte, split into high and low nibbles, and each nibble becomes
    /// `0`-`9` or `A`-`F` by adding `0` and, for 10 and above, 7 more (the gap between `9` and `A`).
    @inline(__always)
    private static func hexDigits(_ bytes: UInt32) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var spread = UInt64(UInt32(littleEndian: bytes))
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        let nibbles = (spread >> 4 & 0x000F_000F_000F_000F) | (spread & 0x000F_000F_000F_000F) << 8
        let letters = (nibbles &+ ones &* 6) >> 4 & ones
        return nibbles &+ ones &* 0x30 &+ letters &* 7
    }

    /// Appends the uppercase text form of `uuid`.
    package static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            write(uuid, to: text.baseAddress!)
            bytes.append(contentsOf: text)
        }
    }
}
