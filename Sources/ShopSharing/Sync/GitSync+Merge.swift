import ShopFormats
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One merge of the remote branch into the local one, under the data file's lock.
struct IntegrationStep {
    /// Whether the data file had to be committed first (a change made while fetching).
    var committed = false
    /// The list as the remote holds it, when it was read (`nil`: nothing came in; read only if the summary needs it).
    var theirs: (list: ShoppingList, log: PurchaseLog)?
    /// The local list before the merge with its whole log, and the merged one (`nil` when nothing came in).
    var ours = ShoppingList()
    var oursLog = PurchaseLog()
    var merged: ShoppingList?
    var mergedLog = PurchaseLog(isLoaded: false)
    var conflicts: [MergeConflict] = []
    /// This device's edits that lost a conflict: told now, or told to it by an incoming merge commit.
    var replaced: [Replacement] = []
    /// Records of one name that became one, said as joins (never as conflicts or renames).
    var joins: [RecordJoin] = []
    /// Purchases that came in dated more than a day after this device's clock (SPEC 20).
    var aheadOfClock: [Purchase] = []
}

extension GitSync {
    /// Merges the remote commit into the current branch.
    ///
    /// Order, so that a kill at any instant loses nothing and the next sync finishes the job: check what came in
    /// (nothing local changes if it is refused); merge in process; write the data file (shop's own atomic write, one
    /// undo step); bring in the other files the remote changed; only then move `HEAD` (with its old value, so a
    /// concurrent change is never overwritten) and the index entry. A kill before `HEAD` moves leaves a data file that
    /// differs from `HEAD`: the next sync commits it and merges again, which changes nothing more.
    func integrate(
        _ theirsCommit: String, branch: String, _ git: GitRepository, _ paths: SyncPaths, at now: Date,
        _ state: SyncState
    ) throws(SyncError) -> IntegrationStep {
        var step = IntegrationStep()
        let current = try git.objectID("HEAD")
        var level = current == theirsCommit
        if !level, let current { level = try git.succeeds(["merge-base", "--is-ancestor", theirsCommit, current]) }
        if level {
            // Nothing came in: commit what changed here. Only the summary needs the remote's list then.
            step.committed = try commitDataFile(git, paths, at: now, state)
            return step
        }
        // What came in is checked before anything local changes, the local commit included.
        let remote = try inspectRemote(theirsCommit, branch: branch, git, paths)
        step.aheadOfClock = try refuseInvalidRecords(remote, at: now)
        if let current = try git.objectID("HEAD") {
            let common = try git.run(["merge-base", current, theirsCommit]).text
            try refuseRewrittenLog(remote, base: common.isEmpty ? nil : common, branch: branch, git, paths)
        }
        step.theirs = (remote.list, remote.log)
        step.committed = try commitDataFile(git, paths, at: now, state)
        let head = try git.objectID("HEAD")
        var fastForward = true
        var base: String?
        if let head {
            fastForward = try git.succeeds(["merge-base", "--is-ancestor", head, theirsCommit])
            base = try git.run(["merge-base", head, theirsCommit]).text
            if base?.isEmpty == true { base = nil }
        }
        let hadFile = POSIXFile.exists(dataFile)
        // The local side with its whole purchase log: the logs merge by id with the lists.
        (step.ours, step.oursLog) = try SyncError.core { () throws(ShopError) in try store.loadWithPurchaseLog() }
        // A fast-forward (nothing local since the common commit) or a device with no data yet takes the
        // remote's list as it is, its Unknown Location's id included, as a checkout would.
        var merge: MergeReport
        if fastForward || !hadFile {
            merge = MergeReport(list: remote.list, conflicts: [], log: remote.log)
        } else {
            merge = ShoppingList.merge(
                base: try baseList(base, git, paths, state), ours: step.ours, theirs: remote.list,
                logs: (try baseLog(base, git, paths), step.oursLog, remote.log))
        }
        // Two records of one name becoming one is a join, said as such (SPEC 14), not a conflict.
        step.joins = RecordJoin.joins(in: merge.conflicts, ours: step.ours, theirs: remote.list)
        step.conflicts = merge.conflicts.filter { $0.resolution != .united }
        let device = store.deviceName()
        let remoteDevice = author(of: theirsCommit, git)
        step.joins = step.joins.map {
            var join = $0
            join.from = remoteDevice
            return join
        }
        // The merged purchases become lines appended to this device's log file, written with the data file.
        merge.rebaseLog(onto: step.oursLog)

        var top = GitRepository(folder: paths.topLevel, environment: git.environment)
        top.ownerRecord = git.ownerRecord
        let otherTree =
            try fastForward
            ? git.check(["rev-parse", "\(theirsCommit)^{tree}"])
            : mergeOtherFiles(head!, theirsCommit, base: base, branch: branch, top, paths)
        let incoming = try changedPaths(from: head, to: otherTree, top, paths)
        try refuseLocalEdits(incoming, comingIn: otherTree, top)

        // The data file: shop writes it, never git, and only once git holds every object of the commit
        // that will carry it (SPEC 14, a full disk): the new file is handed to git from its temporary
        // copy, before it replaces the old one. A failure up to there leaves the data file as it was.
        let joinedHere = step.joins.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
        let cameIn = RecordChanges(from: step.ours, to: merge.list, logs: (step.oursLog, merge.log))
            .excluding(ids: joinedHere)
        step.joins += try joinsComingIn(head, theirsCommit, ours: step.ours, git)
        step.replaced =
            Self.replaced(step.conflicts, losing: .ours, winner: remoteDevice)
            + (try replacementsComingIn(head, theirsCommit, cameIn: cameIn, git))
        let record = CommitRecord(
            theirs: theirsCommit, head: head, otherTree: otherTree, remote: remote, branch: branch, now: now,
            cameIn: cameIn,
            replaced: addressed(
                Self.replaced(step.conflicts, losing: .theirs, winner: device), base: base, tip: theirsCommit, git),
            joins: step.joins.filter { $0.from == remoteDevice && joinedHere.contains($0.keptID) }.map {
                var join = $0
                join.from = device
                return join
            })
        var built: BuiltCommit?
        if merge.list != step.ours || !hadFile || merge.log.hasChanges {
            var writer = store
            writer.undoDescription = "sync"
            var writtenLog: PurchaseLogMarker?
            var gitFailure: SyncError?
            do throws(ShopError) {
                try writer.replaceHoldingLock(with: merge.list, log: merge.log, hadFile: hadFile) {
                    (temporary, marker) throws(ShopError) in
                    do throws(SyncError) {
                        let blob = try git.check(["hash-object", "-w", "--no-filters", "--", temporary])
                        let log = try purchaseLogBlob(git, paths, marker: marker)
                        let bytes = try SyncError.core { () throws(ShopError) in try POSIXFile.read(temporary) }
                        built = try buildCommit(record, blob: blob, log: log, bytes: bytes, git, paths)
                    } catch {
                        // Any ShopError stops the write (the data file stays as it was); git's failure is thrown below.
                        gitFailure = error
                        throw .cannotWrite(path: temporary, reason: "\(error)")
                    }
                    writtenLog = marker
                }
            } catch {
                throw gitFailure ?? .core(error)
            }
            // The lines this step appended came from the remote: they have travelled the moment they are here, so
            // `undo` of this step is refused from now on (SPEC 16), even if the sync is then killed or refused. The
            // state marked includes this device's lines not sent yet, which only `undo` of older steps could reach.
            if merge.log.hasChanges, let writtenLog {
                PurchaseLogAcknowledgement.writeTravelled(writtenLog, lockPath: store.lockPath)
            }
        } else {
            let blob = try git.check(["hash-object", "-w", "--no-filters", "--", fileName])
            let log = try purchaseLogBlob(git, paths)
            let bytes = try SyncError.core { () throws(ShopError) in try POSIXFile.read(dataFile) }
            built = try buildCommit(record, blob: blob, log: log, bytes: bytes, git, paths)
        }
        guard let built else { throw .gitFailed(command: "git commit-tree", message: "no commit was made") }
        let commit = built.commit
        step.merged = merge.list
        step.mergedLog = merge.log
        if state.naming { state.lists[built.blob] = merge.list }
        try bringIn(incoming, from: commit, top, paths)
        try moveHead(to: commit, from: head, git)
        try stageDataFile(built.blob, log: built.log, git, paths)
        return step
    }

