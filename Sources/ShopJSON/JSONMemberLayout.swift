#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The members of one kind of JSON object as ``JSONWriter`` lays them out, built once from its keys in written order:
/// for each key, the bytes that begin its member, pretty-printed at `depth` (`,`, a line break, the indentation, the
/// quoted key, ` : `) and compact (`,"key":`); a first member drops the comma.
///
/// The writer writes members from these bytes (``JSONWriter/key(_:of:)``) and the scanner recognises them
/// (``JSONScanner/canonicalMember(_:after:first:)``), so a reader's fast path matches what the writer writes by
/// construction; anything else (another indentation, spaces, order, an escaped key) takes the general path.
///
/// A class, so a member's bytes are handed out as a pointer; it never changes after `init` (`@unchecked Sendable`).
package final class JSONMemberLayout: @unchecked Sendable {
    /// The key names, in the order they are written.
    package let names: [String]
    /// The depth of the objects (the top-level object is 1, an object in its arrays 3).
    package let depth: Int
    /// All the bytes: for each key its name, its pretty line and its compact line.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private let pieces: [Piece]
    /// The last eight bytes of each pretty line: they hold the end of the key, so comparing them first
    /// turns away a line for another key in one comparison (the lines all begin alike).
    fileprivate let tails: [UInt64]

    private struct Piece {
        var name: Range<Int>
        var pretty: Range<Int>
        var compact: Range<Int>
    }

    /// - Precondition: plain ASCII names (nothing to escape), at most 32 of them (a reader keeps one bit a key).
    package init(_ names: [String], depth: Int) {
        precondition(
            names.count <= 32
                && names.allSatisfy { $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C } })
        self.names = names
        self.depth = depth
        // Written byte by byte into storage of the exact size, no arrays joined with `+`: every command builds a layout
        // per kind of record, and per record's stamps, at start-up.
        let indent = 2 * depth
        let size = names.reduce(0) { $0 + 3 * $1.utf8.count + indent + 11 }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(size, 1))
        var end = 0
        func put(_ byte: UInt8) {
            storage[end] = byte
            end += 1
        }
        func put(_ name: String) { for byte in name.utf8 { put(byte) } }
        var pieces: [Piece] = []
        pieces.reserveCapacity(names.count)
        var tails: [UInt64] = []
        tails.reserveCapacity(names.count)
        for name in names {
            let nameStart = end
            put(name)
            let prettyStart = end
            put(UInt8(ascii: ","))
            put(0x0A)
            for _ in 0..<indent { put(0x20) }
            put(UInt8(ascii: "\""))
            put(name)
            for byte in "\" : ".utf8 { put(byte) }
            let compactStart = end
            put(UInt8(ascii: ","))
            put(UInt8(ascii: "\""))
            put(name)
            put(UInt8(ascii: "\""))
            put(UInt8(ascii: ":"))
            pieces.append(
                Piece(name: nameStart..<prettyStart, pretty: prettyStart..<compactStart, compact: compactStart..<end))
            tails.append(
                UInt64(
                    littleEndian: UnsafeRawPointer(storage.baseAddress! + compactStart - 8).loadUnaligned(
                        as: UInt64.self)))
        }
        assert(end == size)
        self.storage = storage
        self.pieces = pieces
        self.tails = tails
    }

    deinit { storage.deallocate() }

    /// The name of the key at `index`, as bytes.
    package func name(_ index: Int) -> UnsafeBufferPointer<UInt8> { bytes(pieces[index].name) }

    /// `,`, the line break, indentation, quoted key and ` : ` of the key at `index` at ``depth``.
    package func prettyLine(_ index: Int) -> UnsafeBufferPointer<UInt8> { bytes(pieces[index].pretty) }

    /// `,"key":` for the key at `index`.
    package func compactLine(_ index: Int) -> UnsafeBufferPointer<UInt8> { bytes(pieces[index].compact) }

    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: storage[range])
    }

    /// The position of the key whose name is `text`, or `nil` when it is none of them.
    package func index(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in pieces.indices {
            let name = name(index)
            if name.count == text.count, name.elementsEqual(text) { return index }
        }
        return nil
    }
}

extension JSONScanner {
    /// Reads the next member's key when the member starts exactly as ``JSONWriter`` writes it pretty-printed at the
    /// layout's depth (``JSONMemberLayout/prettyLine(_:)``, without its comma when `first`) for a key after `previous`,
    /// consuming up to the value; `nil`, having consumed nothing, otherwise (then ``nextKey(first:)``).
    ///
    /// Only a cheaper way to the same result: whatever it reads, ``nextKey(first:)`` would read the same
    /// way, since the bytes it accepts are plain JSON white space, punctuation and a plain ASCII key.
    package mutating func canonicalMember(
        _ layout: JSONMemberLayout, after previous: Int, first: inout Bool
    ) -> (index: Int, key: JSONStringToken)? {
        let skip = first ? 1 : 0
        for index in previous + 1..<layout.names.count {
            let line = layout.prettyLine(index)
            let count = line.count - skip
            guard bytes.count - offset >= count, word(at: offset + count - 8) == layout.tails[index],
                matches(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[skip...])), at: offset)
            else { continue }
            offset += count
            first = false
            // The key lies between the quotes, before the closing quote and ` : `.
            let keyEnd = offset - 4
            let key = JSONStringToken(start: keyEnd - layout.name(index).count, end: keyEnd, hasEscapes: false)
            return (index, key)
        }
        return nil
    }

    private func matches(_ expected: UnsafeRawBufferPointer, at position: Int) -> Bool {
        let count = expected.count
        guard count > 0, bytes.count - position >= count else { return false }
        return memcmp(bytes.baseAddress! + position, expected.baseAddress!, count) == 0
    }
}

extension JSONWriter {
    /// Writes the key at `index` of `layout`, as ``key(static:)`` would write it: from the layout's bytes when the
    /// writer is at the layout's depth (one copy, cheaper than building each key's line), else the general way.
    package mutating func key(_ index: Int, of layout: JSONMemberLayout) {
        guard let count = counts.last, !pretty || counts.count == layout.depth else {
            key(plain: layout.name(index))
            return
        }
        counts[counts.count - 1] = count + 1
        let line = pretty ? layout.prettyLine(index) : layout.compactLine(index)
        buffer.append(UnsafeBufferPointer(rebasing: line[(count > 0 ? 0 : 1)...]))
        afterKey = true
    }
}
