#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// UUIDs in their 36-character text form, by hand, so the codec never builds a `String` to parse or
/// print an id.
enum UUIDText {
    /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` in either case; `nil` when malformed.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
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
        let (a, b, c, d) = (first, second, third, fourth)
        return UUID(uuid: (a.0, a.1, a.2, a.3, b.0, b.1, b.2, b.3, c.0, c.1, c.2, c.3, d.0, d.1, d.2, d.3))
    }

    /// Eight hex digits (the first in the lowest byte) as four bytes, or `nil` if any is not a hex digit.
    ///
    /// Each byte is tested for `0-9` and, with the lowercase bit set, for `a-f` by the exact per-byte range
    /// test of "Bit Twiddling Hacks" (no carry crosses bytes, since only seven bits of each take part);
    /// its value is its low four bits, plus 9 for a letter (bit 6 set).
    // Inlined (and `between`, and `hexDigits`): see ``JSONScanner/skipWhitespace()`` for what it gains.
    @inline(__always)
    private static func hexWord(_ word: UInt64) -> (UInt8, UInt8, UInt8, UInt8)? {
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
        // Byte k of `pairs` is nibble k shifted up, then nibble k + 1: the even bytes are the results.
        let pairs = nibbles << 4 | nibbles >> 8
        return (
            UInt8(truncatingIfNeeded: pairs), UInt8(truncatingIfNeeded: pairs >> 16),
            UInt8(truncatingIfNeeded: pairs >> 32), UInt8(truncatingIfNeeded: pairs >> 48)
        )
    }

    /// Parses the text form held in any collection of bytes.
    static func parse(_ text: some Collection<UInt8>) -> UUID? {
        if let parsed = text.withContiguousStorageIfAvailable({ parse($0) }) { return parsed }
        return Array(text).withUnsafeBufferPointer { parse($0) }
    }

    /// Writes the 36 bytes of the uppercase text form of `uuid` at `output`.
    static func write(_ uuid: UUID, to output: UnsafeMutablePointer<UInt8>) {
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
    static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            write(uuid, to: text.baseAddress!)
            bytes.append(contentsOf: text)
        }
    }
}
