import ShopModel

// A list's object in the data file (SPEC section 22): the members its rows declare (``NamedList/fields``, ShopModel's
// `Fields/NamedList+Fields.swift`), with its own `id` and `modifiedAt`.

extension NamedList: CodedRecord {
    static let codec = RecordCodec<NamedList, ListKey>(kind: "list", id: .id, stamps: .modifiedAt)
    static var unread: NamedList { NamedList(id: NamedList.ID(DataFileDecoder.unread), name: "") }
}
