#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A hash table keyed by UUIDs, for the loops that look up one id per purchase (tens of thousands a
/// log). The ids shop makes are random, so a multiply and a shift of their bits spread them well, which
/// costs far less than the standard library's seeded hashing of all sixteen bytes. Ids chosen to collide
/// only make lookups slower, never wrong.
struct UUIDTable<Value> {
    private var keys: [(UInt64, UInt64)]
    private var values: [Value?]
    private var shift: Int
    /// How many keys the table holds.
    private(set) var count = 0

    /// A table with room for `capacity` keys before it grows.
    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: (0, 0), count: size)
        values = Array(repeating: nil, count: size)
        shift = 64 - size.trailingZeroBitCount
    }

    private static func halves(_ id: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: id.uuid) { raw in
            (
                raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            )
        }
    }

    /// The slot holding `key`, or the empty slot where it belongs.
    private func slot(of key: (UInt64, UInt64)) -> Int {
        let mask = keys.count - 1
        var index = Int(
            truncatingIfNeeded: ((key.0 ^ key.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> UInt64(shift))
        while values[index] != nil, keys[index] != key { index = (index + 1) & mask }
        return index
    }

    /// The value stored for `id`; setting it adds or replaces it (values are never removed).
    subscript(id: UUID) -> Value? {
        get { self[key: Self.halves(id)] }
        set { self[key: Self.halves(id)] = newValue }
    }

    /// The value stored under sixteen bytes given as two words (an id's, or any well-spread key's).
    subscript(key key: (UInt64, UInt64)) -> Value? {
        get { values[slot(of: key)] }
        set {
            guard let newValue else { return }
            var index = slot(of: key)
            if values[index] == nil {
                if (count + 1) * 2 > keys.count {
                    grow()
                    index = slot(of: key)
                }
                count += 1
                keys[index] = key
            }
            values[index] = newValue
        }
    }

    private mutating func grow() {
        var larger = UUIDTable(capacity: keys.count)
        for index in keys.indices {
            if let value = values[index] {
                let slot = larger.slot(of: keys[index])
                larger.keys[slot] = keys[index]
                larger.values[slot] = value
            }
        }
        larger.count = count
        self = larger
    }
}

extension UUIDTable where Value == Bool {
    /// Adds `id`; `false` when it was there already. One search of the table, not one to look and one to
    /// add (the purchase log's reading adds every purchase's id: 30,000 searches fewer).
    mutating func insert(_ id: UUID) -> Bool {
        let key = Self.halves(id)
        var index = slot(of: key)
        guard values[index] == nil else { return false }
        if (count + 1) * 2 > keys.count {
            grow()
            index = slot(of: key)
        }
        count += 1
        keys[index] = key
        values[index] = true
        return true
    }
}

/// The 36 bytes of an id's text form (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`) as five words, the last two
/// overlapping: two texts are the same bytes when their words are equal.
struct IDText: Equatable {
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The words of `text`, which must be 36 bytes.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        precondition(text.count == 36)
        let raw = UnsafeRawPointer(text.baseAddress!)
        func word(_ offset: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        words = (word(0), word(8), word(16), word(24), word(28))
    }

    static func == (lhs: IDText, rhs: IDText) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4
    }

    /// A key for ``UUIDTable/subscript(key:)``: the words folded into two (different texts may share
    /// one, so a table keyed by it holds the text too, to compare).
    var key: (UInt64, UInt64) {
        (
            words.0 ^ words.2 &* 0xFF51_AFD7_ED55_8CCD ^ words.4 &* 0xC4CE_B9FE_1A85_EC53,
            words.1 ^ words.3 &* 0x9E37_79B9_7F4A_7C15
        )
    }
}
