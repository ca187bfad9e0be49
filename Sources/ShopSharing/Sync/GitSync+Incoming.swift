import ShopFormats
import ShopHistory
import ShopModel

/// The remote's version of the data file, read from git's objects and checked before anything local changes (8.1).
struct RemoteDataFile {
    /// `origin/main:shop.json`, as errors name it.
    let source: String
    let blob: String
    /// The purchase log's blob beside it, if the remote has one.
    let logBlob: String?
    /// The decoded, validated list.
    let list: ShoppingList
    /// The remote's purchase log (empty when it has none).
    let log: PurchaseLog
    /// Every line of the remote's purchase log; `nil` when it has none.
    let logContents: DataFileDecoder.LogContents?
}

extension GitSync {
    /// The largest data file a remote may send (256 MiB).
    static let largestRemoteFile = 256 << 20

    /// Reads and checks what `commit` (the remote branch) holds at the data file's path and beside it.
    ///
    /// Refused (exit 65, naming `origin/BRANCH:PATH`): anything at the paths shop keeps beside the data
    /// file; a data file that is missing, a link, a submodule, a folder, over 256 MiB, or not valid shop
    /// data (corrupt, duplicate ids or names, dangling ids, a newer version). Only `git ls-tree` and
    /// `git cat-file` run: nothing local is touched.
    func inspectRemote(
        _ commit: String, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> RemoteDataFile {
        let origin = "origin/\(branch):"
        let folderSpec = paths.prefix.isEmpty ? [] : ["--", paths.prefix]
        let listing = try git.run(["ls-tree", "--full-tree", "--full-name", "-z", commit] + folderSpec)
        guard listing.succeeded else {
            throw .remoteRefused(source: origin + paths.dataPath, reason: .folderMissing)
        }
        var entry: TreeEntry?
        var logEntry: TreeEntry?
        for (path, found) in TreeEntry.entries(listing.output) {
            if path == paths.dataPath {
                entry = found
            } else if path == paths.logPath {
                logEntry = found
            } else if paths.isBesideName(POSIXFile.baseName(of: path)) {
                throw .remoteRefused(source: origin + path, reason: .besideDataFile)
            }
        }
        let source = origin + paths.dataPath
        guard let entry else {
            throw .remoteRefused(source: source, reason: .dataFileRemoved)
        }
        let bytes = try plainFile(entry, source, git)
        let list: ShoppingList
        // Not in a closure: the bytes (up to 256 MiB) are handed to the decoder, never copied.
        do throws(ShopError) { list = try DataFileCodec.decode(consuming: bytes, path: source) } catch {
            throw .core(error)
        }
        // The purchase log is checked the same way: a plain file of valid log lines, or none at all.
        let logSource = origin + paths.logPath
        let contents = try logEntry.map { (log) throws(SyncError) in
            let bytes = try plainFile(log, logSource, git)
            return try SyncError.core { () throws(ShopError) in try PurchaseLogFile.contents(bytes, path: logSource) }
        }
        let log = PurchaseLog(
            loaded: contents.map(PurchaseLogFile.live) ?? [], deleted: contents?.deleted ?? [],
            stock: contents.map(PurchaseLogFile.liveStock) ?? [], dead: contents.map(PurchaseLogFile.dead) ?? [])
        return RemoteDataFile(
            source: source, blob: entry.object, logBlob: logEntry?.object, list: list, log: log, logContents: contents)
    }

    /// The bytes of a tree entry that must be a plain file of at most 256 MiB.
    private func plainFile(_ entry: TreeEntry, _ source: String, _ git: GitRepository) throws(SyncError) -> [UInt8] {
        switch (entry.mode, entry.type) {
        case ("100644", "blob"), ("100755", "blob"): break
        case ("120000", _): throw .remoteRefused(source: source, reason: .symbolicLink)
        case ("160000", _): throw .remoteRefused(source: source, reason: .submodule)
        case (_, "tree"): throw .remoteRefused(source: source, reason: .folder)
        default: throw .remoteRefused(source: source, reason: .notPlainFile(mode: entry.mode))
        }
        let size = Int(try git.check(["cat-file", "-s", entry.object])) ?? Int.max
        guard size <= Self.largestRemoteFile else {
            throw .remoteRefused(source: source, reason: .tooLarge(bytes: size, limit: Self.largestRemoteFile))
        }
        let bytes = try git.run(["cat-file", "blob", entry.object])
        guard bytes.succeeded else {
            throw .gitFailed(command: "git cat-file blob \(entry.object)", message: bytes.errorText)
        }
        return bytes.output
    }

    /// The purchase log as `commit` holds it beside the data file, for the merge's base: one that is
    /// missing or cannot be read counts as empty, which only makes the merge keep more.
    func baseLog(_ commit: String?, _ git: GitRepository, _ paths: SyncPaths) throws(SyncError) -> PurchaseLog {
        guard let commit, let blob = try git.objectID("\(commit):\(paths.logPath)"),
            let contents = try logContents(ofBlob: blob, git, paths)
        else { return PurchaseLog(loaded: []) }
        return PurchaseLog(
            loaded: PurchaseLogFile.live(contents), deleted: contents.deleted,
            stock: PurchaseLogFile.liveStock(contents))
    }

    /// The data file as `commit` holds it, for the merge's base: a version that cannot be read (or is
    /// missing) counts as an empty list, which only makes the merge keep more.
    func baseList(_ commit: String?, _ git: GitRepository, _ paths: SyncPaths, _ state: SyncState? = nil)
        throws(SyncError) -> ShoppingList
    {
        guard let commit, let blob = try git.objectID("\(commit):\(paths.dataPath)") else { return ShoppingList() }
        if let known = state?.lists[blob] { return known }
        let bytes = try git.run(["cat-file", "blob", blob])
        guard bytes.succeeded, bytes.output.count <= Self.largestRemoteFile else { return ShoppingList() }
        let list = (try? DataFileCodec.decode(consuming: bytes.output, path: paths.dataPath)) ?? ShoppingList()
        // Kept for the rest of the sync: the commit's subject and the summary often read the same version.
        state?.lists[blob] = list
        return list
    }
}

/// The purchase log is the household's record of money: across devices it only grows, as it does on one. A purchase
/// leaves it only through a deletion line written by `unbuy`, which travels like any other line (SPEC 8.1 and 10).
///
/// Two directions are held to that. What comes in: a remote whose log lost or changed lines that the common commit's
/// log had (a commit that deletes `shop.json.purchases`, cuts it, or edits a purchase) is refused before anything local
/// changes, exactly as a remote that deletes the data file. What goes out: before `sync` commits, a local log that
/// lacks lines `HEAD` holds and the remote holds too (a log file restored from a backup) gets them back, so no commit
/// of shop's ever drops a line another device has seen, and no other device ever has to refuse one.
///
/// Only lines that have travelled come back. A line that only this device's own commits hold (a sync committed an
/// `unbuy` and then could not reach the remote) is still this device's to take back with `undo` (SPEC 16): putting it
/// back would delete the purchase again at the next sync.
extension GitSync {
    /// Every line of the log a blob holds, or `nil` when it cannot be read as a log (a damaged base
    /// holds nothing to, which only makes the check keep more).
    func logContents(ofBlob blob: String, _ git: GitRepository, _ paths: SyncPaths) throws(SyncError)
        -> DataFileDecoder.LogContents?
    {
        let bytes = try git.run(["cat-file", "blob", blob])
        guard bytes.succeeded, bytes.output.count <= Self.largestRemoteFile else { return nil }
        return try? PurchaseLogFile.contents(bytes.output, path: paths.logPath)
    }

