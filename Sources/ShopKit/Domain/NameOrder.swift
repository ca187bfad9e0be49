/// Rule 7's name comparison: the lowercased names by Unicode code points, then the names as written.
/// No locale is involved, so the order is the same on every machine.
public enum NameOrder {
    /// The case-insensitive key names are unique by and sorted by.
    public static func key(_ name: String) -> String {
        // ASCII fast path: most names are plain ASCII, and Unicode case mapping is costly at start-up
        // scale. A name without capitals is its own key (no copy); otherwise one allocation.
        switch name.utf8.withContiguousStorageIfAvailable(asciiKey) {
        case .unchanged: return name
        case .lowered(let key): return key
        case .notASCII: return name.lowercased()
        case nil:  // not contiguous UTF-8 (a bridged string): the slow way
            if name.utf8.contains(where: { $0 >= 0x80 }) { return name.lowercased() }
            return String(decoding: name.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
    }

    private enum ASCIIKey {
        case unchanged
        case lowered(String)
        case notASCII
    }

    private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIKey {
        var firstCapital = -1
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { return .notASCII }
            if firstCapital < 0, byte &- UInt8(ascii: "A") < 26 { firstCapital = index }
        }
        guard firstCapital >= 0 else { return .unchanged }
        return .lowered(
            String(unsafeUninitializedCapacity: bytes.count) { output in
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    output[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            })
    }

    /// Compares two names by their keys, then as written; both by code point, which is UTF-8 byte order.
    public static func precedes(_ lhs: String, _ rhs: String, lhsKey: String, rhsKey: String) -> Bool {
        if lhsKey != rhsKey { return codePointPrecedes(lhsKey, rhsKey) }
        return codePointPrecedes(lhs, rhs)
    }

    /// Compares two names by rule 7.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        precedes(lhs, rhs, lhsKey: key(lhs), rhsKey: key(rhs))
    }

    /// Code-point order. UTF-8 byte order is code-point order, and comparing bytes avoids Swift's
    /// canonical-equivalence comparison, which orders by normalized form rather than by code point.
    static func codePointPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0 {
                    let order = memcmpBytes(left.baseAddress!, right.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    private static func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
        for offset in 0..<count where a[offset] != b[offset] {
            return a[offset] < b[offset] ? -1 : 1
        }
        return 0
    }
}
