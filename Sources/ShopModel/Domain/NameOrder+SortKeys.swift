extension NameOrder {
    /// The keys and names of many names packed into one byte buffer, so that sorting n names by rule 7 builds no
    /// `String` per name, compares bytes, and moves integers (measured: see .bench/README.md, "Figures moved out of the
    /// code"). The comparison is ``NameOrder/compare(key:name:with:name:)``, the same as for two names.
    struct SortKeys {
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
                NameOrder.appendKey(of: &name, to: &text)
                let keyCount = text.count - start
                name.withUTF8 { text.append(contentsOf: $0) }
                entries.append(Entry(start: start, keyCount: keyCount, nameCount: text.count - start - keyCount))
            }
        }

        /// The positions `0..<count` sorted by `rank` (ascending; all equal when `nil`), then by rule 7's
        /// order of the names, then by `tieBreak` (which must be a strict order, such as ids).
        ///
        /// One sort, even when the names come in name order already: checking for that first saved under 1%.
        func sortedPositions(rank: [Int]? = nil, tieBreak: (Int, Int) -> Bool) -> [Int] {
            var order = Array(entries.indices)
            text.withUnsafeBytes { buffer in
                func namePrecedes(_ a: Int, _ b: Int) -> Bool {
                    let left = entries[a]
                    let right = entries[b]
                    let order = NameOrder.compare(
                        key: UnsafeRawBufferPointer(rebasing: buffer[left.start..<left.start + left.keyCount]),
                        name: UnsafeRawBufferPointer(
                            rebasing: buffer[left.start + left.keyCount..<left.start + left.keyCount + left.nameCount]),
                        with: UnsafeRawBufferPointer(rebasing: buffer[right.start..<right.start + right.keyCount]),
                        name: UnsafeRawBufferPointer(
                            rebasing: buffer[
                                right.start + right.keyCount..<right.start + right.keyCount + right.nameCount]))
                    return order != 0 ? order < 0 : tieBreak(a, b)
                }
                order.sort { a, b in
                    if let rank, rank[a] != rank[b] { return rank[a] < rank[b] }
                    return namePrecedes(a, b)
                }
            }
            return order
        }
    }
}
