import ShopJSON
import ShopModel

// An item's object in the data file: the members its rows declare (``Item/fields``, ShopModel's
// `Fields/Item+Fields.swift`), in key order, with the item's own `id` and `modifiedAt` (``RecordCodec``).

extension Item: CodedRecord {
    static let codec = RecordCodec<Item, ItemKey>(kind: "item", id: .id, stamps: .modifiedAt)
    static var unread: Item {
        Item(id: Item.ID(DataFileDecoder.unread), name: "", locationID: Location.ID(DataFileDecoder.unread))
    }

    /// The positions of the members kept out of line (SPEC sections 12 and 18), which hold nothing when
    /// their box is absent, as in most items: the writer skips them without asking their rows.
    static let (receiptPositions, stockPositions): (UInt64, UInt64) = {
        func mask(_ keys: [ItemKey]) -> UInt64 {
            keys.reduce(0) { $0 | 1 << UInt64(ItemKey.layout.position(of: $1)) }
        }
        return (
            mask([.pack, .priceUnit, .storePrices, .unavailableAt]), mask([.keeps, .keepsOpen, .minStock, .stock])
        )
    }()
}

extension DataFileCodec {
    /// One item object, its keys in written order; an absent value's key is left out.
    static func write(_ item: Item, to writer: inout JSONWriter) {
        let absent =
            (item.hasReceiptFields ? 0 : Item.receiptPositions) | (item.hasStockFields ? 0 : Item.stockPositions)
        write(item, skipping: absent, to: &writer)
    }
}
