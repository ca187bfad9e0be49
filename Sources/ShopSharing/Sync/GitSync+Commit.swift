import ShopFormats
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
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
    func commitDataFile(_ git: GitRepository, _ paths: SyncPaths, at now: Date, _ state: SyncState) throws(ShopError)
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
        let headLog = try head.flatMap { (commit) throws(ShopError) in try git.objectID("\(commit):\(paths.logPath)") }
        var log = try purchaseLogBlob(git, paths)
        // Never commit a log that lost lines HEAD's has and the remote holds: they are put back first
        // (GitSync+LogBoundary).
        let remoteLog = try state.remoteRef.flatMap { (ref) throws(ShopError) in
            try git.objectID("\(ref):\(paths.logPath)")
        }
        if let headLog, log != headLog,
            try restoreLogLines(headLog: headLog, travelled: remoteLog, git, paths)
        {
            log = try purchaseLogBlob(git, paths)
        }
        let blob = try git.check(["hash-object", "-w", "--no-filters", "--", fileName])
        let headBlob = try head.flatMap { (commit) throws(ShopError) in try git.objectID("\(commit):\(paths.dataPath)")
        }
        // The same log as HEAD's in this device's order of lines (what came in is appended to the file):
        // nothing of the log to send, and HEAD's blob of it stays (see PurchaseLog's merge rule).
        if let headLog, log != nil, log != headLog, try sameLog(log, headLog, git, paths) { log = headLog }
        var changed = blob != headBlob || (log != nil && log != headLog)
        var staged = blob
        // The same list and log as HEAD's, in a file that names this device's own log file: nothing to
        // send, and HEAD's entry stays staged (see GitSync+Quiet).
        if changed, log == headLog, let data = try POSIXFile.read(dataFile), try isShared(data, as: headBlob, git) {
            changed = false
            staged = headBlob!
        }
        var newHead = head
        if changed {
            let list = try store.load()
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
        throws(ShopError) -> String?
    {
        let logFile = PurchaseLogFile(dataFile: store.resolvedPath)
        guard let bytes = try POSIXFile.read(logFile.path, expectingRegularFile: true) else { return nil }
        let counting: PurchaseLogMarker?
        if let marker { counting = marker } else { counting = store.logMarker(of: try store.load()) }
        let length = try logFile.committedLength(marker: counting, bytes: bytes)
        guard length < bytes.count else {
            return try git.check(["hash-object", "-w", "--no-filters", "--", paths.logName])
        }
        // Only the committed lines: hashed from a copy inside .git, never from a file beside the data file.
        // No `--path`: git refuses it beside `--no-filters` ("Can't use --path with --no-filters"), and with
        // no filter the path changes nothing.
        let copy = paths.gitDirectory + "/shop-sync.purchases"
        try POSIXFile.writeScratch(Array(bytes[..<length]), to: copy)
        defer { unlink(copy) }
        return try git.check(["hash-object", "-w", "--no-filters", "--", copy])
    }

    /// The tree of `commit` (or an empty one) with the data file's entry set to `blob`, built in a
    /// temporary index.
    /// With `log`, the purchase log's entry is set to it too.
    func tree(from commit: String?, setting blob: String, log: String? = nil, _ git: GitRepository, _ paths: SyncPaths)
        throws(ShopError) -> String
    {
        let scratch = ["GIT_INDEX_FILE": paths.scratchIndex]
        // A sync killed while building a tree can leave the temporary index's lock: it is only ever ours.
        unlink(paths.scratchIndex + ".lock")
        try git.check(["read-tree"] + (commit.map { [$0] } ?? ["--empty"]), extraEnvironment: scratch)
        try git.check(
            ["update-index", "--add", "--cacheinfo", "100644,\(blob),\(paths.dataPath)"]
                + (log.map { ["--cacheinfo", "100644,\($0),\(paths.logPath)"] } ?? []), extraEnvironment: scratch)
        let tree = try git.check(["write-tree"], extraEnvironment: scratch)
        unlink(paths.scratchIndex)
        return tree
    }

    /// Points the current branch at `commit`, only if it still points at `old` (`nil`: the branch is
    /// unborn).
    func moveHead(to commit: String, from old: String?, _ git: GitRepository) throws(ShopError) {
        let zero = String(repeating: "0", count: commit.count)
        try git.check(["update-ref", "-m", "shop sync", "HEAD", commit, old ?? zero])
    }

    /// Makes the user's index hold `blob` for the data file, so `git status` shows the file as committed.
    /// Only that entry changes; the rest of the index (the user's staged work) is left as it is.
    /// With `log`, the purchase log's entry too.
    func stageDataFile(_ blob: String, log: String? = nil, _ git: GitRepository, _ paths: SyncPaths) throws(ShopError) {
        if let log { try stage(log, at: paths.logPath, named: paths.logName, git) }
        try stage(blob, at: paths.dataPath, named: fileName, git)
    }

    private func stage(_ blob: String, at path: String, named name: String, _ git: GitRepository) throws(ShopError) {
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
