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
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: uuid.uuid) { raw in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    output[position] = UInt8(ascii: "-")
                    position += 1
                }
                output[position] = digits.utf8Start[Int(raw[index] >> 4)]
                output[position + 1] = digits.utf8Start[Int(raw[index] & 0xF)]
                position += 2
            }
        }
    }

    /// Appends the uppercase text form of `uuid`.
    static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
            write(uuid, to: text.baseAddress!)
            bytes.append(contentsOf: text)
        }
    }
}
