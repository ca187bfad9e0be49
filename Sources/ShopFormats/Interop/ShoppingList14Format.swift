import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#endif

/// The JSON files of the iOS app ShoppingList14 ("offload data"): `items.json` (called
/// `shoppingItems.json` by earlier versions) and `locations.json`, each a top-level array.
///
/// - item: `{name, onList, isAvailable, quantity, locationName}`
/// - location: `{name, visitationOrder, red, green, blue, opacity}`, colour components 0...1
///
/// The app never writes its Unknown Location; an item whose `locationName` is "Unknown Location" or names no location
/// belongs there. Reading is tolerant where the app's data can be (keys in any order, integers where doubles are
/// expected, names with surrounding spaces, which are trimmed; a missing key takes its default; a quantity outside
/// 1...``Amount/limit`` and a visitation order outside 1...100 are clamped into range) and strict about shape.
public enum ShoppingList14Format {
    /// The name the app gives its Unknown Location.
    public static let unknownLocationName = "Unknown Location"
    /// The item file names, newest first.
    public static let itemFileNames = ["items.json", "shoppingItems.json"]
    /// The location file name.
    public static let locationFileName = "locations.json"

    // MARK: - Writing

    /// The two files for `list`: items in name order, locations in visitation order without the Unknown
    /// Location; items there are written with the location name "Unknown Location".
    public static func encode(_ list: ShoppingList) -> (items: [UInt8], locations: [UInt8]) {
        var items = JSONWriter(pretty: true, compactEmptyContainers: true, capacity: list.itemCount * 160)
        items.beginArray()
        for item in list.nameOrder(list.items) {
            let location = list.location(of: item)
            items.beginObject()
            items.key(static: "name")
            items.string(item.name)
            items.key(static: "onList")
            items.bool(item.onList)
            items.key(static: "isAvailable")
            items.bool(item.isAvailable)
            items.key(static: "quantity")
            items.int(item.amount.wholeCountForExport.count)
            items.key(static: "locationName")
            items.string(location.isUnknown ? unknownLocationName : location.name)
            items.endObject()
        }
        items.endArray()
        items.appendNewline()

        var locations = JSONWriter(pretty: true, compactEmptyContainers: true)
        locations.beginArray()
        for location in list.locationsInVisitationOrder where !location.isUnknown {
            let unit = location.color.unitComponents
            locations.beginObject()
            locations.key(static: "name")
            locations.string(location.name)
            locations.key(static: "visitationOrder")
            locations.int(location.visitationOrder)
            for (key, component) in [
                ("red", unit.red), ("green", unit.green), ("blue", unit.blue), ("opacity", unit.alpha),
            ] {
                locations.key(key)
                locations.number(raw: "\(component)")
            }
            locations.endObject()
        }
        locations.endArray()
        locations.appendNewline()
        return (items.bytes, locations.bytes)
    }

    /// Writes `items.json` and `locations.json` into `folder`, creating it (mode 0700) if missing; each file
    /// is replaced atomically.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)``.
    public static func write(_ list: ShoppingList, toFolder folder: String) throws(ShopError) {
        try POSIXFile.makeDirectories(folder)
        let files = encode(list)
        try AtomicFile.write(files.locations, to: folder + "/" + locationFileName)
        try AtomicFile.write(files.items, to: folder + "/" + itemFileNames[0])
    }
}

/// Writes export files.
public enum ExportFile {
    /// Replaces the file at `path` atomically with `bytes` (a new file gets mode 0600). Something at `path` that is not
    /// a regular file (a FIFO, `/dev/stdout`, a device node) is written into, as a shell redirect would (SPEC 20):
    /// replacing it with a file broke the pipe a script was reading from, and as root replaced `/dev/full`.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)``.
    public static func write(_ bytes: [UInt8], to path: String) throws(ShopError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            try POSIXFile.writeInto(path, bytes)
            return
        }
        try AtomicFile.write(bytes, to: path)
    }
}