    /// Refuses (exit 65, naming `origin/BRANCH:shop.json.purchases`) a remote log that lost a purchase
    /// line, changed one, or lost a deletion line, against the log of `base`, the commit both sides had.
    func refuseRewrittenLog(
        _ remote: RemoteDataFile, base: String?, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) {
        guard let base, let baseBlob = try git.objectID("\(base):\(paths.logPath)"), baseBlob != remote.logBlob,
            let old = try logContents(ofBlob: baseBlob, git, paths), !old.purchases.isEmpty || !old.deleted.isEmpty
        else { return }
        let source = "origin/\(branch):\(paths.logPath)"
        guard let theirs = remote.logContents else {
            throw .remoteRefused(source: source, reason: .logRemoved(purchases: old.purchases.count))
        }
        var held: [Purchase.ID: Purchase] = [:]
        for purchase in theirs.purchases { held[purchase.id] = purchase }
        var lost: [Purchase] = []
        var changed: [Purchase] = []
        for purchase in old.purchases {
            guard let now = held[purchase.id] else {
                // A purchase an `unbuy` deleted may travel as its deletion line alone: only a live one goes missing.
                if !old.deleted.contains(purchase.id), !theirs.deleted.contains(purchase.id) { lost.append(purchase) }
                continue
            }
            // The item a purchase points at is not part of the record: when two same-named items become
            // one, a device writes the purchases that came in pointing at the item kept (SPEC 8.2).
            var compared = now
            compared.itemID = purchase.itemID
            compared.loggedItemID = purchase.loggedItemID
            if compared != purchase { changed.append(purchase) }
        }
        // A deletion line missing matters only where it would bring its purchase back to life: a remote
        // that holds neither line (a merge by a shop from before the rule) lost nothing live.
        let lostDeletions = old.deleted.subtracting(theirs.deleted).filter { held[$0] != nil }.count
        guard lost.isEmpty, changed.isEmpty, lostDeletions == 0 else {
            throw .remoteRefused(
                source: source, reason: .logRewritten(lost: lost, changed: changed, lostDeletions: lostDeletions))
        }
    }

