#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files given to `shop import` into one ``ImportBatch``.
///
/// Each path is a `shop export` file (a JSON object), a ShoppingList14 `items.json`/`shoppingItems.json`
/// or `locations.json` (a JSON array, told apart by its records' keys, or by the file name when empty), or
/// a folder holding ShoppingList14 files.
public enum ImportReader {
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
        var itemValues: [(JSONValue, String)] = []
        var exports = 0
        for file in files {
            guard let bytes = try POSIXFile.read(file) else {
                throw .cannotRead(path: file, reason: POSIXFile.describe(ENOENT))
            }
            let value: JSONValue
            do {
                value = try JSONValue.parse(bytes)
            } catch {
                throw .corruptFile(path: file, detail: error.description)
            }
            switch value {
            case .object:
                let list = try DataFileStore.decode(bytes, path: file)
                exports += 1
                add(list, to: &batch)
            case .array(let records):
                switch try kind(of: records, path: file) {
                case .locations: try ShoppingList14Format.readLocations(value, path: file, into: &batch)
                case .items: itemValues.append((value, file))
                }
            default:
                throw .corruptFile(path: file, detail: "unknown shape: expected a shop export (an object) or a ShoppingList14 array")
            }
        }
        // Items after every location file, so that the order of the paths does not matter.
        for (value, file) in itemValues { try ShoppingList14Format.readItems(value, path: file, into: &batch) }
        if files.count != 1 || exports != 1 { batch.wholeExport = nil }
        return batch
    }

    private enum ArrayKind { case items, locations }

    private static func kind(of records: [JSONValue], path: String) throws(ShopError) -> ArrayKind {
        if let first = records.first?.object {
            if first["visitationOrder"] != nil { return .locations }
            if first["locationName"] != nil || first["onList"] != nil { return .items }
        } else if records.isEmpty {
            let name = POSIXFile.baseName(of: path)
            if name == ShoppingList14Format.locationFileName { return .locations }
            if ShoppingList14Format.itemFileNames.contains(name) { return .items }
        }
        throw .corruptFile(
            path: path,
            detail: "unknown shape: expected ShoppingList14 items (with \"locationName\") or locations (with \"visitationOrder\")")
    }

    /// Adds a whole export: every location and item with ids, dates and every field.
    private static func add(_ list: ShoppingList, to batch: inout ImportBatch) {
        batch.wholeExport = batch.wholeExport == nil && batch.locations.isEmpty && batch.items.isEmpty ? list : nil
        batch.unknownLocation = list.unknownLocation
        batch.timer = list.timer
        for location in list.locationsInVisitationOrder where !location.isUnknown {
            batch.add(ImportBatch.IncomingLocation(
                id: location.id, name: location.name, visitationOrder: location.visitationOrder, color: location.color))
        }
        for store in list.storesInNameOrder {
            batch.add(ImportBatch.IncomingStore(
                id: store.id, name: store.name, locationNames: store.locationIDs.compactMap { list.location($0)?.name }))
        }
        for item in DataFileCodec.itemsInNameOrder(list) {
            let location = list.location(of: item)
            batch.add(ImportBatch.IncomingItem(
                item: item, place: location.isUnknown ? .unknown : .named(location.name), full: true))
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
