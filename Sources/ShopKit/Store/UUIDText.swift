#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// UUIDs in their 36-character text form, by hand, so the codec never builds a `String` to parse or
/// print an id.
enum UUIDText {
    /// Parses `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` in either case; `nil` when malformed.
    static func parse(_ text: some Collection<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &raw) { output -> Bool in
            var position = 0
            var high: UInt8? = nil
            var written = 0
            for byte in text {
                defer { position += 1 }
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard byte == UInt8(ascii: "-") else { return false }
                    continue
                }
                guard let digit = JSONScanner.hexDigit(byte) else { return false }
                if let first = high {
                    output[written] = first << 4 | digit
                    written += 1
                    high = nil
                } else {
                    high = digit
                }
            }
            return written == 16
        }
        return valid ? UUID(uuid: raw) : nil
    }

    /// Appends the uppercase text form of `uuid`.
    static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: uuid.uuid) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(digits.utf8Start[Int(raw[index] >> 4)])
                bytes.append(digits.utf8Start[Int(raw[index] & 0xF)])
            }
        }
    }
}