    /// Whether two log blobs hold the same log: the same live purchases, stock entries and deletion lines, whatever the
    /// order of their lines (each device appends what comes in to its own file) and whether a deleted purchase's own
    /// line is there. `nil` (no log) holds the same as an empty one.
    func sameLog(_ left: String?, _ right: String?, _ git: GitRepository, _ paths: SyncPaths) throws(SyncError)
        -> Bool
    {
        if left == right { return true }
        func contents(_ blob: String?) throws(SyncError) -> DataFileDecoder.LogContents? {
            guard let blob else { return DataFileDecoder.LogContents() }
            return try logContents(ofBlob: blob, git, paths)
        }
        guard let one = try contents(left), let other = try contents(right), one.deleted == other.deleted else {
            return false
        }
        // Stock entries (`use`, `open`, `stock add`) are changes like purchases (SPEC 23): a log that gained one
        // is not the same log, and the sync commits and sends it.
        return Set(PurchaseLogFile.live(one).map(\.id)) == Set(PurchaseLogFile.live(other).map(\.id))
            && Set(PurchaseLogFile.liveStock(one).map(\.id)) == Set(PurchaseLogFile.liveStock(other).map(\.id))
    }

    /// Puts back into the local log every line `HEAD`'s log holds that the local log lacks and that has travelled (the
    /// remote's log, `travelled`, holds it), as one write of the data file and the log (no undo step: nothing the user
    /// did is changed, only what was lost is found again). Under the data file's lock, before a commit.
    /// - Parameter travelled: the log blob of the remote-tracking branch (`nil`: nothing has travelled).
    /// - Returns: whether anything was put back.
    func restoreLogLines(headLog: String, travelled: String?, _ git: GitRepository, _ paths: SyncPaths)
        throws(SyncError) -> Bool
    {
        guard store.exists else { return false }
        let head = try git.run(["cat-file", "blob", headLog])
        guard head.succeeded, head.output.count <= Self.largestRemoteFile else { return false }
        // Usually the local log is HEAD's with new lines after it: nothing was lost, nothing to decode.
        let file = PurchaseLogFile(dataFile: store.resolvedPath)
        let unchanged = try SyncError.core { () throws(ShopError) in
            guard let local = try POSIXFile.read(file.path, expectingRegularFile: true) else { return false }
            let length = try file.committedLength(marker: try store.currentLogMarker(), bytes: local)
            return length >= head.output.count && local[..<head.output.count].elementsEqual(head.output)
        }
        if unchanged { return false }
        guard let committed = try? PurchaseLogFile.contents(head.output, path: paths.logPath),
            let travelled, let remote = try logContents(ofBlob: travelled, git, paths)
        else { return false }
        // A purchase has travelled when the remote holds its line or a deletion line naming it.
        let remoteIDs = Set(remote.purchases.map(\.id)).union(remote.deleted)
        var (list, log) = try SyncError.core { () throws(ShopError) in try store.loadWithPurchaseLog() }
        let live = Set(log.purchases.map(\.id))
        var changed = false
        for purchase in committed.purchases
        where !live.contains(purchase.id) && !log.deletedIDs.contains(purchase.id)
            && remoteIDs.contains(purchase.id)
        {
            log.add(purchase)
            changed = true
        }
        for id in committed.deleted where !log.deletedIDs.contains(id) && remote.deleted.contains(id) {
            log.recordDeletion(id)
            changed = true
        }
        guard changed else { return false }
        list.attachOrphanPurchases(in: &log)
        list.recomputePurchaseDates(from: log)
        var writer = store
        writer.undoDescription = nil
        try SyncError.core { () throws(ShopError) in
            try writer.replaceHoldingLock(with: list, log: log, hadFile: true)
        }
        return true
    }
}
