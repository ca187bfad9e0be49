#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing the data file format: see ``DataFileCodec``.
extension DataFileCodec {
    /// Encodes a list as a complete data file, ending with a newline.
    static func encode(_ list: ShoppingList) -> [UInt8] {
        // About 400 bytes per item; reserving avoids repeated growth of a large buffer.
        var writer = JSONWriter(pretty: true, capacity: 1024 + list.itemCount * 400)
        writer.beginObject()
        if let current = list.currentStoreID {
            writer.key(static: "currentStoreId")
            writer.quotedRaw { UUIDText.append(current.uuid, to: &$0) }
        }
        writer.key(static: "items")
        writer.beginArray()
        for item in itemsInNameOrder(list) { write(item, to: &writer) }
        writer.endArray()
        writer.key(static: "locations")
        writer.beginArray()
        for location in list.locationsInVisitationOrder { write(location, to: &writer) }
        writer.endArray()
        writer.key(static: "stores")
        writer.beginArray()
        for store in list.storesInNameOrder { write(store, to: &writer) }
        writer.endArray()
        writer.key(static: "timer")
        writer.beginObject()
        writer.key(static: "accumulatedSeconds")
        writer.int(list.timer.accumulatedSeconds)
        stamp(list.timer.modifiedAt, to: &writer)
        if let startedAt = list.timer.startedAt {
            writer.key(static: "startedAt")
            writer.quotedRaw { TimestampText.append(startedAt, to: &$0) }
        }
        writer.endObject()
        writer.key(static: "version")
        writer.int(supportedVersion)
        writer.endObject()
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    /// Items by name (rule 7), then id: the order of `ShoppingList.nameOrder`, computed by sorting indices
    /// over the UTF-8 bytes of every key and name packed into one buffer, so that sorting copies no `Item`
    /// and compares with `memcmp` (several times faster on large lists). Byte order is code-point order,
    /// which is rule 7's order.
    static func itemsInNameOrder(_ list: ShoppingList) -> [Item] {
        let items = Array(list.items)
        var text: [UInt8] = []
        text.reserveCapacity(items.count * 48)
        var keys: [Range<Int>] = []
        var names: [Range<Int>] = []
        keys.reserveCapacity(items.count)
        names.reserveCapacity(items.count)
        for item in items {
            let keyStart = text.count
            text.append(contentsOf: NameOrder.key(item.name).utf8)
            let nameStart = text.count
            text.append(contentsOf: item.name.utf8)
            keys.append(keyStart..<nameStart)
            names.append(nameStart..<text.count)
        }
        var order = Array(items.indices)
        text.withUnsafeBufferPointer { buffer in
            func compare(_ lhs: Range<Int>, _ rhs: Range<Int>) -> Int {
                let common = min(lhs.count, rhs.count)
                if common > 0, let base = buffer.baseAddress {
                    let result = memcmp(base + lhs.lowerBound, base + rhs.lowerBound, common)
                    if result != 0 { return Int(result) }
                }
                return lhs.count - rhs.count
            }
            order.sort { lhs, rhs in
                let byKey = compare(keys[lhs], keys[rhs])
                if byKey != 0 { return byKey < 0 }
                let byName = compare(names[lhs], names[rhs])
                if byName != 0 { return byName < 0 }
                return items[lhs].id < items[rhs].id
            }
        }
        return order.map { items[$0] }
    }

    private static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.beginObject()
        if let date = item.dateLastPurchased {
            writer.key(static: "dateLastPurchased")
            writer.quotedRaw { TimestampText.append(date, to: &$0) }
        }
        if let every = item.every {
            writer.key(static: "every")
            writer.int(every)
        }
        writer.key(static: "id")
        writer.quotedRaw { UUIDText.append(item.id.uuid, to: &$0) }
        writer.key(static: "isAvailable")
        writer.bool(item.isAvailable)
        writer.key(static: "locationId")
        writer.quotedRaw { UUIDText.append(item.locationID.uuid, to: &$0) }
        stamp(item.modifiedAt, to: &writer)
        writer.key(static: "name")
        writer.string(item.name)
        if let note = item.note {
            writer.key(static: "note")
            writer.string(note)
        }
        writer.key(static: "onList")
        writer.bool(item.onList)
        if let price = item.price {
            writer.key(static: "price")
            writer.price(price)
        }
        writer.key(static: "quantity")
        writer.int(item.quantity)
        writer.key(static: "starred")
        writer.bool(item.starred)
        writer.endObject()
    }

    private static func write(_ location: Location, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "color")
        writer.string(location.color.hex)
        writer.key(static: "id")
        writer.quotedRaw { UUIDText.append(location.id.uuid, to: &$0) }
        writer.key(static: "isUnknown")
        writer.bool(location.isUnknown)
        stamp(location.modifiedAt, to: &writer)
        writer.key(static: "name")
        writer.string(location.name)
        writer.key(static: "visitationOrder")
        writer.int(location.visitationOrder)
        writer.endObject()
    }

    private static func write(_ store: Store, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "id")
        writer.quotedRaw { UUIDText.append(store.id.uuid, to: &$0) }
        writer.key(static: "locationIds")
        writer.beginArray()
        for id in store.locationIDs { writer.quotedRaw { UUIDText.append(id.uuid, to: &$0) } }
        writer.endArray()
        stamp(store.modifiedAt, to: &writer)
        writer.key(static: "name")
        writer.string(store.name)
        writer.endObject()
    }

    /// The `modifiedAt` member, left out when the record has no stamp.
    private static func stamp(_ date: Date?, to writer: inout JSONWriter) {
        guard let date else { return }
        writer.key(static: "modifiedAt")
        writer.quotedRaw { TimestampText.append(date, to: &$0) }
    }
}
