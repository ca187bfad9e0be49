import ShopFormats
import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Commits built with git's plumbing: objects, trees in a temporary index, `commit-tree`, and
/// `update-ref` with the old value, so git never touches the data file in the working tree, the user's
/// index only gains the data file's entry, and a `HEAD` that moved meanwhile is never overwritten.
extension GitSync {
    /// Commits the data file as it is now, alone (a dotfiles repository's other changes are not ours to
    /// commit). Under the data file's lock. A damaged data file is never committed.
    /// - Returns: whether a commit was made.
    func commitDataFile(_ git: GitRepository, _ paths: SyncPaths, at now: Date, _ state: SyncState) throws(SyncError)
        -> Bool
    {
        guard let identity = FileIdentity(dataFile) else { return false }
        // Unchanged since this sync committed it: nothing to hash again.
        if identity == state.committedFile { return false }
        let head = try git.objectID("HEAD")
        let logIdentity = FileIdentity(PurchaseLogFile(dataFile: store.resolvedPath).path)
        // Unchanged since the last sync found it committed at this very HEAD: nothing to hash either.
        if let head, CommittedFiles.read(paths) == CommittedFiles(data: identity, log: logIdentity, head: head) {
            state.committedFile = identity
            return false
        }
        CommittedFiles.forget(paths)
        let headLog = try head.flatMap { (commit) throws(SyncError) in try git.objectID("\(commit):\(paths.logPath)") }
        var log = try purchaseLogBlob(git, paths)
        // Never commit a log that lost lines HEAD's has and the remote holds: they are put back first.
        let remoteLog = try state.remoteRef.flatMap { (ref) throws(SyncError) in
            try git.objectID("\(ref):\(paths.logPath)")
        }
        if let headLog, log != headLog,
            try restoreLogLines(headLog: headLog, travelled: remoteLog, git, paths)
        {
            log = try purchaseLogBlob(git, paths)
        }
        let blob = try git.check(["hash-object", "-w", "--no-filters", "--", fileName])
        let headBlob = try head.flatMap { (commit) throws(SyncError) in try git.objectID("\(commit):\(paths.dataPath)")
        }
        // The same log as HEAD's in this device's order of lines (what came in is appended to the file):
        // nothing of the log to send, and HEAD's blob of it stays (see PurchaseLog's merge rule).
        if let headLog, log != nil, log != headLog, try sameLog(log, headLog, git, paths) { log = headLog }
        var changed = blob != headBlob || (log != nil && log != headLog)
        var staged = blob
        // The same list and log as HEAD's, in a file that names this device's own log file: nothing to
        // send, and HEAD's entry stays staged (see `sameWhenShared`).
        if changed, log == headLog,
            let data = try SyncError.core({ () throws(ShopError) in try POSIXFile.read(dataFile) }),
            try isShared(data, as: headBlob, git)
        {
            changed = false
            staged = headBlob!
        }
        var newHead = head
        if changed {
            let list = try SyncError.core { () throws(ShopError) in try store.load() }
            if state.naming { state.lists[blob] = list }
            let tree = try tree(from: head, setting: blob, log: log, git, paths)
            // The subject names what changed since HEAD, as people would say it (SPEC 14: `buy Milk, Eggs`).
            let before = try baseList(head, git, paths, state)
            let subject = CommitMessage.subject(RecordChanges(from: before, to: list))
            let commit = try commitTree(
                tree, subject.isEmpty ? (log != headLog ? "log purchases" : "update the list") : subject,
                parents: head.map { ["-p", $0] } ?? [], at: now, git, paths)
            try moveHead(to: commit, from: head, git)
            newHead = commit
        }
        try stageDataFile(staged, log: log, git, paths)
        state.committedFile = identity
        if let newHead { CommittedFiles(data: identity, log: logIdentity, head: newHead).write(paths) }
        return changed
    }

    /// The purchase log beside the data file as a blob: the lines the data file's marker counts, so a
    /// purchase a killed command appended but never committed does not travel. `nil` without a log.
    /// - Parameter marker: the marker that counts the log's lines, when it is not the data file's yet (a
    ///   merged file about to replace it).
    func purchaseLogBlob(_ git: GitRepository, _ paths: SyncPaths, marker: PurchaseLogMarker?? = nil)
        throws(SyncError) -> String?
    {
        let logFile = PurchaseLogFile(dataFile: store.resolvedPath)
        let read = try SyncError.core { () throws(ShopError) -> (bytes: [UInt8], length: Int)? in
            guard let bytes = try POSIXFile.read(logFile.path, expectingRegularFile: true) else { return nil }
            let counting: PurchaseLogMarker?
            if let marker { counting = marker } else { counting = try store.currentLogMarker() }
            return (bytes, try logFile.committedLength(marker: counting, bytes: bytes))
        }
        guard let (bytes, length) = read else { return nil }
        guard length < bytes.count else {
            return try git.check(["hash-object", "-w", "--no-filters", "--", paths.logName])
        }
        // Only the committed lines: hashed from a copy inside .git, never from a file beside the data file. No
        // `--path`: git refuses it beside `--no-filters`, and with no filter the path changes nothing.
        let copy = paths.gitDirectory + "/shop-sync.purchases"
        try SyncError.core { () throws(ShopError) in try POSIXFile.writeScratch(Array(bytes[..<length]), to: copy) }
        defer { unlink(copy) }
        return try git.check(["hash-object", "-w", "--no-filters", "--", copy])
    }

