/// The known keys of one kind of record, with the bytes each member starts with when the record is
/// pretty-printed at a given depth, as shop writes it. A class, so that passing it for every member
/// retains one object rather than four arrays.
final class MemberKeys: Sendable {
    /// The key names, in sorted order (the order they are written in).
    let names: [StaticString]
    /// For each name, one after the other: a line break, the indentation, the quoted name, ` : `.
    fileprivate let lines: [UInt8]
    /// Where each name's line starts in ``lines`` (one more entry: the end).
    fileprivate let starts: [Int]
    /// The last eight bytes of each line: they hold the end of the key, so comparing them first turns
    /// away a line for another key in one comparison (the lines all begin alike).
    fileprivate let tails: [UInt64]

    init(_ names: [StaticString], indent: Int) {
        self.names = names
        var lines: [UInt8] = []
        var starts: [Int] = []
        for name in names {
            starts.append(lines.count)
            lines.append(0x0A)
            lines += repeatElement(0x20, count: indent)
            lines.append(UInt8(ascii: "\""))
            lines += UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            lines += "\" : ".utf8
        }
        starts.append(lines.count)
        self.lines = lines
        self.starts = starts
        tails = names.indices.map { index in
            lines.withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: starts[index + 1] - 8, as: UInt64.self))
            }
        }
    }
}

extension JSONScanner {
    /// Reads the next member's key when the member starts exactly as shop writes it (the separating comma
    /// unless `first`, then ``MemberKeys``' line for one of the keys after `previous`), consuming up to
    /// the value; `nil`, having consumed nothing, otherwise (the caller then takes ``nextKey(first:)``).
    ///
    /// Only a cheaper way to the same result: whatever it reads, ``nextKey(first:)`` would read the same
    /// way, since the bytes it accepts are plain JSON white space, punctuation and a plain ASCII key.
    mutating func canonicalMember(
        _ keys: MemberKeys, after previous: Int, first: inout Bool
    ) -> (index: Int, key: JSONStringToken)? {
        var start = offset
        if !first {
            guard start < bytes.count, bytes[start] == UInt8(ascii: ",") else { return nil }
            start += 1
        }
        return keys.lines.withUnsafeBytes { lines in
            for index in previous + 1..<keys.names.count {
                let line = UnsafeRawBufferPointer(rebasing: lines[keys.starts[index]..<keys.starts[index + 1]])
                guard bytes.count - start >= line.count, word(at: start + line.count - 8) == keys.tails[index],
                    matches(line, at: start)
                else { continue }
                let end = start + line.count
                offset = end
                first = false
                // The key lies between the quotes, before the closing quote and ` : `.
                let keyEnd = end - 4
                let key = JSONStringToken(
                    start: keyEnd - keys.names[index].utf8CodeUnitCount, end: keyEnd, hasEscapes: false)
                return (index, key)
            }
            return nil
        }
    }

    /// Whether `expected` (at least eight bytes: a line holds a line break, indentation and a quote) is
    /// written at `position`, compared eight bytes at a time, the last word overlapping the one before.
    private func matches(_ expected: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let count = expected.count
        guard count >= 8, bytes.count - position >= count else { return false }
        func wanted(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var offset = 0
        while count - offset > 8 {
            if word(at: position + offset) != wanted(offset) { return false }
            offset += 8
        }
        return word(at: position + count - 8) == wanted(count - 8)
    }
}
