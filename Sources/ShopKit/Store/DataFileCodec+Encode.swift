/// Writing the data file format: see ``DataFileCodec``.
extension DataFileCodec {
    /// Encodes a list as a complete data file, ending with a newline.
    static func encode(_ list: ShoppingList) -> [UInt8] {
        // About 400 bytes per item; reserving avoids repeated growth of a large buffer.
        var writer = JSONWriter(pretty: true, capacity: 1024 + list.itemCount * 400)
        writer.beginObject()
        writer.key("items")
        writer.beginArray()
        for item in list.nameOrder(list.items) { write(item, to: &writer) }
        writer.endArray()
        writer.key("locations")
        writer.beginArray()
        for location in list.locationsInVisitationOrder { write(location, to: &writer) }
        writer.endArray()
        writer.key("timer")
        writer.beginObject()
        writer.key("accumulatedSeconds")
        writer.int(list.timer.accumulatedSeconds)
        if let startedAt = list.timer.startedAt {
            writer.key("startedAt")
            writer.quotedRaw { TimestampText.append(startedAt, to: &$0) }
        }
        writer.endObject()
        writer.key("version")
        writer.int(supportedVersion)
        writer.endObject()
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    private static func write(_ item: Item, to writer: inout JSONWriter) {
        writer.beginObject()
        if let date = item.dateLastPurchased {
            writer.key("dateLastPurchased")
            writer.quotedRaw { TimestampText.append(date, to: &$0) }
        }
        if let every = item.every {
            writer.key("every")
            writer.int(every)
        }
        writer.key("id")
        writer.quotedRaw { UUIDText.append(item.id.uuid, to: &$0) }
        writer.key("isAvailable")
        writer.bool(item.isAvailable)
        writer.key("locationId")
        writer.quotedRaw { UUIDText.append(item.locationID.uuid, to: &$0) }
        writer.key("name")
        writer.string(item.name)
        if let note = item.note {
            writer.key("note")
            writer.string(note)
        }
        writer.key("onList")
        writer.bool(item.onList)
        if let price = item.price {
            writer.key("price")
            writer.number(raw: price.jsonNumber)
        }
        writer.key("quantity")
        writer.int(item.quantity)
        writer.key("starred")
        writer.bool(item.starred)
        writer.endObject()
    }

    private static func write(_ location: Location, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("color")
        writer.string(location.color.hex)
        writer.key("id")
        writer.quotedRaw { UUIDText.append(location.id.uuid, to: &$0) }
        writer.key("isUnknown")
        writer.bool(location.isUnknown)
        writer.key("name")
        writer.string(location.name)
        writer.key("visitationOrder")
        writer.int(location.visitationOrder)
        writer.endObject()
    }
}