    /// The tree of `commit` (or an empty one) with the data file's entry set to `blob`, built in a temporary index.
    /// With `log`, the purchase log's entry is set to it too.
    func tree(from commit: String?, setting blob: String, log: String? = nil, _ git: GitRepository, _ paths: SyncPaths)
        throws(SyncError) -> String
    {
        try scratchTree(
            from: commit,
            adding: ["--cacheinfo", "100644,\(blob),\(paths.dataPath)"]
                + (log.map { ["--cacheinfo", "100644,\($0),\(paths.logPath)"] } ?? []), git, paths)
    }

    /// The tree of `base` (a commit or a tree; `nil`: an empty one) with the entries of `adding` (`--cacheinfo`
    /// arguments) set and the paths of `removing` removed, built in the temporary index, never the user's.
    func scratchTree(
        from base: String?, adding: [String], removing: [String] = [], _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> String {
        let scratch = ["GIT_INDEX_FILE": paths.scratchIndex]
        // A sync killed while building a tree can leave the temporary index's lock: it is only ever ours.
        unlink(paths.scratchIndex + ".lock")
        try git.check(["read-tree"] + (base.map { [$0] } ?? ["--empty"]), extraEnvironment: scratch)
        if !adding.isEmpty { try git.check(["update-index", "--add"] + adding, extraEnvironment: scratch) }
        if !removing.isEmpty {
            try git.check(["update-index", "--force-remove", "--"] + removing, extraEnvironment: scratch)
        }
        let tree = try git.check(["write-tree"], extraEnvironment: scratch)
        unlink(paths.scratchIndex)
        return tree
    }

    /// Points the current branch at `commit`, only if it still points at `old` (`nil`: the branch is unborn).
    func moveHead(to commit: String, from old: String?, _ git: GitRepository) throws(SyncError) {
        let zero = String(repeating: "0", count: commit.count)
        try git.check(["update-ref", "-m", "shop sync", "HEAD", commit, old ?? zero])
    }

    /// Makes the user's index hold `blob` for the data file (and `log` for the purchase log), so `git status` shows
    /// the file as committed. Only that entry changes; the user's staged work is left as it is.
    func stageDataFile(_ blob: String, log: String? = nil, _ git: GitRepository, _ paths: SyncPaths) throws(SyncError) {
        if let log { try stage(log, at: paths.logPath, named: paths.logName, git) }
        try stage(blob, at: paths.dataPath, named: fileName, git)
    }

    private func stage(_ blob: String, at path: String, named name: String, _ git: GitRepository) throws(SyncError) {
        let staged = try git.run(["ls-files", "-s", "-z", "--", name]).output
        let fields = String(decoding: staged.prefix { $0 != 0x09 }, as: UTF8.self).split(separator: " ")
        if fields.count == 3, fields[0] == "100644", fields[1] == blob, fields[2] == "0" { return }
        // The entry has no stat data yet: the next `git status` compares the file's contents once.
        try git.check(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(path)"])
    }
}

/// What one `sync` remembers between its steps.
final class SyncState {
    /// Whether the summary names records (not for `--quiet`): the lists it needs are kept or decoded.
    let naming: Bool
    /// Lists already decoded in this sync, by blob id, so none is decoded twice.
    var lists: [String: ShoppingList] = [:]
    /// The data file as this sync last committed it.
    var committedFile: FileIdentity?
    /// The remote-tracking branch: what the remote held at the last fetch, so what has travelled.
    var remoteRef: String?

    init(naming: Bool) { self.naming = naming }
}

/// What the commit of one integration is made of: both commits, the tree of the other files, what the merge settled.
struct CommitRecord {
    var theirs: String
    var head: String?
    var otherTree: String
    var remote: RemoteDataFile
    var branch: String
    var now: Date
    /// The records the merge changed on this side, said in the commit's subject.
    var cameIn: RecordChanges
    /// The edits that lost a conflict, each to be told to the device that made it (see ``Replacement``).
    var replaced: [Replacement]
    /// The records this merge made one, told to the other devices.
    var joins: [RecordJoin]
}

/// The commit an integration moves `HEAD` to, and the data file's and the log's blobs it holds.
struct BuiltCommit {
    var commit: String
    var blob: String
    var log: String?
}

extension GitSync {
    /// The commit that carries the merged data file (`blob`) and log (`log`), all of whose objects are written before
    /// it is returned; nothing in the working tree changes. When the result holds exactly what the remote holds, it is
    /// the remote's commit itself, a fast-forward (a quiet history, see ``sameWhenShared(_:_:)``).
    /// - Parameter bytes: the data file as it will be written, to compare with the remote's as shared.
    func buildCommit(
        _ record: CommitRecord, blob: String, log: String?, bytes: [UInt8]?, _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> BuiltCommit {
        var shared = blob
        var log = log
        // The same log as the remote's, its lines in this device's order: the remote's blob is it.
        if log != record.remote.logBlob, try sameLog(log, record.remote.logBlob, git, paths) {
            log = record.remote.logBlob
        }
        if blob != record.remote.blob, log == record.remote.logBlob, let bytes,
            try isShared(bytes, as: record.remote.blob, git)
        {
            shared = record.remote.blob
        }
        let tree = try tree(from: record.otherTree, setting: shared, log: log, git, paths)
        if tree == (try git.check(["rev-parse", "\(record.theirs)^{tree}"])) {
            return BuiltCommit(commit: record.theirs, blob: shared, log: log)
        }
        let parents = (record.head.map { ["-p", $0] } ?? []) + ["-p", record.theirs]
        var message = "merge origin/\(record.branch)"
        let what = CommitMessage.subject(record.cameIn)
        message += what.isEmpty ? "" : ": " + what
        let trailers =
            record.replaced.map { Replacement.trailerKey + ": " + $0.trailerValue }
            + record.joins.map { RecordJoin.trailerKey + ": " + $0.trailerValue }
        let joined = record.joins.map { join in
            [join.ours, join.theirs].compactMap { $0 }.joined(separator: " + ")
        }
        if !joined.isEmpty { message += (what.isEmpty ? ": " : "; ") + "join " + joined.joined(separator: ", ") }
        let commit = try commitTree(
            tree, message, trailers: trailers, parents: parents, at: record.now, git, paths)
        return BuiltCommit(commit: commit, blob: shared, log: log)
    }

    /// `git commit-tree`, authored by this device's name (SPEC 12): the subject, a line saying which device
    /// and when, and the trailers. The message goes through a file (`-F`), never as an argument (SPEC 20):
    /// it holds names from records, and a 128 KiB name as an argument failed the spawn (E2BIG) for good.
    func commitTree(
        _ tree: String, _ subject: String, trailers: [String] = [], parents: [String], at now: Date,
        _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> String {
        let device = store.deviceName()
        var message = subject + "\n\nshop sync on \(device) at \(TimestampText.string(now))\n"
        if !trailers.isEmpty { message += "\n" + trailers.joined(separator: "\n") + "\n" }
        let messageFile = paths.commitMessage
        try SyncError.core { () throws(ShopError) in try POSIXFile.writeScratch(Array(message.utf8), to: messageFile) }
        defer { unlink(messageFile) }
        return try git.check(
            ["commit-tree", tree, "-F", messageFile] + parents, extraEnvironment: ["GIT_AUTHOR_NAME": device])
    }
}

/// A quiet history (SPEC 14): a sync with nothing of its own to send makes no commit, a remote that alone moved is
/// fast-forwarded to, and a merge commit is made only when both sides changed.
///
/// Two devices' data files with the same list still differ in the purchase log marker (`"purchaseLog" : {"check",
/// "inode", "length"}`), which names this device's own log file by its inode. Compared byte for byte, each sync would
/// send a commit that only changes the inode, and the next device would answer with its own. So the data file is
/// compared with a commit's "as shared": with the marker's member left out, when the logs themselves are the same.
extension GitSync {
    /// Whether two data files hold the same list and the same log length: equal bytes once the top-level
    /// `"purchaseLog"` member is cut from each. Only a file laid out as shop writes it has that member where
    /// this looks for it; any other file compares byte for byte, which at worst makes one commit too many.
    static func sameWhenShared(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        if lhs == rhs { return true }
        guard let left = markerRange(lhs), let right = markerRange(rhs) else { return false }
        return lhs[..<left.lowerBound].elementsEqual(rhs[..<right.lowerBound])
            && lhs[left.upperBound...].elementsEqual(rhs[right.upperBound...])
    }

    /// The bytes of `\n  "purchaseLog" : {` ... `\n  }` in a data file shop wrote (pretty, two spaces).
    /// The marker is an object of three numbers and a hex string, so its first `}` closes it.
    static func markerRange(_ bytes: [UInt8]) -> Range<Int>? {
        guard let opening = bytes.firstRange(of: Array("\n  \"purchaseLog\" : {".utf8)),
            let closing = bytes[opening.upperBound...].firstIndex(of: UInt8(ascii: "}"))
        else { return nil }
        return opening.lowerBound..<(closing + 1)
    }

    /// Whether the data file's `bytes` are `blob` as shared (see ``sameWhenShared(_:_:)``).
    func isShared(_ bytes: [UInt8], as blob: String?, _ git: GitRepository) throws(SyncError) -> Bool {
        guard let blob else { return false }
        let stored = try git.run(["cat-file", "blob", blob])
        guard stored.succeeded else { return false }
        return Self.sameWhenShared(bytes, stored.output)
    }
}
