#if canImport(Glibc)
    import Glibc
#endif

/// Small wrappers over POSIX file calls, turning `errno` into ``ShopError`` values that name the path.
package enum POSIXFile {
    /// The system's description of an error number: "Permission denied".
    package static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The folder part of a path: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`.
    package static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The last component of a path.
    package static func baseName(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// Follows symbolic links from `path` to the file they finally name (which may not exist yet), so that
    /// writing replaces the target and keeps the link (a data file kept in a dotfiles repository).
    package static func resolvingSymlinks(_ path: String) -> String {
        var current = path
        // The kernel's own limit on links followed in one lookup; stops a loop of links.
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : parent(of: current) + "/" + target
        }
        return current
    }

    /// The reason shop gives when one of its own files (lock, undo, device, temporary) is a link.
    static let linkReason = "it is a symbolic link, and shop never writes its own files through one"

    /// The reason shop gives when one of its own files is a FIFO, a device or a socket.
    package static let notRegularReason =
        "it is not a regular file (a FIFO, a device or a socket), and shop never opens one there"

    /// The reason shop gives when a file a person named (`import`) is a FIFO or a socket: reading it would wait.
    package static let pipeReason = "it is a FIFO or a socket, and shop reads a file from there, never waits on one"

    /// Whether `path` itself is a symbolic link (not followed).
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// Refuses a symbolic link at `path` (SPEC 8.1: shop's lock, undo, device and temporary files are never followed):
    /// call it before creating or writing one of them, or open with `O_NOFOLLOW`.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)`` (exit 74) naming the link.
    public static func refuseLink(_ path: String) throws(ShopError) {
        if isLink(path) { throw .cannotWrite(path: path, reason: linkReason) }
    }

    /// Opens one of shop's own files (the lock, the log, the serve token, the op ledger...) without ever
    /// waiting and without following a link, and refuses anything there but a regular file (SPEC 20: a FIFO
    /// put there must not hang a command, a device node must not be written into). The descriptor is back
    /// in blocking mode when returned; the caller closes it.
    /// - Parameters:
    ///   - flags: `O_RDONLY`, `O_RDWR` or `O_WRONLY`, with `O_CREAT`/`O_APPEND` as wanted;
    ///     `O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC` are added.
    ///   - writing: whether failures are reported as ``ShopError/cannotWrite(path:reason:)`` (else
    ///     ``ShopError/cannotRead(path:reason:)``); both are exit 74.
    /// - Returns: the descriptor, or `nil` when the file does not exist (and `O_CREAT` was not given).
    static func openOwnFile(_ path: String, flags: Int32, mode: mode_t = 0o600, writing: Bool) throws(ShopError)
        -> Int32?
    {
        func failure(_ reason: String) -> ShopError {
            writing ? .cannotWrite(path: path, reason: reason) : .cannotRead(path: path, reason: reason)
        }
        let descriptor = open(path, flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, mode)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT && flags & O_CREAT == 0 { return nil }
            if code == ELOOP { throw failure(linkReason) }
            // A FIFO opened to write without a reader: not a regular file either.
            if code == ENXIO { throw failure(notRegularReason) }
            throw failure(describe(code))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(describe(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw failure(info.st_mode & S_IFMT == S_IFDIR ? describe(EISDIR) : notRegularReason)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Whether something exists at `path` (following links).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The whole contents of a file, or `nil` when it does not exist.
    /// - Throws: ``ShopError/cannotRead(path:reason:)`` for any other failure, a folder included.
    /// - Parameters:
    ///   - followingLinks: `false` for shop's own files: a link there is refused (`O_NOFOLLOW`).
    ///   - expectingRegularFile: `true` for shop's own files (the data file, its log, undo history, git's
    ///     attributes): anything but a regular file there (a FIFO, a device, a socket) is refused
    ///     (``notRegularReason``) without waiting: opening a FIFO to read would wait for a writer forever.
    ///   - limit: the most bytes accepted; a file over it (however it grows: `/dev/zero`, a pipe) is
    ///     refused with ``ShopError/inputTooLarge(path:limit:)`` once that many bytes are read, not after.
    ///   - refusingPipes: `true` for files a person names (`import`): a FIFO or a socket is refused
    ///     (``pipeReason``) without waiting, while a device (`/dev/zero`) is read up to the limit.
    package static func read(
        _ path: String, followingLinks: Bool = true, expectingRegularFile: Bool = false, limit: Int? = nil,
        refusingPipes: Bool = false
    )
        throws(ShopError) -> [UInt8]?
    {
        let flags =
            O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
            | (expectingRegularFile || refusingPipes ? O_NONBLOCK : 0)
        let descriptor = open(path, flags)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP && !followingLinks { throw .cannotRead(path: path, reason: linkReason) }
            throw .cannotRead(path: path, reason: describe(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, reason: describe(errno)) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .cannotRead(path: path, reason: describe(EISDIR)) }
        if expectingRegularFile {
            guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path: path, reason: notRegularReason) }
            // Reads of a regular file never wait; blocking mode again, as callers expect.
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        } else if refusingPipes {
            let kind = info.st_mode & S_IFMT
            guard kind != S_IFIFO && kind != S_IFSOCK else { throw .cannotRead(path: path, reason: pipeReason) }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }

        // Read straight into uninitialised capacity (one byte more, to see the end in one pass): zero-filling first
        // would touch every page twice.
        if let limit, Int(info.st_size) > limit { throw .inputTooLarge(path: path, limit: limit) }
        var capacity = min(max(Int(info.st_size), 0), limit ?? Int.max - 1) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = readAll(descriptor, into: buffer, failure: &failure)
        }
        // The file grew since fstat (or is a pipe or a device, whose size says nothing): keep reading, in
        // place, into a buffer twice as large each time, up to the limit.
        while failure == 0, bytes.count == capacity {
            if let limit, bytes.count > limit { throw .inputTooLarge(path: path, limit: limit) }
            let filled = bytes.count
            capacity = min(capacity * 2, (limit ?? Int.max / 2 - 1) + 1)
            bytes = bytes.withUnsafeBytes { old in
                [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    if let base = old.baseAddress {
                        UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: base, byteCount: filled)
                    }
                    let rest = UnsafeMutableBufferPointer(rebasing: buffer[filled...])
                    count = filled + readAll(descriptor, into: rest, failure: &failure)
                }
            }
        }
        if failure != 0 { throw .cannotRead(path: path, reason: describe(failure)) }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; sets `failure` to the error number if a read fails.
    /// - Returns: the number of bytes read.
    private static func readAll(
        _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, failure: inout Int32
    ) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                return filled
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Writes `bytes` to a scratch file only shop uses (inside `.git`), replacing what is there; never
    /// through a link. Not atomic, and leaves no temporary file: the caller removes it when done.
    package static func writeScratch(_ bytes: [UInt8], to path: String) throws(ShopError) {
        unlink(path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: describe(errno)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                unlink(path)
                throw .cannotWrite(path: path, reason: describe(code))
            }
            written += count
        }
    }

    /// Writes `bytes` into the existing file at `path` as a shell redirect would, without replacing it: for
    /// a FIFO or a device named as an export's output. Opening a FIFO waits for its reader, as `>` does.
    /// - Throws: ``ShopError/cannotWrite(path:reason:)`` when it cannot be opened or a write fails
    ///   (`/dev/full`: no space left on device).
    package static func writeInto(_ path: String, _ bytes: [UInt8]) throws(ShopError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: describe(errno)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .cannotWrite(path: path, reason: describe(count < 0 ? errno : EIO)) }
            written += count
        }
    }

    /// Creates `path` and any missing parents with `mode` (`mkdir -p`).
    /// - Throws: ``ShopError/cannotWrite(path:reason:)`` naming the folder that could not be made.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(ShopError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .cannotWrite(path: path, reason: describe(ENOTDIR)) }
            return
        }
        let parentPath = parent(of: path)
        if parentPath != path { try makeDirectories(parentPath, mode: mode) }
        if mkdir(path, mode) != 0, errno != EEXIST { throw .cannotWrite(path: path, reason: describe(errno)) }
    }
}
