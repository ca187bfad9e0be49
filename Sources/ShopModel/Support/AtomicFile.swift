#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file so that a reader, or a process killed at any instant, sees the old contents or the new: write a
/// temporary file beside it, flush it, rename it over the old one, then flush the folder.
///
/// ``write(_:to:)`` does it all at once; a large file is written with ``write(_:)``, then ``flush()`` and ``commit()``
/// (the undo journal is recorded between the two). An instance dropped before ``commit()`` removes its temporary.
package final class AtomicFile {
    /// The path as the user named it, for error messages.
    private let path: String
    /// The file that is replaced: `path` with symbolic links followed.
    private let target: String
    private let folder: String
    private let temporary: String
    private var descriptor: Int32
    private var committed = false

    /// Creates the temporary file beside the file `path` names, creating missing folders (mode 0700). A new file gets
    /// mode 0600; a replaced one keeps its mode. A symbolic link at `path` is kept: its target is replaced.
    /// - Parameter followingLinks: `false` for shop's own files (undo, device): a link at `path` is
    ///   refused rather than followed.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)``.
    /// - Parameter resolved: `path` with its links already followed, when the caller did (the data file's
    ///   store resolves its path once per command).
    package init(replacing path: String, followingLinks: Bool = true, resolved: String? = nil) throws(ShopError) {
        self.path = path
        if !followingLinks { try POSIXFile.refuseLink(path) }
        target = followingLinks ? resolved ?? POSIXFile.resolvingSymlinks(path) : path
        folder = POSIXFile.parent(of: target)
        try POSIXFile.makeDirectories(folder)

        var mode: mode_t = 0o600
        var existing = stat()
        if stat(target, &existing) == 0 {
            guard existing.st_mode & S_IFMT != S_IFDIR else {
                throw .cannotWrite(path: path, reason: POSIXFile.describe(EISDIR))
            }
            mode = existing.st_mode & 0o7777
        }
        (temporary, descriptor) = try Self.createTemporary(in: folder, for: target, reportingAs: path)
        // The umask may have narrowed the mode given to open; set exactly the mode wanted.
        if fchmod(descriptor, mode) != 0 { throw fail(errno) }
    }

    deinit {
        if !committed { abandon() }
    }

    /// The temporary file that ``commit()`` renames over the target: after ``flush()``, exactly the
    /// bytes the target will hold (`sync` hands it to git before it replaces anything, SPEC 14).
    package var temporaryPath: String { temporary }

    /// Appends bytes to the temporary file.
    package func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(ShopError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw fail(errno)
            }
            written += count
        }
    }

    /// Flushes the temporary file to disk and closes it.
    package func flush() throws(ShopError) {
        if fsync(descriptor) != 0 { throw fail(errno) }
        let closing = descriptor
        descriptor = -1
        if close(closing) != 0 { throw fail(errno) }
    }

    /// Renames the flushed temporary file over the target and flushes the folder.
    package func commit() throws(ShopError) {
        if descriptor >= 0 { try flush() }
        if rename(temporary, target) != 0 { throw fail(errno) }
        committed = true
        Self.syncFolder(folder)
    }

    /// Writes `bytes` to `path` in one go (see ``init(replacing:followingLinks:resolved:)``; `resolved`, the
    /// path with its links resolved when the caller has it already).
    /// - Throws: ``ShopError/cannotWrite(path:reason:)``; the temporary file is removed on any failure.
    package static func write(
        _ bytes: [UInt8], to path: String, followingLinks: Bool = true, resolved: String? = nil
    ) throws(ShopError) {
        let file = try AtomicFile(replacing: path, followingLinks: followingLinks, resolved: resolved)
        try bytes.withUnsafeBufferPointer { (buffer) throws(ShopError) in try file.write(buffer) }
        try file.commit()
    }

    private func fail(_ code: Int32) -> ShopError {
        abandon()
        return .cannotWrite(path: path, reason: POSIXFile.describe(code))
    }

    private func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
        committed = true
    }

    /// Opens a new, uniquely named hidden file beside the target: `.shop.json.tmp.<pid>.<random>`.
    private static func createTemporary(
        in folder: String, for target: String, reportingAs path: String
    ) throws(ShopError) -> (path: String, descriptor: Int32) {
        let prefix = folder + "/" + temporaryPrefix(of: POSIXFile.baseName(of: target)) + "\(getpid())."
        var lastError: Int32 = EEXIST
        // O_EXCL refuses a name that exists; a few fresh random names are all a collision could need.
        for _ in 0..<8 {
            let candidate = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 { return (candidate, descriptor) }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .cannotWrite(path: path, reason: POSIXFile.describe(lastError))
    }

    /// Flushes a folder's entries. The rename has already happened, so a failure here (some file systems
    /// cannot sync folders) is not reported: the new file is in place either way.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

extension AtomicFile {
    /// Writes `bytes` over one of shop's own files beside the data file (the device file, say):
    /// atomically, mode 0600 when new, and never through a symbolic link (exit 74 naming the path).
    public static func writeOwnFile(_ bytes: [UInt8], to path: String) throws(ShopError) {
        try write(bytes, to: path, followingLinks: false)
    }

    /// How the temporary files of the file named `name` begin: `.shop.json.tmp.` (then `<pid>.<random>`).
    package static func temporaryPrefix(of name: String) -> String {
        "." + name + ".tmp."
    }

    /// Removes the temporary files of `targets` (files of one folder) left by processes killed mid-write. The caller
    /// holds the lock every writer of those files takes; a temporary of a live process is never touched.
    package static func removeStaleTemporaries(of targets: [String]) {
        guard let first = targets.first else { return }
        removeStaleTemporaries(
            in: POSIXFile.parent(of: first),
            prefixes: targets.map { temporaryPrefix(of: POSIXFile.baseName(of: $0)) })
    }

    /// Removes the files of `folder` named `<prefix><pid>.*` whose process is gone.
    static func removeStaleTemporaries(in folder: String, prefixes: [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let pidText = rest.split(separator: ".").first, let pid = pid_t(pidText), pid > 0 else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
