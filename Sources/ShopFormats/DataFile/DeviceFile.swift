import ShopJSON
import ShopModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The device file, `<data file>.device` beside the data file (like the lock and the undo folder), which
/// `sync init` keeps out of git. A small JSON object in the data file's style:
///
/// ```json
/// {
///   "currentStoreId" : "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
///   "deviceName" : "kitchen tablet",
///   "timer" : {
///     "accumulatedSeconds" : 0,
///     "startedAt" : "2026-11-22T10:00:00Z"
///   },
///   "version" : 1
/// }
/// ```
///
/// Written atomically under the data file's lock, mode 0600, never through a symbolic link. A damaged file
/// is reported and read as "nothing chosen", and never written over: a change to it fails naming it.
struct DeviceFile: Sendable {
    /// The format version of the device file (its own, independent of the data file's).
    static let version = 1

    /// What reading found.
    enum Reading: Equatable {
        /// No device file yet: nothing chosen on this device.
        case missing
        case state(DeviceState)
        /// The file is not a device file this `shop` can read; the error names it and what is wrong.
        case damaged(ShopError)

        /// What the device holds, a damaged file read as nothing chosen.
        var state: DeviceState? {
            if case .state(let state) = self { return state }
            return nil
        }

        /// The state a list read with this device file takes: a damaged file counts as nothing chosen; a
        /// missing one keeps `listed`, what the data file held (an older data file's, until its first write
        /// hands them over).
        func state(over listed: DeviceState) -> DeviceState {
            switch self {
            case .missing: listed
            case .state(let read): read
            case .damaged: DeviceState()
            }
        }
    }

    let path: String
    /// What this value last read or wrote there, when it ``remembers``: one command reads the file once
    /// (issue 37), and the warning about a damaged file after a change reads what the change read.
    private let lastRead = LastReading()
    /// Whether reads give what was last read or written (a file value made for one command); otherwise
    /// every read reads the file (a store that lives longer: `shop serve`, a library user).
    let remembers: Bool

    /// A box for ``lastRead``: the file value is copied, what it read is shared.
    private final class LastReading: Sendable {
        let reading = Mutex<Reading?>(nil)

        func withLock<Result>(_ body: (inout Reading?) -> Result) -> Result { reading.withLock { body(&$0) } }
    }

    /// The device file of the data file whose links are already followed (`resolvedPath`).
    init(dataFile resolvedPath: String, remembering: Bool = false) {
        path = SiblingFile.device.path(beside: resolvedPath)
        remembers = remembering
    }

