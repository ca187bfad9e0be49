import ShopModel

// A learned word's object in the data file (SPEC section 21): the members its rows declare (``LearnedPlace/fields``,
// ShopModel's `Fields/LearnedPlace+Fields.swift`), with its own `id` and `modifiedAt`.

extension LearnedPlace: CodedRecord {
    static let codec = RecordCodec<LearnedPlace, LearnedKey>(kind: "learned word", id: .id, stamps: .modifiedAt)
    static var unread: LearnedPlace {
        LearnedPlace(
            id: LearnedPlace.ID(DataFileDecoder.unread), word: "", locationID: Location.ID(DataFileDecoder.unread))
    }
}
