import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The undo history of one data file, in the folder `<data file>.undo` beside it.
///
/// Each step is one data-changing command: its description and a snapshot of the data file on the other
/// side of the step (for an undo step, the file before the command; for a redo step, the file before the
/// undo), plus a hash of the file the step expects to find. Snapshots are whole data files in the data
/// file's own format, one file per step; `index.json` lists the steps. At most ``maximumSteps`` undo steps
/// are kept (the oldest are dropped), so the history is bounded by 20 copies of the data file.
///
/// The journal is only ever touched under the data file's lock. It is written before the data file, so a crash between
/// the two leaves a step whose "after" never landed; undo recognises that (the data file still matches the step's
/// snapshot) and skips the step. A damaged journal never blocks a change: the next change starts a new history.
struct UndoJournal {
    /// The most undo steps kept.
    static let maximumSteps = 20

    struct Step: Equatable {
        /// Names the snapshot file, `<serial>.json`.
        var serial: Int
        /// The command, as `Undid: ...` will name it ("buy milk, eggs").
        var description: String
        /// The hash of the data file this step applies to (the file after the command, for undo).
        var expectedHash: UInt64
        /// The file the step changes: the data file, or the device file for `store use` and `timer` (SPEC
        /// 14: undoable steps, though the device file holds what they change). A device step's snapshot is
        /// the device file's bytes, empty when there was none; its hash is of the device file.
        var file: StepFile = .data
    }

    /// Which file a step changes.
    enum StepFile: String {
        case data, device
    }

    struct Index: Equatable {
        var undo: [Step] = []
        var redo: [Step] = []
        var nextSerial = 1
    }

    let dataFile: String
    let folder: String
    var indexPath: String { folder + "/index.json" }

    init(dataFile resolvedPath: String) {
        dataFile = resolvedPath
        folder = SiblingFile.undo.path(beside: resolvedPath)
    }

    func snapshotPath(_ step: Step) -> String { folder + "/\(step.serial).json" }

    /// Refuses a history that a link redirects (SPEC 8.1): the folder or its index being a symbolic link
    /// would make shop write wherever it points. Called before any change is written.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)`` (exit 74) naming the link.
    func refuseLinks() throws(ShopError) {
        try POSIXFile.refuseLink(folder)
        try POSIXFile.refuseLink(indexPath)
    }

    // MARK: - Recording changes

    /// Records a change of the data file to new bytes whose ``hash(_:)`` is `afterHash`; clears the redo
    /// steps. Failures are swallowed: the history is a convenience and must never stop a change.
    ///
    /// The snapshot of the file before the change is a hard link to the current data file: shop never
    /// writes a data file in place (it renames a new one over it), so the old inode stays exactly as it
    /// is, and the snapshot costs no copy. Where links are not possible, `before` supplies the bytes.
    func record(description: String, afterHash: UInt64, before: () -> [UInt8]) {
        record(description: description, afterHash: afterHash, file: .data) { (path) throws(ShopError) in
            try snapshotCurrentFile(to: path, orWrite: before)
        }
    }

    /// Records a step whose snapshot `snapshot` writes at the path it is given.
    private func record(
        description: String, afterHash: UInt64, file: StepFile, snapshot: (String) throws(ShopError) -> Void
    ) {
        do {
            try POSIXFile.makeDirectories(folder)
            var index: Index
            // One read answers both "is there an index" and "what does it say": no stat before it.
            if let existing = try? readIndexIfPresent() {
                index = existing
            } else {
                // The history starts again (it was damaged, or its index is gone): the old snapshots go
                // with it, or they would stay in the folder for good, unlisted and never cleaned up.
                removeSnapshots()
                index = Index()
            }
            let step = Step(serial: index.nextSerial, description: description, expectedHash: afterHash, file: file)
            // `snapshot` replaces whatever a crashed step left at this serial (a link after unlinking it, a
            // write by renaming over it), so nothing is unlinked here first.
            try snapshot(snapshotPath(step))
            index.nextSerial += 1
            var dropped = index.redo
            index.redo = []
            index.undo.append(step)
            if index.undo.count > Self.maximumSteps {
                dropped += index.undo.prefix(index.undo.count - Self.maximumSteps)
                index.undo.removeFirst(index.undo.count - Self.maximumSteps)
            }
            try writeIndex(index)
            for old in dropped { unlink(snapshotPath(old)) }
        } catch {
            // Leave no history that could mislead a later undo.
            unlink(indexPath)
        }
    }