    /// Reads the device file, or gives what this value last read or wrote there; `again` reads the file
    /// itself whatever was read before (a change, under the lock, reads what is there now).
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` when it is a symbolic link or cannot be read.
    func read(again: Bool = false) throws(ShopError) -> Reading {
        if remembers, !again, let known = lastRead.withLock({ $0 }) { return known }
        let reading = try readFile()
        lastRead.withLock { $0 = reading }
        return reading
    }

    private func readFile() throws(ShopError) -> Reading {
        guard let bytes = try rawBytes() else { return .missing }
        let outcome: Result<DataFileDecoder.Contents, JSONScanFailure> = bytes.withUnsafeBufferPointer { buffer in
            var decoder = DataFileDecoder(buffer)
            do throws(JSONScanFailure) {
                return .success(try decoder.decode())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .failure(let failure):
            let (line, column) = bytes.withUnsafeBufferPointer { JSONParseError.position(of: failure.offset, in: $0) }
            return .damaged(damaged("line \(line), column \(column): \(failure.message)"))
        case .success(let contents):
            guard let version = contents.version else {
                return .damaged(damaged("missing \"version\"; is this a shop device file?"))
            }
            guard version == Self.version else {
                return .damaged(.newerVersion(path: path, found: version, supported: Self.version))
            }
            guard contents.items.isEmpty, contents.locations.isEmpty, contents.stores.isEmpty, contents.lists.isEmpty,
                contents.learned.isEmpty
            else {
                return .damaged(damaged("a device file holds no items, locations or stores"))
            }
            var name = contents.deviceName
            if let given = name {
                // Only `shop device name` writes it, checked by rule 1; anything else was edited by hand.
                guard let checked = try? Validation.name(given, kind: .device), checked == given else {
                    return .damaged(damaged("\"deviceName\" is not a valid name (rule 1)"))
                }
                name = checked
            }
            return .state(
                DeviceState(
                    currentStoreID: contents.currentStoreID, timer: contents.timer, name: name,
                    currentListID: contents.currentListID))
        }
    }

    /// The damage, with what the file is for: it holds nothing shared, so removing it loses little.
    private func damaged(_ detail: String) -> ShopError {
        .corruptFile(
            path: path,
            detail: detail
                + " (this file holds only this device's name, current store and timer; remove it to start afresh)")
    }

    /// Replaces the device file with `state`, atomically, mode 0600.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)`` when it is a symbolic link or cannot be written.
    func write(_ state: DeviceState) throws(ShopError) {
        try refuseLink(writing: true)
        // Replaced, never written through: a link that appeared since the check is not followed either.
        lastRead.withLock { $0 = nil }
        try AtomicFile.writeOwnFile(Self.encode(state), to: path)
        lastRead.withLock { $0 = .state(state) }
    }

    /// Puts `bytes` back as the device file (an undo), atomically, never through a link.
    func writeBytes(_ bytes: [UInt8]) throws(ShopError) {
        try refuseLink(writing: true)
        lastRead.withLock { $0 = nil }
        try AtomicFile.writeOwnFile(bytes, to: path)
    }

    /// The file's text for `state`.
    static func encode(_ state: DeviceState) -> [UInt8] {
        var writer = JSONWriter(pretty: true, escapingInvisibles: false, capacity: 256)
        writer.beginObject()
        let layout = FileKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .currentListId:
                guard let current = state.currentListID else { continue }
                writer.key(position, of: layout.members)
                writer.uuid(current.uuid)
            case .currentStoreId:
                guard let current = state.currentStoreID else { continue }
                writer.key(position, of: layout.members)
                writer.uuid(current.uuid)
            case .deviceName:
                guard let name = state.name else { continue }
                writer.key(position, of: layout.members)
                writer.string(name)
            // The data file's members, never the device file's.
            case .items, .learnedWords, .lists, .locations, .purchaseLog, .purchases, .recipeNeeds, .recipes, .stores:
                continue
            case .timer:
                writer.key(position, of: layout.members)
                write(state.timer, to: &writer)
            case .version:
                writer.key(position, of: layout.members)
                writer.int(version)
            }
        }
        writer.endObject()
        writer.appendNewline()
        var bytes: [UInt8] = []
        writer.drain { (text: UnsafeBufferPointer<UInt8>) throws(Never) in bytes += text }
        return bytes
    }

    private static func write(_ timer: StoreTimer, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = TimerKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .accumulatedSeconds:
                writer.key(position, of: layout.members)
                writer.int(timer.accumulatedSeconds)
            case .modifiedAt: continue  // version 2 data files only
            case .startedAt:
                guard let startedAt = timer.startedAt else { continue }
                writer.key(position, of: layout.members)
                writer.date(startedAt)
            }
        }
        writer.endObject()
    }

    /// The file's bytes as they are (the undo history's snapshot of it), opened with `O_NOFOLLOW` so that a link put
    /// there is never read through; `nil` when there is no file. A device file is a few hundred bytes.
    func rawBytes() throws(ShopError) -> [UInt8]? {
        // O_NONBLOCK: a FIFO here must be refused, not waited on for a writer that never comes.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP { try refuseLink() }
            throw .cannotRead(path: path, reason: POSIXFile.describe(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, reason: POSIXFile.describe(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .cannotRead(path: path, reason: POSIXFile.notRegularReason)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: POSIXFile.describe(errno))
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            // Anything this large is not a device file; reading on would only cost memory.
            if bytes.count > 1 << 20 { return bytes }
        }
    }

    /// `shop` never reads or writes its own files through a link (SPEC section 8.1): exit 74 naming it.
    private func refuseLink(writing: Bool = false) throws(ShopError) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return }
        let reason = "it is a symbolic link; shop keeps this device's own file here and never follows a link"
        throw writing ? .cannotWrite(path: path, reason: reason) : .cannotRead(path: path, reason: reason)
    }
}
