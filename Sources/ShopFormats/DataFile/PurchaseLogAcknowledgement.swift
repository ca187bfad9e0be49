import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state of the purchase log that the last completed step acknowledged, kept on this device in the
/// data file's lock file (one line: `purchases <length> <check> <inode> <digest>`, `-` for a part not known,
/// the digest in hexadecimal; a shop from before the digest wrote the first four; the lock file never travels
/// and no other content is ever in it). It also holds what only this device knows of the marker the data file
/// names (the check and the inode: see ``PurchaseLogMarker``).
///
/// Why it exists: the data file's ``PurchaseLogMarker`` alone cannot tell log bytes past it that no step ever completed
/// (a `buy` killed between its log write and its data write, a full disk) from purchases that were acknowledged and
/// whose data file was then replaced by an older one (`cp backup.json shop.json`): both are bytes past the marker of
/// the file as it is now. The first must not count (the command failed, rule 8), the second must never be lost. So
/// after the data file naming a new log state is in place, the step writes that state here too: bytes past the data
/// file's marker but within this one belong to a step that completed, and are kept.
///
/// Written after the data file's rename and not flushed: a crash that loses it loses nothing, since the data file just
/// written names the same state. Only `undo` and `redo` move it back, on purpose, to the marker of the file they put
/// back. A value that does not match the log file (another inode, a shorter file, other bytes) is ignored.
package enum PurchaseLogAcknowledgement {
    private static let keyword = "purchases"

    /// The second line's keyword: the log state a `sync` last found on the remote (``readTravelled(lockPath:)``).
    private static let travelledKeyword = "travelled"

    /// The acknowledged state recorded in the lock file at `lockPath`, or `nil` (none, or unreadable).
    static func read(lockPath: String) -> PurchaseLogMarker? {
        lines(lockPath)[keyword]
    }

    /// How much of the log has travelled: the log's state when a `sync` last left this device level with
    /// the remote. `undo` never takes back what lies within it (SPEC 16: once a sync has sent a purchase
    /// or an `unbuy`, it belongs to the household, and only `unbuy` removes it). A second line of the
    /// lock file, `travelled <length> <check> <inode>`; a shop from before it keeps the first line only.
    package static func readTravelled(lockPath: String) -> PurchaseLogMarker? {
        lines(lockPath)[travelledKeyword]
    }

    /// Records the log's state as travelled (a `sync` left this device level with the remote).
    package static func writeTravelled(_ marker: PurchaseLogMarker?, lockPath: String) {
        store(marker, as: travelledKeyword, lockPath: lockPath)
    }

    /// Every line of the lock file, by keyword (at most 256 bytes are read: two short lines).
    private static func lines(_ lockPath: String) -> [String: PurchaseLogMarker] {
        guard let file = LockFileAccess(lockPath, O_RDONLY) else { return [:] }
        defer { file.release() }
        let descriptor = file.descriptor
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return [:] }
        var markers: [String: PurchaseLogMarker] = [:]
        for line in buffer[..<count].split(separator: UInt8(ascii: "\n")) {
            let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
            guard fields.count == 4 || fields.count == 5, let length = Int(fields[1]), length >= 0 else { continue }
            let check = UInt64(fields[2])
            let inode = UInt64(fields[3])
            let digest = fields.count == 5 ? UInt64(fields[4], radix: 16) : nil
            guard (check != nil && inode != nil) || digest != nil else { continue }
            markers[String(fields[0])] = PurchaseLogMarker(length: length, digest: digest, check: check, inode: inode)
        }
        return markers
    }

    /// Records `marker` as acknowledged (`nil`: nothing is). Under the data file's lock. Best effort: a
    /// failure leaves the data file's own marker in charge, as before this record existed.
    static func write(_ marker: PurchaseLogMarker?, lockPath: String) {
        store(marker, as: keyword, lockPath: lockPath)
    }

    /// Writes the lines with `value` (`nil`: none) as the one of keyword `line`, the acknowledged one first (the only
    /// one a shop from before reads).
    private static func store(_ value: PurchaseLogMarker?, as line: String, lockPath: String) {
        var markers = lines(lockPath)
        markers[line] = value
        guard let file = LockFileAccess(lockPath, O_WRONLY) else { return }
        defer { file.release() }
        let descriptor = file.descriptor
        var text = ""
        for key in [keyword, travelledKeyword] {
            guard let marker = markers[key] else { continue }
            let parts = [
                marker.check.map { "\($0)" }, marker.inode.map { "\($0)" }, marker.digest.map { String($0, radix: 16) },
            ]
            text += "\(key) \(marker.length) " + parts.map { $0 ?? "-" }.joined(separator: " ") + "\n"
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        // A short text where a longer one was: cut what is left of the old one.
        if written == bytes.count { _ = ftruncate(descriptor, off_t(bytes.count)) }
    }
}

