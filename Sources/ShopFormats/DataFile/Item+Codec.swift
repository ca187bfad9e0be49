import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// An item's object in the data file: the members its rows declare (``Item/fields``, ShopModel's
// `Fields/Item+Fields.swift`), in key order, with the item's own `id` and `modifiedAt`.

extension Item {
    static let codec = RecordCodec<Item, ItemKey>(id: .id, stamps: .modifiedAt)

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
        writer.beginObject()
        let codec = Item.codec
        let members = codec.layout.members
        let absent =
            (item.hasReceiptFields ? 0 : Item.receiptPositions) | (item.hasStockFields ? 0 : Item.stockPositions)
        for position in codec.members.indices where absent & (1 << UInt64(position)) == 0 {
            if let member = codec.members[position] {
                member.write(item, &writer, position, members)
            } else if position == codec.idPosition {
                writer.key(position, of: members)
                writer.uuid(item.id.uuid)
            } else {
                stamp(item.modifiedAt, position, of: members, to: &writer)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    /// One item object; a missing or `null` optional key takes its default (see ``DataFileCodec``).
    mutating func item(number: Int) throws(JSONScanFailure) -> Item {
        try beginRecord("item", number: number, keys: ItemKey.self)
        let codec = Item.codec
        var item = Item(id: Item.ID(Self.unread), name: "", locationID: Location.ID(Self.unread))
        var given: UInt64 = 0
        var legacyStamp: Date?
        let idPosition = codec.idPosition
        try readMembers(of: ItemKey.self) { (decoder, position) throws(JSONScanFailure) in
            if let member = codec.members[position] {
                if try member.read(&item, &decoder.scanner) { given |= 1 << position }
            } else if position == idPosition {
                guard let id = try decoder.scanner.memberUUID(ItemKey.id.rawValue) else { return }
                item.id = Item.ID(id)
                given |= 1 << position
            } else {
                (item.modifiedAt, legacyStamp) = try decoder.stamps(of: Item.self, ItemKey.modifiedAt.rawValue)
            }
        }
        guard given & (1 << idPosition) != 0 else { throw missing(ItemKey.id) }
        for position in codec.required where given & (1 << position) == 0 {
            throw missing(codec.layout.keys[position])
        }
        record = nil
        // Only a version 2 file has a single stamp to spread; the others' items are returned as read, not
        // copied (the copy's retains were 2 M instructions of `list --by-location --json` of 10k items).
        guard let legacyStamp else { return item }
        return item.stamping(legacy: legacyStamp)
    }

    /// The id a record holds until its own is read (a record without one is refused).
    static let unread = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
