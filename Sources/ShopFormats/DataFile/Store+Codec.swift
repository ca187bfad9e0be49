import ShopModel

// A store's object in the data file: the members its rows declare (``Store/fields``, ShopModel's
// `Fields/Store+Fields.swift`), with its own `id` and `modifiedAt`: written by ``DataFileCodec``'s
// `write(_:skipping:to:)`, read by ``DataFileDecoder/record(number:)``.

extension Store: CodedRecord {
    static let codec = RecordCodec<Store, StoreKey>(kind: "store", id: .id, stamps: .modifiedAt)
    static var unread: Store { Store(id: Store.ID(DataFileDecoder.unread), name: "") }
}
