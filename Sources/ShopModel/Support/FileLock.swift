import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock(2)` on a lock file beside the data file, serialising every change between `shop` processes. The
/// lock file is never deleted: deleting it would let a waiting process lock a file that a newcomer no longer sees.
package enum FileLock {
    /// How long to sleep between attempts; short enough to feel instant, long enough to cost nothing.
    private static let pollInterval = 0.01

    /// The locks held in this process, by lock file path, with their open descriptors and the thread holding each: the
    /// lock file is read and written through the descriptor already open (``heldDescriptor(at:)``; issue 37). Only the
    /// holding thread may use it: a reader without the lock (`shop serve`'s sync thread and requests share the process)
    /// must never borrow a descriptor another thread is about to close.
    private static let held = Mutex<[String: (descriptor: Int32, thread: pthread_t)]>([:])

    /// The open descriptor of the lock on `lockPath` when the calling thread holds it (inside
    /// ``withExclusiveLock(at:timeout:_:)``), else `nil`.
    package static func heldDescriptor(at lockPath: String) -> Int32? {
        held.withLock { locks in
            guard let lock = locks[lockPath], pthread_equal(lock.thread, pthread_self()) != 0 else { return nil }
            return lock.descriptor
        }
    }

    /// Runs `body` holding the lock on `lockPath` (created with mode 0600 if missing), waiting up to
    /// `timeout` seconds for another holder to let go. The lock is released when `body` returns or throws.
    /// - Throws: ``ShopError/busy(lockPath:waitedSeconds:)`` after the timeout,
    ///   ``ShopError/cannotWrite(path:reason:)`` when the lock file cannot be opened, or what `body` throws.
    package static func withExclusiveLock<Result>(
        at lockPath: String, timeout: Double, _ body: () throws(ShopError) -> Result
    ) throws(ShopError) -> Result {
        // Never through a link (a remote could put one there) and never a FIFO or device: shop's own files
        // are regular files, refused without waiting otherwise (SPEC 20).
        guard let descriptor = try POSIXFile.openOwnFile(lockPath, flags: O_RDWR | O_CREAT, writing: true) else {
            throw .cannotWrite(path: lockPath, reason: POSIXFile.describe(ENOENT))
        }
        // Closing the descriptor releases the lock, whichever way we leave.
        defer { close(descriptor) }

        let start = monotonicSeconds()
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw .cannotWrite(path: lockPath, reason: POSIXFile.describe(code)) }
            let waited = monotonicSeconds() - start
            if waited >= timeout { throw .busy(lockPath: lockPath, waitedSeconds: timeout) }
            sleep(seconds: min(pollInterval, timeout - waited))
        }
        held.withLock { $0[lockPath] = (descriptor, pthread_self()) }
        defer { _ = held.withLock { $0.removeValue(forKey: lockPath) } }
        return try body()
    }

    /// Whether another process holds the lock on `lockPath` at this moment, found without waiting (and
    /// without creating the file): `shop serve` answers a read from the state it last read meanwhile.
    package static func isHeld(at lockPath: String) -> Bool {
        let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Seconds on a clock that never jumps (the wall clock may be set back while we wait).
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func sleep(seconds: Double) {
        var interval = timespec(tv_sec: 0, tv_nsec: Int(max(seconds, 0.001) * 1e9))
        _ = nanosleep(&interval, nil)
    }
}