    /// The tree of a merge of the two commits for every file but the data file (whose entry the caller
    /// replaces with shop's own merge). git's `merge-tree` works on objects only; the data file's driver
    /// is set to keep ours, so no merge of it runs twice.
    /// - Throws: ``SyncError/syncRefused(_:)`` when other files conflict.
    private func mergeOtherFiles(
        _ head: String, _ theirs: String, base: String?, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> String {
        if mergesByPath { return try mergeByPath(head, theirs, base: base, branch: branch, git, paths) }
        let scratch = GitScratchFiles(in: git.folder)
        defer { scratch.removeNew() }
        let outcome = try git.run([
            "-c", "merge.shop.driver=true", "merge-tree", "--write-tree", "--allow-unrelated-histories", "--name-only",
            "-z", head, theirs,
        ])
        let fields = outcome.output.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard outcome.status == 0 || outcome.status == 1, let tree = fields.first, !tree.isEmpty else {
            // A git before 2.38 has no `merge-tree --write-tree` (usage error, exit 129).
            if outcome.status == 129 { return try mergeByPath(head, theirs, base: base, branch: branch, git, paths) }
            throw .gitFailed(command: "git merge-tree \(head) \(theirs)", message: outcome.errorText)
        }
        if outcome.status == 1 {
            // After the tree: the conflicted paths, up to an empty field.
            let conflicted = Array(fields.dropFirst().prefix { !$0.isEmpty }).filter { !paths.isListFile($0) }
            let shared = sharedFiles(paths)
            let others = conflicted.filter { !shared.contains($0) }
            if !others.isEmpty { throw Self.sameFilesChanged(others, branch: branch, unrelated: base == nil, paths) }
            if !conflicted.isEmpty {
                return try unionSharedFiles(conflicted, in: tree, head: head, theirs: theirs, git, paths)
            }
        }
        return tree
    }

    /// The paths other than the data file that differ between `head` (or nothing) and `tree`.
    private func changedPaths(from head: String?, to tree: String, _ git: GitRepository, _ paths: SyncPaths)
        throws(SyncError) -> [String]
    {
        let arguments =
            head.map { ["diff-tree", "-r", "--no-renames", "--name-only", "-z", $0, tree] }
            ?? ["ls-tree", "-r", "--name-only", "-z", tree]
        return try git.run(arguments).output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { !paths.isListFile($0) }
    }

    /// Refuses to overwrite local edits (or untracked files) at paths the incoming commits change, unless
    /// the file already holds what comes in (a sync killed half-way through bringing it in).
    private func refuseLocalEdits(_ incoming: [String], comingIn tree: String, _ git: GitRepository) throws(SyncError) {
        guard !incoming.isEmpty else { return }
        let status = try git.run(
            ["status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all", "--"] + incoming)
        var touched: [String] = []
        for entry in status.output.split(separator: 0) where entry.count > 3 {
            let path = String(decoding: entry.dropFirst(3), as: UTF8.self)
            let wanted = try git.objectID("\(tree):\(path)")
            let onDisk = POSIXFile.exists(git.folder + "/" + path) || POSIXFile.isLink(git.folder + "/" + path)
            let current = onDisk ? try? git.check(["hash-object", "--", path]) : nil
            if current != wanted { touched.append(path) }
        }
        guard !touched.isEmpty else { return }
        throw .syncRefused(.localChangesToIncoming(touched))
    }

    /// Writes the other files that came in (never the data file) into the working tree and the index.
    private func bringIn(_ incoming: [String], from commit: String, _ git: GitRepository, _ paths: SyncPaths)
        throws(SyncError)
    {
        guard !incoming.isEmpty else { return }
        var present: [String] = []
        var gone: [String] = []
        for path in incoming {
            if try git.objectID("\(commit):\(path)") != nil { present.append(path) } else { gone.append(path) }
        }
        if !present.isEmpty { try git.check(["checkout", "-q", commit, "--"] + present) }
        if !gone.isEmpty { try git.check(["rm", "-q", "-f", "--ignore-unmatch", "--"] + gone) }
    }
}

/// The other files of a repository merged path by path, for a git without `merge-tree --write-tree`
/// (before 2.38, such as Ubuntu 22.04's): a path changed on one side only takes that side's version;
/// changed on both sides to different contents, it is left to the user (exit 1), never merged by guess.
extension GitSync {
    /// `SHOP_SYNC_MERGE_BY_PATH=1` takes this path even where `merge-tree` exists (the tests use it).
    var mergesByPath: Bool { environment["SHOP_SYNC_MERGE_BY_PATH"] == "1" }