    /// Records a change of the device file (`store use`, `timer`) from `before` (`nil`: there was none) to bytes
    /// whose hash is `afterHash`, as one step like any other; clears the redo steps. Failures are swallowed.
    func recordDevice(description: String, before: [UInt8]?, afterHash: UInt64) {
        record(description: description, afterHash: afterHash, file: .device) { (path) throws(ShopError) in
            try AtomicFile.write(before ?? [], to: path, followingLinks: false)
        }
    }

    /// Removes every snapshot file (`<serial>.json`) from the folder, whatever index listed it.
    func removeSnapshots() {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            let serial = name.dropLast(".json".count)
            if name.hasSuffix(".json"), !serial.isEmpty, serial.allSatisfy({ ("0"..."9").contains($0) }) {
                names.append(name)
            }
        }
        for name in names { unlink(folder + "/" + name) }
    }

    /// Makes `snapshot` hold the data file as it is now: a hard link when the file exists, else `bytes()`.
    func snapshotCurrentFile(to snapshot: String, orWrite bytes: () -> [UInt8]) throws(ShopError) {
        unlink(snapshot)
        if link(dataFile, snapshot) == 0 { return }
        try AtomicFile.write(bytes(), to: snapshot, followingLinks: false)
    }

    // MARK: - Index file

    /// Reads the index, `nil` when there is none: the open tells, so no stat of the index comes first.
    /// - Throws: ``ShopError/undoHistoryDamaged(path:detail:)`` when it cannot be parsed.
    func readIndexIfPresent() throws(ShopError) -> Index? {
        let bytes: [UInt8]?
        do { bytes = try POSIXFile.read(indexPath, followingLinks: false, expectingRegularFile: true) } catch {
            throw .undoHistoryDamaged(path: indexPath, detail: "\(error)")
        }
        guard let bytes else { return nil }
        let value: JSONValue
        do { value = try JSONValue.parse(bytes) } catch {
            throw .undoHistoryDamaged(path: indexPath, detail: error.description)
        }
        func steps(_ key: String) throws(ShopError) -> [Step] {
            guard let array = value[key]?.array else {
                throw .undoHistoryDamaged(path: indexPath, detail: "no \"\(key)\" list")
            }
            var steps: [Step] = []
            for entry in array {
                guard let serial = entry["serial"]?.int, let description = entry["description"]?.string,
                    let hashText = entry["expectedHash"]?.string, let hash = UInt64(hashText, radix: 16)
                else { throw .undoHistoryDamaged(path: indexPath, detail: "a step is incomplete") }
                let file = entry["file"].map { $0.string.flatMap(StepFile.init(rawValue:)) } ?? .data
                guard let file else {
                    throw .undoHistoryDamaged(path: indexPath, detail: "a step names an unknown file")
                }
                steps.append(Step(serial: serial, description: description, expectedHash: hash, file: file))
            }
            return steps
        }
        guard value["version"]?.int == 1, let next = value["nextSerial"]?.int else {
            throw .undoHistoryDamaged(path: indexPath, detail: "unknown version")
        }
        return Index(undo: try steps("undo"), redo: try steps("redo"), nextSerial: next)
    }

    func writeIndex(_ index: Index) throws(ShopError) {
        var writer = JSONWriter(pretty: true, compactEmptyContainers: true, escapingInvisibles: false)
        writer.beginObject()
        writer.key("nextSerial")
        writer.int(index.nextSerial)
        for (key, steps) in [("redo", index.redo), ("undo", index.undo)] {
            writer.key(key)
            writer.beginArray()
            for step in steps {
                writer.beginObject()
                writer.key("description")
                writer.string(step.description)
                writer.key("expectedHash")
                writer.string(String(step.expectedHash, radix: 16))
                if step.file != .data {
                    writer.key("file")
                    writer.string(step.file.rawValue)
                }
                writer.key("serial")
                writer.int(step.serial)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.key("version")
        writer.int(1)
        writer.endObject()
        // Every writer of the index holds the lock and has refused a link at the folder and at the index
        // (``refuseLinks()``), so the index is given as already resolved: no second look for a link. The
        // rename replaces the index itself in any case, never a file a link would point to.
        try AtomicFile.write(writer.bytes + [UInt8(ascii: "\n")], to: indexPath, resolved: indexPath)
    }

    /// FNV-1a, 64 bits: enough to tell "the file this step left" from any other state of it.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash = Hash()
        bytes.withUnsafeBufferPointer { hash.combine($0) }
        return hash.value
    }

    /// ``hash(_:)`` computed piece by piece, for a file written in pieces.
    struct Hash {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
            var hash = value
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            value = hash
        }
    }
}
