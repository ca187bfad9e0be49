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

    /// The words folded into two, as a dictionary's key (different texts may share one, so a table keyed
    /// by it holds the text too, to compare): hashing two words costs less than hashing the 36 bytes.
    struct Key: Hashable {
        let first: UInt64
        let second: UInt64
    }

    var key: Key {
        Key(
            first: words.0 ^ words.2 &* 0xFF51_AFD7_ED55_8CCD ^ words.4 &* 0xC4CE_B9FE_1A85_EC53,
            second: words.1 ^ words.3 &* 0x9E37_79B9_7F4A_7C15)
    }
}