extension PurchaseLogFile {
    /// Whether `marker` describes the log file as it is: no longer than the file, and the same inode and bytes before
    /// it (a marker this device wrote), or the same digest of the lines before it (one known by its digest alone).
    func matches(_ marker: PurchaseLogMarker) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, marker.length <= Int(info.st_size)
        else { return false }
        if marker.length == 0 { return true }
        guard let inode = marker.inode, let check = marker.check else {
            guard let digest = marker.digest, let prefix = try? readRange(from: 0, count: marker.length, of: descriptor)
            else { return false }
            return prefix.last == UInt8(ascii: "\n") && Self.digest(prefix) == digest
        }
        let count = min(64, marker.length)
        guard UInt64(info.st_ino) == inode,
            let tail = try? readRange(from: marker.length - count, count: count, of: descriptor)
        else { return false }
        return tail.withUnsafeBufferPointer { Self.check($0, before: count) } == check
    }

    /// The marker that says how much of the log counts: the data file's, or the acknowledged state of
    /// ``PurchaseLogAcknowledgement`` when that one matches the file and reaches further (the data file was
    /// replaced by an older one: its purchases past the data file's marker were acknowledged, and stay).
    func effectiveMarker(_ marker: PurchaseLogMarker?, acknowledged: PurchaseLogMarker?) -> PurchaseLogMarker? {
        guard let acknowledged, acknowledged != marker else { return marker }
        if let marker, marker.length >= acknowledged.length, matches(marker) { return marker }
        return matches(acknowledged) ? acknowledged : marker
    }

    /// The purchases logged in the bytes `start..<end` of the file (whole lines), ignoring deletions.
    func purchases(from start: Int, to end: Int) throws(ShopError) -> [Purchase] {
        guard end > start else { return [] }
        let bytes = try readRange(from: start, count: end - start)
        return try Self.decode(bytes, path: path)
    }

    /// Cuts the log back to `length` after a step whose data file could not be written; `removing`: the step created
    /// the file, which goes. Best effort: whatever stays past the marker is ignored and cut by the next append.
    func takeBack(to length: Int, removing: Bool) {
        if removing, length == 0 {
            unlink(path)
            return
        }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, off_t(length))
        close(descriptor)
    }
}

/// The lock file for one read or write: the descriptor of the lock this process holds on it (the common
/// case: every caller is under the lock), else the file opened for this access alone; `nil` unless a regular file.
private struct LockFileAccess {
    let descriptor: Int32
    private let owned: Bool

    init?(_ lockPath: String, _ mode: Int32) {
        if let held = FileLock.heldDescriptor(at: lockPath) {
            (descriptor, owned) = (held, false)
        } else {
            let opened = open(lockPath, mode | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard opened >= 0 else { return nil }
            (descriptor, owned) = (opened, true)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            release()
            return nil
        }
    }

    /// Closes the descriptor if it was opened for this access (never the lock's own).
    func release() {
        if owned { close(descriptor) }
    }
}
