#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A table keyed by UUIDs, for the loops that look up one id per purchase (tens of thousands a log),
/// over the standard `Dictionary`. A hand-made open-addressing table with a multiply-shift hash stood
/// here; it saved under 1% wherever measured, so it went: .bench/callgrind 24.72 M / 203.1 M / 281.7 M
/// instructions without it, against 24.74 M / 203.2 M / 281.6 M; `history`, `spending` and `purchased`
/// over a log of 30,000 purchases (.bench/gen.py) 31.6 M / 31.6 M / 110.1 M without it, 31.7 M / 31.7 M /
/// 111.0 M with it.
package struct UUIDTable<Value> {
    /// Sixteen bytes as two words.
    private struct Key: Hashable {
        let first: UInt64
        let second: UInt64
    }

    private var table: [Key: Value]

    /// How many keys the table holds.
    var count: Int { table.count }

    /// A table with room for `capacity` keys before it grows.
    package init(capacity: Int = 16) {
        table = Dictionary(minimumCapacity: capacity)
    }

    private static func key(_ id: UUID) -> Key {
        withUnsafeBytes(of: id.uuid) { raw in
            Key(
                first: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                second: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// The value stored for `id`; setting it adds or replaces it (values are never removed).
    subscript(id: UUID) -> Value? {
        get { table[Self.key(id)] }
        set {
            guard let newValue else { return }
            table[Self.key(id)] = newValue
        }
    }

    /// The value stored under sixteen bytes given as two words (an id's, or any well-spread key's).
    package subscript(key key: (UInt64, UInt64)) -> Value? {
        get { table[Key(first: key.0, second: key.1)] }
        set {
            guard let newValue else { return }
            table[Key(first: key.0, second: key.1)] = newValue
        }
    }
}

extension UUIDTable where Value == Bool {
    /// Adds `id`; `false` when it was there already. One search of the table.
    package mutating func insert(_ id: UUID) -> Bool {
        table.updateValue(true, forKey: Self.key(id)) == nil
    }
}

/// The 36 bytes of an id's text form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`) as five words, the last two
/// overlapping: two texts are the same bytes when their words are equal.
package struct IDText: Equatable {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The words of `text`, which must be 36 bytes.
    package init(_ text: UnsafeBufferPointer<UInt8>) {
        precondition(text.count == 36)
        let raw = UnsafeRawPointer(text.baseAddress!)
        func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        words = (word(0), word(8), word(16), word(24), word(28))
    }

    package static func == (lhs: IDText, rhs: IDText) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4
    }

    /// A key for ``UUIDTable/subscript(key:)``: the words folded into two (different texts may share
    /// one, so a table keyed by it holds the text too, to compare).
    package var key: (UInt64, UInt64) {
        (
            words.0 ^ words.2 &* 0xFF51_AFD7_ED55_8CCD ^ words.4 &* 0xC4CE_B9FE_1A85_EC53,
            words.1 ^ words.3 &* 0x9E37_79B9_7F4A_7C15
        )
    }
}
