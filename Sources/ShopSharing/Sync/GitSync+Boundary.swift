import ShopFormats
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GitSync {
    // MARK: - Attributes and exclusions kept inside .git

    /// Pins the data file's attributes in `.git/info/attributes`, which outranks every `.gitattributes`:
    /// the merge driver `shop`, no end-of-line or text conversion, no working-tree encoding, no filter.
    /// And keeps the device file and `shop serve`'s token and op ledger out of git through `.git/info/exclude`. Both are rewritten only when a
    /// line is missing, so repositories set up by an earlier shop are covered by their next `sync`.
    func pinRepositorySettings(_ paths: SyncPaths) throws(ShopError) {
        let anchored = "/" + paths.dataPath.replacing(" ", with: "[ ]")
        try POSIXFile.makeDirectories(paths.commonDirectory + "/info")
        try ensureLines(
            [
                "\(anchored) merge=shop -text -eol -working-tree-encoding -filter -ident",
                SiblingFile.purchases.path(beside: anchored) + " -text -eol -working-tree-encoding -filter -ident",
            ],
            inFile: paths.commonDirectory + "/info/attributes")
        try ensureLines(
            [SiblingFile.device, .serveToken, .serveOps].map { $0.path(beside: anchored) },
            inFile: paths.commonDirectory + "/info/exclude")
    }

    // MARK: - The user's work

    /// Refuses to sync while a merge, rebase, cherry-pick or revert the user started is in progress: it is
    /// theirs to finish or abort, and `sync` never touches it (SPEC 8.1).
    func refuseWorkInProgress(_ git: GitRepository, _ paths: SyncPaths) throws(ShopError) {
        // The file in the git folder that says each operation is in progress.
        let states: [(String, SyncRefusal.GitOperation)] = [
            ("MERGE_HEAD", .merge), ("rebase-merge", .rebase), ("rebase-apply", .rebase),
            ("CHERRY_PICK_HEAD", .cherryPick), ("REVERT_HEAD", .revert),
        ]
        guard let (_, operation) = states.first(where: { POSIXFile.exists(paths.gitDirectory + "/" + $0.0) }) else {
            return
        }
        let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U", "-z"]).output
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        throw .syncRefused(.workInProgress(operation, folder: paths.topLevel, unmerged: unmerged))
    }

    /// The lock files git leaves behind when it is killed while it writes what `sync` asks of it: the
    /// index, `HEAD`, the branch, its remote-tracking ref, the packed refs, the configuration.
    func gitLocks(_ paths: SyncPaths, branch: String) -> [String] {
        [
            paths.indexLock, paths.gitDirectory + "/HEAD.lock",
            paths.commonDirectory + "/refs/heads/\(branch).lock",
            paths.commonDirectory + "/refs/remotes/origin/\(branch).lock",
            paths.commonDirectory + "/packed-refs.lock", paths.commonDirectory + "/config.lock",
        ]
    }

    /// Leftover git locks (`.git/index.lock`, `HEAD.lock`...): wait a moment for a git that is still
    /// finishing, then remove one only when shop can prove, now, that a git command of a sync left it and
    /// died (``GitOwnerRecord``: its record is on disk and nobody holds its flock, the lock is not older
    /// than the record, and no running process has the lock file open); any other is explained and left
    /// alone (exit 1).
    func clearStaleLocks(_ paths: SyncPaths, branch: String) throws(ShopError) {
        let locks = gitLocks(paths, branch: branch)
        for _ in 0..<20 where locks.contains(where: POSIXFile.exists) { usleep(50_000) }
        let present = locks.filter { POSIXFile.isLink($0) || POSIXFile.exists($0) }
        _ = GitOwnerRecord.withStaleRecord(at: paths.ownerRecord) { record in
            for lock in present {
                var info = stat()
                guard lstat(lock, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                    (info.st_ctim.tv_sec, info.st_ctim.tv_nsec) >= (record.st_ctim.tv_sec, record.st_ctim.tv_nsec),
                    !GitOwnerRecord.isOpenByAnyProcess(info)
                else { continue }
                unlink(lock)
            }
            removeMergeTemporaries(paths, since: record)
        }
        for lock in present where POSIXFile.isLink(lock) || POSIXFile.exists(lock) {
            throw .syncRefused(.foreignLock(lock: lock, folder: paths.topLevel))
        }
        removeStaleScratchFiles(paths)
    }

    /// The `.merge_file_*` copies git makes in the repository's top folder while `merge-tree` runs a merge
    /// driver, left when the sync's git command was killed: removed on the same proof as a lock (made
    /// after the dead command's record, open in no running process).
    private func removeMergeTemporaries(_ paths: SyncPaths, since record: stat) {
        guard let directory = opendir(paths.topLevel) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(".merge_file_") else { continue }
            let path = paths.topLevel + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                (info.st_ctim.tv_sec, info.st_ctim.tv_nsec) >= (record.st_ctim.tv_sec, record.st_ctim.tv_nsec),
                !GitOwnerRecord.isOpenByAnyProcess(info)
            else { continue }
            unlink(path)
        }
    }

    /// Files a sync killed by an earlier shop may have left inside `.git`: the temporary copies of its
    /// process record (`.shop-sync.pid.tmp.<pid>.*`) and of the log (`.shop-sync.purchases.tmp.*`), of
    /// processes that are gone.
    /// And its scratch files, which only a sync holding the data file's lock uses (as this one does now).
    private func removeStaleScratchFiles(_ paths: SyncPaths) {
        let logCopy = paths.gitDirectory + "/shop-sync.purchases"
        AtomicFile.removeStaleTemporaries(of: [paths.ownerRecord, logCopy])
        for scratch in [
            paths.scratchIndex, logCopy, paths.gitDirectory + "/shop-sync.shared", paths.commitMessage,
        ] {
            unlink(scratch)
        }
    }

    /// A few names, then how many more (the command line words sync's refusals with it too).
    public static func shortList(_ names: [String], limit: Int = 5) -> String {
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }

    /// Adds each line to the file at `path` unless it is there already (the file is created if missing;
    /// lines the user wrote are kept).
    func ensureLines(_ lines: [String], inFile path: String) throws(ShopError) {
        let existing = String(decoding: try POSIXFile.read(path, expectingRegularFile: true) ?? [], as: UTF8.self)
        let present = Set(existing.split(separator: "\n").map { Validation.trimmed(String($0)) })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        var text = existing
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
