#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one type that reads and writes the data file (SPEC section 5).
///
/// Reads take no lock: writes replace the file by renaming, so a reader sees the old file or the new one.
/// Changes go through ``update(_:beforeWrite:)``: lock, read, change, write, unlock.
public struct DataFileStore: Sendable {
    /// The data file as the user named it (reported in errors).
    public let path: String
    /// Seconds to wait for another process's lock before giving up with ``ShopError/busy(lockPath:waitedSeconds:)``.
    public let lockTimeout: Double

    /// When set, every change is recorded in the undo history under this description ("buy milk, eggs").
    public var undoDescription: String?
    /// The time stamped on the records a change touches (`modifiedAt`).
    public var clock: @Sendable () -> Date

    /// A store for the data file at `path`; nothing is touched until it is used.
    /// - Parameter undoDescription: names the changes made through this store in the undo history;
    ///   `nil` records nothing.
    ///   - clock: the time of each change, stamped on the records it touches.
    public init(
        path: String, lockTimeout: Double = 10, undoDescription: String? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.undoDescription = undoDescription
        self.clock = clock
    }

    /// The file that is actually read and replaced: `path` with symbolic links followed.
    public var resolvedPath: String { POSIXFile.resolvingSymlinks(path) }

    /// The lock file, beside the resolved data file, so every path that leads to the same data file
    /// (through links or not) takes the same lock.
    public var lockPath: String { resolvedPath + ".lock" }

    /// Whether the data file exists.
    public var exists: Bool { POSIXFile.exists(path) }

    /// The data file's bytes as stored, or `nil` when it does not exist.
    /// - Throws: ``ShopError/cannotRead(path:reason:)``.
    public func readRawBytes() throws(ShopError) -> [UInt8]? {
        try POSIXFile.read(path)
    }

    /// Reads the list. A missing file is an empty list; nothing is ever created by reading.
    /// - Throws: ``ShopError/cannotRead(path:reason:)``, ``ShopError/corruptFile(path:detail:)`` or
    ///   ``ShopError/newerVersion(path:found:supported:)``.
    public func load() throws(ShopError) -> ShoppingList {
        guard let bytes = try readRawBytes() else { return ShoppingList() }
        return try DataFileCodec.decode(bytes, path: path)
    }

    /// Changes the list atomically: takes the lock, reads the file, applies `body` to a copy, and writes
    /// the result only if the list changed. If anything throws, nothing is written.
    ///
    /// The first change creates the folder (mode 0700) and the file (0600). The lock file, beside the data
    /// file, is created on first use and left in place.
    /// - Parameters:
    ///   - body: the change; its result is returned.
    ///   - beforeWrite: called under the lock when the list changed, with the lists before and after, just
    ///     before the new file replaces the old one (where an undo journal records the step). Throwing
    ///     cancels the update.
    /// - Throws: what `body` or `beforeWrite` throw, or the errors of ``load()``, plus
    ///   ``ShopError/busy(lockPath:waitedSeconds:)`` and ``ShopError/cannotWrite(path:reason:)``.
    public func update<Result>(
        _ body: (inout ShoppingList) throws(ShopError) -> Result,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)? = nil
    ) throws(ShopError) -> Result {
        let target = resolvedPath
        if !POSIXFile.exists(target) {
            // Nothing exists yet: try the change on an empty list first, so a command that fails (an unknown
            // name, a bad value) leaves no folder or lock file behind. An empty list costs nothing to copy.
            var trial = ShoppingList()
            _ = try body(&trial)
        }
        // The lock file lives in the data folder, so that folder must exist before the lock can be taken.
        try POSIXFile.makeDirectories(POSIXFile.parent(of: target))
        return try FileLock.withExclusiveLock(at: target + ".lock", timeout: lockTimeout) { () throws(ShopError) in
            // Under the lock no other writer is mid-write, so temporaries of dead processes are safe to remove.
            AtomicFile.removeStaleTemporaries(beside: target)
            let before = try load()
            var after = before
            let result = try body(&after)
            if after != before {
                after.stampChanges(since: before, at: clock())
                try beforeWrite?(before, after)
                let bytes = DataFileCodec.encode(after)
                if let undoDescription {
                    // Recorded before the data file is replaced: see UndoJournal for why that order is safe.
                    UndoJournal(dataFile: target).record(
                        description: undoDescription, after: bytes, before: { DataFileCodec.encode(before) })
                }
                try AtomicFile.write(bytes, to: path)
            }
            return result
        }
    }

    /// Replaces the whole list (for `sample --force` and `import --replace`), under the lock.
    public func save(_ list: ShoppingList) throws(ShopError) {
        try update { (stored: inout ShoppingList) throws(ShopError) in stored = list }
    }

    // MARK: - The format, for import and export

    /// The bytes of `list` in the data file format (what `export --format json` prints).
    public static func encode(_ list: ShoppingList) -> [UInt8] {
        DataFileCodec.encode(list)
    }

    /// Reads bytes in the data file format (an export being imported); `path` is named in errors.
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` or ``ShopError/newerVersion(path:found:supported:)``.
    public static func decode(_ bytes: [UInt8], path: String) throws(ShopError) -> ShoppingList {
        try DataFileCodec.decode(bytes, path: path)
    }
}
