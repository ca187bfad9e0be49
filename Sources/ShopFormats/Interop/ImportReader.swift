import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files given to `shop import` into one ``ImportBatch``.
///
/// Each path is a `shop export` file (a JSON object), a ShoppingList14 `items.json`/`shoppingItems.json`
/// or `locations.json` (a JSON array, told apart by its records' keys, or by the file name when empty), or
/// a folder holding ShoppingList14 files.
public enum ImportReader {
    /// The largest file imported: 64 MiB, six times an export of ten years of a household's purchases
    /// (30,000 of them: 10 MB), so that `shop import /dev/zero` is refused once that much is read (SPEC 20).
    public static let maximumSize = 64 << 20

    /// Reads every path into one batch; nothing is changed anywhere.
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` for a missing or unreadable path,
    ///   ``ShopError/corruptFile(path:detail:)`` for a file that is not JSON or has an unknown shape,
    ///   ``ShopError/newerVersion(path:found:supported:)`` for an export from a newer `shop`.
    public static func read(_ paths: [String]) throws(ShopError) -> ImportBatch {
        var files: [String] = []
        for path in paths {
            if isDirectory(path) {
                files += try filesInFolder(path)
            } else {
                files.append(path)
            }
        }
        var batch = ImportBatch()
        var itemFiles: [([UInt8], String)] = []
        var exports = 0
        var locationFiles = 0
        for file in files {
            // A FIFO is refused at once (SPEC 23): opened to read, it would wait for a writer forever.
            guard let bytes = try POSIXFile.read(file, limit: maximumSize, refusingPipes: true) else {
                throw .cannotRead(path: file, reason: POSIXFile.describe(ENOENT))
            }
            // Every file is checked in full before any record is read: a file that is not JSON is said so first.
            let top: TopLevel
            do {
                top = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
                    try JSONValue.check(buffer)
                    return TopLevel(buffer)
                }
            } catch {
                throw .corruptFile(path: file, detail: error.description)
            }
            switch top {
            case .object:
                let (list, log) = try DataFileStore.decode(bytes, path: file)
                exports += 1
                add(list, log: log, to: &batch)
            case .array(let isEmpty, let firstKeys):
                switch try kind(isEmpty: isEmpty, firstKeys: firstKeys, path: file) {
                case .locations:
                    locationFiles += 1
                    try ShoppingList14Format.readCheckedLocations(bytes, path: file, into: &batch)
                case .items: itemFiles.append((bytes, file))
                }
            case .other:
                throw .corruptFile(
                    path: file, detail: "unknown shape: expected a shop export (an object) or a ShoppingList14 array")
            }
        }
        // Items after every location file, so that the order of the paths does not matter.
        for (bytes, file) in itemFiles { try ShoppingList14Format.readCheckedItems(bytes, path: file, into: &batch) }
        if locationFiles == 0 && exports == 0 { batch.itemFilesWithoutLocations = itemFiles.map(\.1) }
        if files.count != 1 || exports != 1 { batch.wholeExport = nil }
        return batch
    }

    private enum ArrayKind { case items, locations }

    /// What a checked JSON text holds at its top level; for an array, whether it is empty and its first keys.
    private enum TopLevel {
        case object
        case array(isEmpty: Bool, firstKeys: Set<String>?)
        case other

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            var scanner = JSONScanner(buffer)
            do throws(JSONScanFailure) {
                switch try scanner.peekValue() {
                case UInt8(ascii: "{"): self = .object
                case UInt8(ascii: "["):
                    try scanner.beginArray()
                    var first = true
                    guard try scanner.nextElement(first: &first) else {
                        self = .array(isEmpty: true, firstKeys: nil)
                        return
                    }
                    guard try scanner.peekValue() == UInt8(ascii: "{") else {
                        self = .array(isEmpty: false, firstKeys: nil)
                        return
                    }
                    try scanner.beginObject()
                    var keys = Set<String>()
                    var firstKey = true
                    while let key = try scanner.nextKey(first: &firstKey) {
                        keys.insert(scanner.string(key))
                        try scanner.skipValue()
                    }
                    self = .array(isEmpty: false, firstKeys: keys)
                default: self = .other
                }
            } catch {
                self = .other  // cannot happen: the text was checked
            }
        }
    }

    private static func kind(isEmpty: Bool, firstKeys: Set<String>?, path: String) throws(ShopError) -> ArrayKind {
        if let first = firstKeys {
            if first.contains("visitationOrder") { return .locations }
            if first.contains("locationName") || first.contains("onList") { return .items }
        } else if isEmpty {
            let name = POSIXFile.baseName(of: path)
            if name == ShoppingList14Format.locationFileName { return .locations }
            if ShoppingList14Format.itemFileNames.contains(name) { return .items }
        }
        throw .corruptFile(
            path: path,
            detail:
                "unknown shape: expected ShoppingList14 items (with \"locationName\") or locations (with \"visitationOrder\")"
        )
    }

    /// Adds a whole export: every location and item with ids, dates and every field.
    private static func add(_ list: ShoppingList, log: PurchaseLog, to batch: inout ImportBatch) {
        batch.wholeExport = batch.wholeExport == nil && batch.locations.isEmpty && batch.items.isEmpty ? list : nil
        batch.unknownLocation = list.unknownLocation
        batch.purchases += log.purchases
        batch.stockEntries += log.stockEntries
        batch.recipes += list.recipesInNameOrder
        batch.recipeNeeds += list.recipeNeeds
        for location in list.locationsInVisitationOrder where !location.isUnknown {
            batch.add(
                ImportBatch.IncomingLocation(
                    id: location.id, name: location.name, visitationOrder: location.visitationOrder,
                    color: location.color))
        }
        for store in list.storesInNameOrder {
            batch.add(
                ImportBatch.IncomingStore(
                    id: store.id, name: store.name,
                    locationNames: store.locationIDs.compactMap { list.location($0)?.name }))
        }
        batch.lists += list.listsInNameOrder
        for item in list.nameOrder(list.items) {
            let location = list.location(of: item)
            batch.add(
                ImportBatch.IncomingItem(
                    item: item, place: location.isUnknown ? .unknown : .named(location.name), full: true,
                    list: list.namedList(item.listID)))
        }
    }

    private static func filesInFolder(_ folder: String) throws(ShopError) -> [String] {
        let itemFile = ShoppingList14Format.itemFileNames.map { folder + "/" + $0 }.first(where: POSIXFile.exists)
        let locationFile = folder + "/" + ShoppingList14Format.locationFileName
        let found = [locationFile].filter(POSIXFile.exists) + (itemFile.map { [$0] } ?? [])
        guard !found.isEmpty else {
            throw .cannotRead(path: folder, reason: "holds no items.json, shoppingItems.json or locations.json")
        }
        return found
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
