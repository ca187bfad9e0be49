/// Rule 7's sort keys of many names (the lowercased name, then the name as written) packed into one byte
/// buffer, so that sorting n names builds no `String` per name, compares bytes, and moves integers.
///
/// Byte order of UTF-8 is code-point order, which is rule 7's order (see ``NameOrder``); ASCII names are
/// lowercased byte by byte, others by `String.lowercased()`, exactly as ``NameOrder/key(_:)`` does.
struct NameSortKeys {
    /// Where one name's key and text lie in ``text``: the key, then the name right after it.
    private struct Entry {
        var start: Int
        var keyCount: Int
        var nameCount: Int
    }

    private var text: [UInt8] = []
    private var entries: [Entry] = []

    init(_ names: some Collection<String>) {
        text.reserveCapacity(names.count * 48)
        entries.reserveCapacity(names.count)
        for var name in names {
            let start = text.count
            let isASCII = name.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                for byte in bytes { text.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) }
                return true
            }
            if !isASCII { text.append(contentsOf: name.lowercased().utf8) }
            let keyCount = text.count - start
            name.withUTF8 { text.append(contentsOf: $0) }
            entries.append(Entry(start: start, keyCount: keyCount, nameCount: text.count - start - keyCount))
        }
    }

    /// The positions `0..<count` sorted by `rank` (ascending; all equal when `nil`), then by rule 7's order of
    /// the names, then by `tieBreak` (which must be a strict order, such as ids).
    ///
    /// Names usually come in name order already (the data file keeps items so): that is checked in one
    /// pass, and then only the ranks need sorting, by integers, keeping the names' order within a rank.
    func sortedPositions(rank: [Int]? = nil, tieBreak: (Int, Int) -> Bool) -> [Int] {
        var order = Array(entries.indices)
        text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            func compare(_ lhs: Int, _ lhsCount: Int, _ rhs: Int, _ rhsCount: Int) -> Int {
                let common = min(lhsCount, rhsCount)
                var offset = 0
                // Eight bytes at a time, as big-endian words so that integer order is byte order: names
                // sorted next to each other often share a long prefix ("organic milk 12", "organic milk 13").
                while common - offset >= 8 {
                    let left = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: lhs + offset, as: UInt64.self))
                    let right = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: rhs + offset, as: UInt64.self))
                    if left != right { return left < right ? -1 : 1 }
                    offset += 8
                }
                while offset < common {
                    let left = base[lhs + offset]
                    let right = base[rhs + offset]
                    if left != right { return left < right ? -1 : 1 }
                    offset += 1
                }
                return lhsCount - rhsCount
            }
            func namePrecedes(_ a: Int, _ b: Int) -> Bool {
                let left = entries[a]
                let right = entries[b]
                let byKey = compare(left.start, left.keyCount, right.start, right.keyCount)
                if byKey != 0 { return byKey < 0 }
                let byName = compare(
                    left.start + left.keyCount, left.nameCount, right.start + right.keyCount, right.nameCount)
                if byName != 0 { return byName < 0 }
                return tieBreak(a, b)
            }
            if order.indices.dropFirst().allSatisfy({ namePrecedes($0 - 1, $0) }) {
                guard let rank else { return }
                order.sort { a, b in rank[a] != rank[b] ? rank[a] < rank[b] : a < b }
                return
            }
            order.sort { a, b in
                if let rank, rank[a] != rank[b] { return rank[a] < rank[b] }
                return namePrecedes(a, b)
            }
        }
        return order
    }
}
