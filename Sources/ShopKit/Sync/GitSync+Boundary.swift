#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the data file sits in its repository, and the files inside `.git` that `sync` keeps.
struct SyncPaths {
    /// The repository's own folder (`.git`, or a worktree's folder under it).
    let gitDirectory: String
    /// The folder shared by every worktree (`info/`, hooks, config).
    let commonDirectory: String
    /// The data folder inside the repository: `""` at the top, else `"dotfiles/shop/"`.
    let prefix: String
    /// The repository's top folder.
    let topLevel: String
    /// The data file's name.
    let fileName: String

    init(_ git: GitRepository, fileName: String) throws(ShopError) {
        let lines = try git.check([
            "rev-parse", "--absolute-git-dir", "--git-common-dir", "--show-toplevel", "--show-prefix",
        ]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3 else { throw .gitFailed(command: "git rev-parse", message: "unexpected output") }
        gitDirectory = lines[0]
        commonDirectory = lines[1].hasPrefix("/") ? lines[1] : git.folder + "/" + lines[1]
        topLevel = lines[2]
        prefix = lines.count > 3 ? lines[3] : ""
        self.fileName = fileName
    }

    /// The data file's path inside the repository (`dotfiles/shop/shop.json`).
    var dataPath: String { prefix + fileName }
    /// The purchase log's name beside the data file (`shop.json.purchases`).
    var logName: String { fileName + ".purchases" }
    /// The purchase log's path inside the repository.
    var logPath: String { prefix + logName }
    /// Whether a repository path is one of the list's own files (the data file and its purchase log),
    /// which shop merges and writes itself: git never writes them.
    func isListFile(_ path: String) -> Bool { path == dataPath || path == logPath }
    /// The temporary index `sync` builds its trees in, so the user's index is never used for them.
    var scratchIndex: String { gitDirectory + "/shop-sync.index" }
    /// Where `sync` records its process id while it runs git commands that take `index.lock`: the proof
    /// that a lock left behind is its own.
    var ownerRecord: String { gitDirectory + "/shop-sync.pid" }
    var indexLock: String { gitDirectory + "/index.lock" }

    /// Whether a name in the data folder is one of the files shop keeps beside the data file (the lock,
    /// the undo folder, the device file, temporary files): a remote must never put anything there.
    func isBesideName(_ name: String) -> Bool {
        name == fileName + ".lock" || name == fileName + ".undo" || name == fileName + ".device"
            || name == fileName + ".serve-token" || name == fileName + ".serve-ops" || name.hasPrefix("." + fileName + ".")
    }
}

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
                "\(anchored).purchases -text -eol -working-tree-encoding -filter -ident",
            ],
            inFile: paths.commonDirectory + "/info/attributes")
        try ensureLines(
            ["\(anchored).device", "\(anchored).serve-token", "\(anchored).serve-ops"],
            inFile: paths.commonDirectory + "/info/exclude")
    }

    // MARK: - The user's work

    /// Refuses to sync while a merge, rebase, cherry-pick or revert the user started is in progress: it is
    /// theirs to finish or abort, and `sync` never touches it (SPEC 8.1).
    func refuseWorkInProgress(_ git: GitRepository, _ paths: SyncPaths) throws(ShopError) {
        let states: [(String, String, String)] = [
            ("MERGE_HEAD", "a merge", "'git commit' to finish it or 'git merge --abort'"),
            ("rebase-merge", "a rebase", "'git rebase --continue' or 'git rebase --abort'"),
            ("rebase-apply", "a rebase", "'git rebase --continue' or 'git rebase --abort'"),
            ("CHERRY_PICK_HEAD", "a cherry-pick", "'git cherry-pick --continue' or '--abort'"),
            ("REVERT_HEAD", "a revert", "'git revert --continue' or '--abort'"),
        ]
        guard let (_, what, how) = states.first(where: { POSIXFile.exists(paths.gitDirectory + "/" + $0.0) }) else {
            return
        }
        let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U", "-z"]).output
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        let files = unmerged.isEmpty ? "" : " (unmerged: \(Self.shortList(unmerged)))"
        throw .syncRefused(
            reason: "\(what) is in progress in \(paths.topLevel)\(files); sync leaves it alone",
            hint: "finish it with \(how), then 'shop sync'; your list is safe in its file and goes out with that sync")
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
    /// finishing, then remove one only when shop can prove a sync of its own left it (the record of a
    /// sync names a process that is gone, and the lock is not older than that record); any other is
    /// explained and left alone (exit 1).
    func clearStaleLocks(_ paths: SyncPaths, branch: String) throws(ShopError) {
        let locks = gitLocks(paths, branch: branch)
        for _ in 0..<20 where locks.contains(where: POSIXFile.exists) { usleep(50_000) }
        for lock in locks where POSIXFile.exists(lock) {
            var lockInfo = stat()
            var recordInfo = stat()
            if lstat(lock, &lockInfo) == 0, lstat(paths.ownerRecord, &recordInfo) == 0,
                let text = try? POSIXFile.read(paths.ownerRecord, followingLinks: false),
                let pid = pid_t(String(decoding: text, as: UTF8.self).split(separator: "\n").first ?? ""), pid > 0,
                kill(pid, 0) != 0, errno == ESRCH, lockInfo.st_mtim.tv_sec >= recordInfo.st_mtim.tv_sec
            {
                unlink(lock)
                continue
            }
            throw .syncRefused(
                reason: "\(lock) exists: another git command is running in \(paths.topLevel), or one was killed",
                hint: "if no git command is running there, remove it ('rm \(lock)') and run 'shop sync' again")
        }
    }

    /// Records this process as the sync whose git commands may hold git's locks from now on; removed
    /// when the sync ends (``forgetOwner(_:)``), so a record left behind means a sync was killed.
    func recordOwner(_ paths: SyncPaths) {
        try? AtomicFile.write(Array("\(getpid())\n".utf8), to: paths.ownerRecord, followingLinks: false)
    }

    func forgetOwner(_ paths: SyncPaths) {
        unlink(paths.ownerRecord)
    }

    /// A few names, then how many more.
    static func shortList(_ names: [String], limit: Int = 5) -> String {
        let shown = names.prefix(limit).joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }

    /// Adds each line to the file at `path` unless it is there already (the file is created if missing;
    /// lines the user wrote are kept).
    func ensureLines(_ lines: [String], inFile path: String) throws(ShopError) {
        let existing = String(decoding: try POSIXFile.read(path) ?? [], as: UTF8.self)
        let present = Set(existing.split(separator: "\n").map { Validation.trimmed(String($0)) })
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        var text = existing
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