    /// The tree of `head` with the changes `theirs` made since `base` (every path of `theirs` when the
    /// histories are unrelated), the data file's entry left as `head` has it.
    /// - Throws: ``SyncError/syncRefused(_:)`` naming the paths both sides changed.
    func mergeByPath(
        _ head: String, _ theirs: String, base: String?, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(SyncError) -> String {
        let ours = try entries(head, git)
        let incoming = try entries(theirs, git)
        let old = try base.map { (commit) throws(SyncError) in try entries(commit, git) } ?? [:]
        var updates: [String] = []
        var removals: [String] = []
        var conflicted: [String] = []
        for path in Set(ours.keys).union(incoming.keys) where !paths.isListFile(path) {
            let (mine, yours, before) = (ours[path], incoming[path], old[path])
            if mine == yours || yours == before { continue }
            guard mine == before else {
                conflicted.append(path)
                continue
            }
            if let yours {
                updates += ["--cacheinfo", "\(yours.mode),\(yours.object),\(path)"]
            } else {
                removals.append(path)
            }
        }
        let shared = sharedFiles(paths)
        let others = conflicted.filter { !shared.contains($0) }
        guard others.isEmpty else {
            throw Self.sameFilesChanged(others.sorted(), branch: branch, unrelated: base == nil, paths)
        }
        let tree = try scratchTree(from: head, adding: updates, removing: removals, git, paths)
        if conflicted.isEmpty { return tree }
        return try unionSharedFiles(conflicted.sorted(), in: tree, head: head, theirs: theirs, git, paths)
    }

    /// The refusal when both sides changed the same files.
    /// - Parameter unrelated: the two histories share no commit (a device joining with a list of its own):
    ///   the hint's `git merge` needs `--allow-unrelated-histories`, or git refuses it.
    static func sameFilesChanged(_ files: [String], branch: String, unrelated: Bool, _ paths: SyncPaths) -> SyncError {
        .syncRefused(.sameFilesChanged(files, branch: branch, unrelated: unrelated, folder: paths.topLevel))
    }

    /// Every file of `commit`: path → mode and object.
    private func entries(_ commit: String, _ git: GitRepository) throws(SyncError)
        -> [String: TreeEntry]
    {
        let listing = try git.run(["ls-tree", "-r", "--full-tree", "-z", commit]).output
        return Dictionary(TreeEntry.entries(listing)) { $1 }
    }
}

/// One entry of a tree: its mode, type and object id.
struct TreeEntry: Equatable {
    var mode: String
    var type: String
    var object: String

