/// Rule 7's name order, the one home of it: names compare by their case-insensitive key (``key(_:)``), then as written,
/// both in code-point order (the byte order of UTF-8). No locale is involved.
///
/// Everything that orders or matches names goes through here: ``key(_:)`` for uniqueness and lookups,
/// ``precedes(_:_:)`` for a few names, and ``SortKeys`` for sorting many (the list's walk, the data file).
public enum NameOrder {
    /// The key names are unique by and sorted by: case-insensitive and by compatibility (SPEC 20: NFKC
    /// and full case folding, see ``NameFolding``), so names that look alike are one name.
    public static func key(_ name: String) -> String {
        // Plain ASCII is folded by lowercasing its letters, in one pass over the bytes that gives up at the first byte
        // beyond ASCII: only such a name needs the folding table.
        var plain = true
        let folded = String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
            var count = 0
            for byte in name.utf8 {
                guard byte < 0x80 else {
                    plain = false
                    return 0
                }
                buffer[count] = lowercasedASCII(byte)
                count += 1
            }
            return count
        }
        return plain ? folded : NameFolding.key(name)
    }

    /// Compares two names whose keys are already known (sorting locations makes each key once).
    public static func precedes(_ lhs: String, _ rhs: String, lhsKey: String, rhsKey: String) -> Bool {
        var (lhs, rhs, lhsKey, rhsKey) = (lhs, rhs, lhsKey, rhsKey)
        return lhsKey.withUTF8 { leftKey in
            rhsKey.withUTF8 { rightKey in
                lhs.withUTF8 { left in
                    rhs.withUTF8 { right in
                        compare(
                            key: UnsafeRawBufferPointer(leftKey), name: UnsafeRawBufferPointer(left),
                            with: UnsafeRawBufferPointer(rightKey), name: UnsafeRawBufferPointer(right)) < 0
                    }
                }
            }
        }
    }

    /// Compares two names by rule 7.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        precedes(lhs, rhs, lhsKey: key(lhs), rhsKey: key(rhs))
    }

    /// Code-point order of two strings (used for keys, which are already lowercased). Swift's own `<`
    /// compares canonically equivalent forms, which is not code-point order.
    static func codePointPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        codePointOrder(lhs, rhs) < 0
    }

    /// Code-point order of two strings: negative, zero (the same code points) or positive. Unlike `<`
    /// and `==`, it never ties two spellings of one text (NFC and NFD "café").
    static func codePointOrder(_ lhs: String, _ rhs: String) -> Int {
        var (lhs, rhs) = (lhs, rhs)
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in compareBytes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) }
        }
    }

    /// Code-point order of two lists of texts compared in turn (a sort key of several parts): the first
    /// pair that differs decides; zero when all are the same.
    static func codePointOrder(_ lhs: [String], _ rhs: [String]) -> Int {
        for (left, right) in zip(lhs, rhs) {
            let order = codePointOrder(left, right)
            if order != 0 { return order }
        }
        return lhs.count - rhs.count
    }

    /// Rule 7 itself, on UTF-8 bytes: by key, then by the name as written. Negative, zero or positive.
    static func compare(
        key lhsKey: UnsafeRawBufferPointer, name lhsName: UnsafeRawBufferPointer,
        with rhsKey: UnsafeRawBufferPointer, name rhsName: UnsafeRawBufferPointer
    ) -> Int {
        let byKey = compareBytes(lhsKey, rhsKey)
        return byKey != 0 ? byKey : compareBytes(lhsName, rhsName)
    }

    /// Byte order, which for UTF-8 is code-point order; a prefix sorts first. (Eight bytes at a time saved under 1%.)
    static func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        for offset in 0..<min(lhs.count, rhs.count) where lhs[offset] != rhs[offset] {
            return lhs[offset] < rhs[offset] ? -1 : 1
        }
        return lhs.count - rhs.count
    }

    /// Appends the key of `name` to `bytes`: what ``key(_:)`` returns, without making a `String`.
    static func appendKey(of name: inout String, to bytes: inout [UInt8]) {
        let isASCII = name.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in utf8 { bytes.append(lowercasedASCII(byte)) }
            return true
        }
        if !isASCII { bytes.append(contentsOf: NameFolding.key(name).utf8) }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
