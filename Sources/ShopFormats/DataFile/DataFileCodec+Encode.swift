import ShopJSON
import ShopModel

/// Writing the data file format: see ``DataFileCodec``.
extension DataFileCodec {
    /// Encodes a list as a complete data file, ending with a newline.
    /// - Parameters:
    ///   - marker: the state of the purchase log beside the file, which the file names (SPEC section 10).
    ///   - inlineLog: an export's log, written inline in place of the marker.
    static func encode(_ list: ShoppingList, marker: PurchaseLogMarker? = nil, inlineLog: PurchaseLog? = nil)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        encode(list, marker: marker, inlineLog: inlineLog, chunkSize: .max) {
            (text: UnsafeBufferPointer<UInt8>) throws(Never) in bytes = Array(text)
        }
        return bytes
    }

    /// The one writer of a data file: streams `list`'s text (in 64 KiB pieces, so a 100,000-item file is
    /// never whole in memory) into a temporary file beside `path`, flushes it, hands `beforeReplacing` the
    /// temporary file's path and the text's hash (where `sync` gives the file to git and the store records
    /// the undo step), then renames it over `path`. Throwing there leaves `path` as it was.
    package static func replace(
        _ path: String, resolved: String? = nil, with list: ShoppingList, marker: PurchaseLogMarker?,
        beforeReplacing: ((_ temporary: String, _ hash: UInt64) throws(ShopError) -> Void)? = nil
    ) throws(ShopError) {
        let file = try AtomicFile(replacing: path, resolved: resolved)
        var hash = UndoJournal.Hash()
        let hashing = beforeReplacing != nil
        try encode(list, marker: marker, chunkSize: 1 << 16) { (piece) throws(ShopError) in
            if hashing { hash.combine(piece) }
            try file.write(piece)
        }
        try file.flush()
        try beforeReplacing?(file.temporaryPath, hash.value)
        try file.commit()
    }

    /// Encodes a list as a complete data file, handing the text to `output` in pieces of about `chunkSize` bytes
    /// (whole records; one piece when it is `.max`), so that the whole text of a large list is never in memory.
    static func encode<Failure: Error>(
        _ list: ShoppingList, marker: PurchaseLogMarker?, inlineLog: PurchaseLog? = nil, chunkSize: Int,
        to output: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        // About 330 bytes per item; reserving avoids repeated growth of a large buffer.
        var writer = JSONWriter(
            pretty: true, escapingInvisibles: false, capacity: min(chunkSize, 4096 + list.itemCount * 400))
        writer.beginObject()
        let layout = FileKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            // The current store, the timer and the device's name are the device's own: see ``DeviceFile``.
            case .currentListId, .currentStoreId, .deviceName, .timer: continue
            case .items:
                writer.key(position, of: layout.members)
                writer.beginArray()
                let items = list.items
                for itemPosition in ShoppingList.namePositions(items) {
                    write(items[itemPosition], to: &writer)
                    if writer.pendingCount >= chunkSize { try writer.drain(output) }
                }
                writer.endArray()
            case .learnedWords:
                // A file with no learned word has no key, so an older shop's file is written as before (SPEC 21).
                let learned = list.learnedPlaces
                guard !learned.isEmpty else { continue }
                write(learned.sorted { ($0.word, $0.id) < ($1.word, $1.id) }, position, of: layout.members, to: &writer)
            case .lists:
                // A file of `Groceries` alone, untouched, is written as before lists existed (SPEC section 22).
                let lists = list.listsInNameOrder
                guard lists.count > 1 || !lists[0].isUntouchedGroceries else { continue }
                write(lists, position, of: layout.members, to: &writer)
            case .locations: write(list.locationsInVisitationOrder, position, of: layout.members, to: &writer)
            case .purchaseLog:
                // The marker names the state of the log beside the file: an export carries the purchases instead.
                guard inlineLog == nil, let marker else { continue }
                writer.key(position, of: layout.members)
                write(marker.shared, to: &writer)
            case .purchases:
                // An export carries the log inline; the data file never does (it lives beside it).
                guard let inlineLog else { continue }
                writer.key(position, of: layout.members)
                writer.beginArray()
                for purchase in inlineLog.purchases {
                    writer.purchase(purchase, withLineTotal: false)
                    if writer.pendingCount >= chunkSize { try writer.drain(output) }
                }
                // The stock entries are log lines too (SPEC section 18), after the purchases.
                for entry in inlineLog.stockEntries { writer.stockEntry(entry) }
                writer.endArray()
            case .recipeNeeds:
                // By recipe in name order, then as the list keeps them; left out when no recipe is on the list.
                let recipes = list.recipesInNameOrder
                guard !recipes.isEmpty else { continue }
                let needs = list.needsByRecipe()
                write(recipes.lazy.flatMap { needs[$0.id] ?? [] }, position, of: layout.members, to: &writer)
            case .recipes:
                // In name order, left out when there are none.
                let recipes = list.recipesInNameOrder
                guard !recipes.isEmpty else { continue }
                write(recipes, position, of: layout.members, to: &writer)
            case .stores: write(list.storesInNameOrder, position, of: layout.members, to: &writer)
            case .version:
                writer.key(position, of: layout.members)
                writer.int(supportedVersion)
            }
        }
        writer.endObject()
        writer.appendNewline()
        try writer.drain(output)
    }

    /// The member at `position`, an array of `records` in the order given.
    private static func write<Records: Sequence>(
        _ records: Records, _ position: Int, of members: JSONMemberLayout, to writer: inout JSONWriter
    ) where Records.Element: CodedRecord {
        writer.key(position, of: members)
        writer.beginArray()
        for record in records { write(record, to: &writer) }
        writer.endArray()
    }

    /// `{"digest", "length"}`: nothing of one device (SPEC 23). A marker read from a file of version 8 or older, whose
    /// log has not changed since, has no digest yet and is written as it was read (`{"check", "inode", "length"}`).
    private static func write(_ marker: PurchaseLogMarker, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = LogMarkerKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .check:
                guard marker.digest == nil, let check = marker.check else { continue }
                writer.key(position, of: layout.members)
                writer.string(String(check, radix: 16))
            case .digest:
                guard let digest = marker.digest else { continue }
                writer.key(position, of: layout.members)
                writer.string(String(digest, radix: 16))
            case .inode:
                guard marker.digest == nil, let inode = marker.inode else { continue }
                writer.key(position, of: layout.members)
                writer.int(Int(truncatingIfNeeded: inode))
            case .length:
                writer.key(position, of: layout.members)
                writer.int(marker.length)
            }
        }
        writer.endObject()
    }

    /// The `modifiedAt` member, a map from field name to time in field-name order, left out without a stamp.
    /// - Parameter fields: the record's stamped fields in name order (``RecordCodec/stampLayout``), whose keys are
    ///   copied as bytes; a stamp of any other name (none that shop sets) is written the general way.
    static func stamp(
        _ stamps: FieldStamps, _ position: Int, of layout: JSONMemberLayout, fields: JSONMemberLayout,
        to writer: inout JSONWriter
    ) {
        guard !stamps.isEmpty else { return }
        writer.key(position, of: layout)
        writer.beginObject()
        // Both are in name order, so one walk through the fields finds every stamp's.
        var next = 0
        for (field, date) in stamps.entries {
            var index = next
            while index < fields.names.count, fields.names[index] != field { index += 1 }
            if index < fields.names.count {
                writer.key(index, of: fields)
                next = index + 1
            } else {
                writer.key(field)
            }
            writer.stamp(date)
        }
        writer.endObject()
    }
}
