import ShopJSON

/// The keys of every record of shop's files, each declared once: a record's enum lists its keys in the order they are
/// written (sorted by their UTF-8 bytes, as Foundation's `.sortedKeys` sorts them); a case's raw value is the key's
/// text and the case is the field's identity. The writer walks the cases in order; the reader finds a key's case (by
/// its bytes when the member is laid out as the writer lays it out, see ``RecordLayout``). For an item, a location or
/// a store both then take the key's row (``FieldMember``); for the other records both switch on the case,
/// exhaustively, so a new case does not compile until both say how its value is written and read.
///
/// A record's enum is in its declaration under `Fields/`; this file keeps the machinery and the keys of the top level,
/// the log marker and the timer. See "Adding a key or a record" in ``DataFileCodec``.
package protocol DataFileKey: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    /// The keys laid out for the writer and the reader's fast path: `RecordLayout(depth: ...)`, the depth
    /// at which the writer writes the record.
    static var layout: RecordLayout<Self> { get }
    /// The key of the record's name, to label an error (`item "milk"`); `nil` (the default) for a record with none.
    static var nameKey: Self? { get }
}

extension DataFileKey {
    package static var nameKey: Self? { nil }

    /// ``nameKey``'s text.
    package static var nameKeyText: String? { nameKey?.rawValue }
}

/// A record's keys in written order with their bytes as the writer lays them out (``JSONMemberLayout``), built once.
///
/// The type asks nothing of `Key`; its initializer asks for ``DataFileKey``. A generic type that requires a protocol of
/// its parameter makes the Swift runtime search every conformance in the binary (about 150 k instructions) the first
/// time it builds the type's metadata, and every command builds several of these at start-up (`.bench/README.md`).
package final class RecordLayout<Key: Sendable>: Sendable {
    /// The keys in the order they are written; a key's position is its bit in ``KeySet``.
    package let keys: [Key]
    package let members: JSONMemberLayout

    /// - Parameter depth: where the writer writes the record: the file's top-level object is 1, an object in one of its
    ///   arrays 3 (see ``DataFileKeys``). Only the reader's fast path depends on it: a record written at another depth
    ///   is read the general way, and a test checks that shop's own files never are (`DataFileLayoutTests`).
    init(depth: Int) where Key: DataFileKey {
        keys = Key.allCases
        precondition(
            zip(keys, keys.dropFirst()).allSatisfy { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) },
            "\(Key.self): declare the keys in sorted order, the order they are written in")
        members = JSONMemberLayout(keys.map(\.rawValue), depth: depth)
        precondition(
            keys.indices.allSatisfy { Self.tag(keys[$0]) == $0 }, "\(Key.self): a case's tag is not its position")
    }

    /// The position of `key` in written order, with no search: a case's tag, which Swift numbers in declaration order
    /// (checked for every key when the layout is built).
    @inline(__always)
    package func position(of key: Key) -> Int {
        Self.tag(key)
    }

    private static func tag(_ key: Key) -> Int {
        withUnsafeBytes(of: key) { $0.isEmpty ? 0 : Int($0[0]) }
    }
}

extension JSONWriter {
    /// Writes a record's key from its layout (``RecordLayout``): the key is spelt only in its enum. Output
    /// objects (`--json`) name their keys this way too, so a data file key is never spelt again
    /// (`DataFileKeySpellingTests` checks).
    @inline(__always)
    package mutating func key<Key: DataFileKey>(_ key: Key) {
        self.key(key, in: Key.layout)
    }

    /// Writes a record's key from `layout`, which a writer of many keys (an item's `--json` object) takes once,
    /// sparing a lazy global's check and a retain per key.
    @inline(__always)
    mutating func key<Key: DataFileKey>(_ key: Key, in layout: RecordLayout<Key>) {
        self.key(layout.position(of: key), of: layout.members)
    }
}

/// Where the writer puts each kind of record, which only the reader's fast path needs to know.
enum DataFileKeys {
    /// The file's top-level object (the data file, an export, the device file).
    static let topLevelDepth = 1
    /// An object inside a member of the top level (the purchase log marker, a version 2 timer).
    static let memberObjectDepth = 2
    /// An element of an array of the top level: an item, a location, a store, an export's purchase.
    static let recordDepth = 3
}

/// The top level of the data file, of an export, and of the device file. `currentStoreId`, `timer` and `deviceName`
/// are written only to the device file (a version 1 or 2 data file with the first two is read with them).
package enum FileKey: String, DataFileKey {
    case currentListId, currentStoreId, deviceName, items, learnedWords, lists, locations, purchaseLog, purchases,
        recipeNeeds, recipes, stores, timer, version
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.topLevelDepth)
}

/// The data file's `purchaseLog` marker (``PurchaseLogMarker``): `digest` and `length` since version 9; `check`,
/// `inode` and `length` before.
package enum LogMarkerKey: String, DataFileKey {
    case check, digest, inode, length
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.memberObjectDepth)
}

/// The in-store timer of the device file (and of a version 1 or 2 data file, whose `modifiedAt` is read and dropped).
/// Public for `shop timer --json`.
public enum TimerKey: String, DataFileKey {
    case accumulatedSeconds, modifiedAt, startedAt
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.memberObjectDepth)
}
