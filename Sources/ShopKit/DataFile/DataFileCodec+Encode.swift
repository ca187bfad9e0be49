#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing the data file format: see ``DataFileCodec``.
extension DataFileCodec {
    /// Encodes a list as a complete data file, ending with a newline.
    static func encode(_ list: ShoppingList, includingPurchases: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(list, chunkSize: .max, includingPurchases: includingPurchases) {
            (text: UnsafeBufferPointer<UInt8>) throws(Never) in bytes = Array(text)
        }
        return bytes
    }

    /// Encodes a list as a complete data file, handing the text to `output` in pieces of about `chunkSize`
    /// bytes (whole records; one piece when it is `.max`), so that a large list can be written out
    /// without its whole text ever being in memory.
    static func encode<Failure: Error>(
        _ list: ShoppingList, chunkSize: Int, includingPurchases: Bool = false,
        to output: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        // About 330 bytes per item; reserving avoids repeated growth of a large buffer.
        var writer = JSONWriter(pretty: true, capacity: min(chunkSize, 4096 + list.itemCount * 400))
        writer.beginObject()
        // The current store and the timer are the device's own (SPEC section 8.3): see ``DeviceFile``.
        writer.key(static: "items")
        writer.beginArray()
        let items = list.items
        for position in namePositions(items) {
            write(items[position], to: &writer)
            if writer.pendingCount >= chunkSize { try writer.drain(output) }
        }
        writer.endArray()
        writer.key(static: "locations")
        writer.beginArray()
        for location in list.locationsInVisitationOrder { write(location, to: &writer) }
        writer.endArray()
        // The marker names this device's log file: an export carries the purchases themselves instead.
        if !includingPurchases, let marker = list.logMarker {
            writer.key(static: "purchaseLog")
            writer.beginObject()
            writer.key(static: "check")
            writer.string(String(marker.check, radix: 16))
            writer.key(static: "inode")
            writer.int(Int(truncatingIfNeeded: marker.inode))
            writer.key(static: "length")
            writer.int(marker.length)
            writer.endObject()
        }
        if includingPurchases {
            // An export carries the log inline; the data file never does (it lives beside it).
            writer.key(static: "purchases")
            writer.beginArray()
            for purchase in list.log.purchases {
                writer.purchase(purchase, withLineTotal: false)
                if writer.pendingCount >= chunkSize { try writer.drain(output) }
            }
            writer.endArray()
        }
        writer.key(static: "stores")
        writer.beginArray()
        for store in list.storesInNameOrder { write(store, to: &writer) }
        writer.endArray()
        writer.key(static: "version")
        writer.int(supportedVersion)
        writer.endObject()
        writer.appendNewline()
        try writer.drain(output)
    }

    /// The positions of `items` in name order (rule 7), then id: the order of `ShoppingList.nameOrder`,
    /// without copying the items into a sorted array.
    static func namePositions(_ items: [Item]) -> [Int] {
        NameOrder.SortKeys(items.lazy.map(\.name)).sortedPositions { items[$0].id < items[$1].id }
    }

    /// Items by name (rule 7), then id: the order of `ShoppingList.nameOrder`.
    static func itemsInNameOrder(_ list: ShoppingList) -> [Item] {
        let items = list.items
        return namePositions(items).map { items[$0] }
    }

    private static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.beginObject()
        if let date = item.dateLastPurchased {
            writer.key(static: "dateLastPurchased")
            writer.date(date)
        }
        if item.learnsEvery {
            writer.key(static: "every")
            writer.string("auto")
        } else if let every = item.every {
            writer.key(static: "every")
            writer.int(every)
        }
        writer.key(static: "id")
        writer.uuid(item.id.uuid)
        writer.key(static: "isAvailable")
        writer.bool(item.isAvailable)
        writer.key(static: "locationId")
        writer.uuid(item.locationID.uuid)
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
        writer.uuid(location.id.uuid)
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
        writer.uuid(store.id.uuid)
        writer.key(static: "locationIds")
        writer.beginArray()
        for id in store.locationIDs { writer.uuid(id.uuid) }
        writer.endArray()
        stamp(store.modifiedAt, to: &writer)
        writer.key(static: "name")
        writer.string(store.name)
        writer.endObject()
    }

    /// The `modifiedAt` member, a map from field name to time in field-name order, left out when the
    /// record has no stamp.
    private static func stamp(_ stamps: FieldStamps, to writer: inout JSONWriter) {
        guard !stamps.isEmpty else { return }
        writer.key(static: "modifiedAt")
        writer.beginObject()
        for (field, date) in stamps.entries {
            writer.key(field)
            writer.stamp(date)
        }
        writer.endObject()
    }
}