    /// The entries of `git ls-tree -z`'s output (`<mode> <type> <object>\t<path>`), each after its path.
    static func entries(_ listing: [UInt8]) -> [(String, TreeEntry)] {
        listing.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: 0x09) else { return nil }
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ").map(String.init)
            guard fields.count == 3 else { return nil }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            return (path, TreeEntry(mode: fields[0], type: fields[1], object: fields[2]))
        }
    }
}

/// `.gitattributes` and `.gitignore` beside the data file: `sync init` writes its lines into them on every device, so
/// a device that joins a household with a list of its own has its own version of both. When both sides changed one,
/// the merge keeps every line of both (the remote's first, then this device's other lines): lines there only add
/// rules, and shop's own must stay on every device (SPEC 8.1, issue 26).
extension GitSync {
    /// The shop-written files beside the data file, as repository paths.
    func sharedFiles(_ paths: SyncPaths) -> Set<String> {
        [paths.prefix + ".gitattributes", paths.prefix + ".gitignore"]
    }

    /// Replaces the entries of `conflicted` (shop-written files both sides changed) in `tree` by the union
    /// of their lines in `head` and `theirs`, built in the scratch index.
    /// - Returns: the new tree.
    func unionSharedFiles(
        _ conflicted: [String], in tree: String, head: String, theirs: String, _ git: GitRepository,
        _ paths: SyncPaths
    ) throws(SyncError) -> String {
        var updates: [String] = []
        for path in conflicted {
            let mine = try text(of: "\(head):\(path)", git)
            let yours = try text(of: "\(theirs):\(path)", git)
            var seen = Set<Substring>()
            var lines: [Substring] = []
            for line in yours.split(separator: "\n") + mine.split(separator: "\n") where seen.insert(line).inserted {
                lines.append(line)
            }
            let merged = Array((lines.joined(separator: "\n") + "\n").utf8)
            let scratch = paths.gitDirectory + "/shop-sync.shared"
            try SyncError.core { () throws(ShopError) in try POSIXFile.writeScratch(merged, to: scratch) }
            defer { unlink(scratch) }
            let blob = try git.check(["hash-object", "-w", "--no-filters", "--", scratch])
            updates += ["--cacheinfo", "100644,\(blob),\(path)"]
        }
        return try scratchTree(from: tree, adding: updates, git, paths)
    }

    /// A blob's text, or nothing when the revision names none.
    private func text(of revision: String, _ git: GitRepository) throws(SyncError) -> String {
        let outcome = try git.run(["cat-file", "blob", revision])
        return outcome.succeeded ? String(decoding: outcome.output, as: UTF8.self) : ""
    }
}
