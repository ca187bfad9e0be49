import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the last `sync` found committed: the data file and the log as files (device, inode, size, time) and the commit
/// `HEAD` named then. Kept in `.git/shop-sync.committed`, so that a sync with nothing to do (a cron job's) hashes no
/// file (measured: see .bench/README.md).
///
/// Trusted only when every part is the same, and written only for files last changed more than two seconds earlier,
/// so that an edit within the clock's resolution of the record is never missed (git's own "racy" rule).
struct CommittedFiles: Equatable {
    var data: FileIdentity
    var log: FileIdentity?
    var head: String

    /// `.git/shop-sync.committed`.
    static func path(_ paths: SyncPaths) -> String { paths.gitDirectory + "/shop-sync.committed" }

    /// The record, or `nil` when there is none or it cannot be read.
    static func read(_ paths: SyncPaths) -> CommittedFiles? {
        guard let bytes = try? POSIXFile.read(path(paths), followingLinks: false) else { return nil }
        let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
            .map(String.init)
        guard fields.count == 12, fields[0] == "1", let data = FileIdentity(fields[1...5]) else { return nil }
        let log = fields[6] == "-" ? nil : FileIdentity(fields[6...10])
        if fields[6] != "-" && log == nil { return nil }
        return CommittedFiles(data: data, log: log, head: fields[11])
    }

    /// Records these files as committed at `head`, unless a file changed too recently to be told apart.
    func write(_ paths: SyncPaths) {
        let now = Int(time(nil))
        guard now - data.seconds > 2, log.map({ now - $0.seconds > 2 }) ?? true else {
            unlink(Self.path(paths))
            return
        }
        let text = (["1"] + data.fields + (log?.fields ?? ["-", "-", "-", "-", "-"]) + [head]).joined(separator: " ")
        if (try? AtomicFile.write(Array((text + "\n").utf8), to: Self.path(paths), followingLinks: false)) == nil {
            unlink(Self.path(paths))
        }
    }

    /// Forgets the record (the files or `HEAD` changed in a way this sync did not record).
    static func forget(_ paths: SyncPaths) { unlink(path(paths)) }
}

/// Which file a path names and its size and time: a data file replaced by shop (rename) or edited in place differs.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// `nil` when nothing is at `path`.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }

    fileprivate var fields: [String] {
        [String(device), String(inode), String(size), String(seconds), String(nanoseconds)]
    }

    fileprivate init?(_ fields: ArraySlice<String>) {
        let values = Array(fields)
        guard values.count == 5, let device = UInt64(values[0]), let inode = UInt64(values[1]),
            let size = Int64(values[2]), let seconds = Int(values[3]), let nanoseconds = Int(values[4])
        else { return nil }
        self.device = device
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
