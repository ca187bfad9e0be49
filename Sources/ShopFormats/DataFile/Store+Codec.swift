import ShopJSON
import ShopModel

// A store's object in the data file: the members its rows declare (``Store/fields``, ShopModel's
// `Fields/Store+Fields.swift`), with its own `id` and `modifiedAt`: written by ``DataFileCodec``'s
// `write(_:skipping:to:own:)`, read by ``DataFileDecoder/record(_:number:own:)``.

extension Store: CodedRecord {
    static let codec = RecordCodec<Store, StoreKey>(id: .id, stamps: .modifiedAt)
    static var unread: Store { Store(id: Store.ID(DataFileDecoder.unread), name: "") }
}

extension DataFileDecoder {
    mutating func store(number: Int) throws(JSONScanFailure) -> Store {
        try record("store", number: number)
    }
}
