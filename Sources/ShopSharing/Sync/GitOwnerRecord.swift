#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The proof that a git lock (`.git/index.lock`, a ref's `.lock`) left behind was left by a git command of
/// `shop sync` that is dead now, and by nothing else (SPEC 8.1).
///
/// A file holding a process id cannot prove that: it outlives its process, and a lock made later by the user's own
/// `git add` would look like the dead sync's. So the record is `.git/shop-sync.pid`, created just before each git
/// command `sync` runs and removed as soon as it ends, with an `flock(2)` held on it for as long as the command lives:
/// git (and whatever git starts) inherits the descriptor, so the lock is released only when all of them are gone. A
/// record on disk whose lock can be taken therefore proves that a sync's git command died before it could clean up.
/// ``GitSync/clearStaleLocks(_:branch:)`` removes a git lock only with that proof, when the lock is not older than the
/// record, and when no running process has the lock file open.
struct GitOwnerRecord {
    let path: String
    private let descriptor: Int32

    /// Creates and locks the record before a git command; `nil` when it cannot (the command then runs
    /// without one, and a lock it leaves is reported instead of removed: the safe side).
    static func begin(_ path: String) -> GitOwnerRecord? {
        for _ in 0..<8 {
            // Not O_CLOEXEC: git inherits the descriptor, and with it the flock.
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600)
            guard descriptor >= 0 else { return nil }
            var own = stat()
            var named = stat()
            // Another sync's git holds it: wait a while for that command (serialising two syncs' git
            // commands loses nothing), then run without a record rather than wait on a git left hanging.
            var waited = 0
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EINTR || errno == EWOULDBLOCK, waited < 1000 else {
                    close(descriptor)
                    return nil
                }
                if errno == EWOULDBLOCK {
                    usleep(10_000)
                    waited += 1
                }
            }
            // The record may have been removed (and made again) while we waited: lock the one on disk.
            guard fstat(descriptor, &own) == 0, lstat(path, &named) == 0, own.st_ino == named.st_ino,
                own.st_dev == named.st_dev, named.st_mode & S_IFMT == S_IFREG
            else {
                close(descriptor)
                continue
            }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return GitOwnerRecord(path: path, descriptor: descriptor)
        }
        return nil
    }

    /// The git command ended: the record goes, then its lock.
    func end() {
        unlink(path)
        close(descriptor)
    }

    /// Whether the record at `path` proves a dead sync's git command: it exists and nobody holds its lock.
    /// When it does, the record is removed (it has served) after `body` ran with the record's status.
    static func withStaleRecord(at path: String, _ body: (stat) -> Void) -> Bool {
        let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(descriptor, LOCK_EX | LOCK_NB) == 0
        else { return false }
        body(info)
        unlink(path)
        return true
    }

    /// Whether a running process has the file `info` describes open (a git command at work on its lock).
    /// Reads `/proc/*/fd` (Linux); processes whose descriptors cannot be read are not counted.
    /// Without `/proc`, every file counts as open: nothing can be proven, nothing is removed.
    static func isOpenByAnyProcess(_ info: stat) -> Bool {
        guard let processes = directoryNames(in: "/proc") else { return true }
        for process in processes where Int32(process) != nil {
            let folder = "/proc/\(process)/fd"
            for number in directoryNames(in: folder) ?? [] where Int(number) != nil {
                var target = stat()
                if stat(folder + "/" + number, &target) == 0, target.st_ino == info.st_ino, target.st_dev == info.st_dev
                {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the file at `path` is one a dead sync's git command provably left, given the status of the record that
    /// proves the command dead (``withStaleRecord(at:_:)``): a regular file, not older than the record, open in no
    /// running process.
    static func isLeftBehind(_ path: String, since record: stat) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            && (info.st_ctim.tv_sec, info.st_ctim.tv_nsec) >= (record.st_ctim.tv_sec, record.st_ctim.tv_nsec)
            && !isOpenByAnyProcess(info)
    }
}
