import ShopFormats
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `shop sync init` and `shop sync` (SPEC section 8): the data file's folder is (or is inside) a git
/// repository whose `origin` every device shares. Git moves and keeps the history; shop only adds the
/// merge driver (`shop merge-file`) that merges two data files record by record.
///
/// git never writes the data file during `sync` (SPEC 8.1): shop reads what came in from git's objects,
/// checks it, merges it in process and writes it itself, then builds the commits with git's plumbing.
/// The merge driver stays for a plain `git merge` the user runs by hand.
public struct GitSync {
    /// The data file's store (its lock, path and undo history).
    public let store: DataFileStore
    /// The absolute path of the running `shop`, registered as the merge driver on every run (cron's `PATH` is short).
    public let executable: String
    /// The environment git runs in.
    public let environment: [String: String]

    public init(store: DataFileStore, executable: String, environment: [String: String]) {
        self.store = store
        self.executable = executable
        self.environment = environment
    }

    /// What `sync init` did.
    public struct InitReport: Hashable, Sendable {
        public var createdRepository = false
        public var addedRemote: String?
        public var committed = false
        /// The repository's top folder.
        public var repository = ""
        /// The branch a new repository was created on (the remote's default branch if reached); `nil` if it existed.
        public var createdBranch: String?
        /// git's message when the URL given could not be reached (everything is set up all the same).
        public var unreachable: String?
    }

    var dataFile: String { store.resolvedPath }
    var folder: String { POSIXFile.parent(of: dataFile) }
    var fileName: String { POSIXFile.baseName(of: dataFile) }

    /// `shop sync init [URL]`: makes the data file's folder a repository if it is not in one, writes
    /// `.gitattributes` and `.gitignore`, registers the merge driver, adds `origin`, and commits. Running it
    /// again changes nothing. An `origin` with another URL fails before anything is changed.
    public func initialize(remote url: String?) throws(SyncError) -> InitReport {
        var git = GitRepository(folder: folder, environment: environment)
        _ = try git.run(["--version"])
        var report = InitReport()
        let inRepository = try POSIXFile.exists(folder) ? ownedByRepository(git) : false
        if inRepository, let url {
            let origin = try git.run(["remote", "get-url", "origin"])
            if origin.succeeded && origin.text != url { throw .originMismatch(existing: origin.text, given: url) }
        }
        try SyncError.core { () throws(ShopError) in try POSIXFile.makeDirectories(folder) }
        // Asked outside the lock and within the time limit: the remote's default branch, or why it cannot be reached.
        var remoteBranch: String?
        if let url {
            let answer = try git.run(["ls-remote", "--symref", url, "HEAD"], timeout: try Self.timeout(environment))
            if answer.succeeded {
                remoteBranch = answer.text.split(separator: "\n").first { $0.hasPrefix("ref: refs/heads/") }
                    .flatMap { $0.dropFirst("ref: refs/heads/".count).split(separator: "\t").first.map(String.init) }
            } else {
                report.unreachable =
                    answer.timedOut
                    ? "no answer within \(Int(try Self.timeout(environment))) s"
                    : answer.errorText.split(separator: "\n").prefix(2).joined(separator: " / ")
            }
        }
        return try locked { () throws(SyncError) in
            if try !ownedByRepository(git) {
                let branch = remoteBranch ?? "main"
                try git.check(["init", "-q", "-b", branch])
                report.createdRepository = true
                report.createdBranch = branch
            }
            report.repository = try git.check(["rev-parse", "--show-toplevel"])
            try git.supplyIdentityIfMissing(host: DeviceName.hostName)
            try ensureLines(["\(fileName) merge=shop"], inFile: folder + "/.gitattributes")
            try ensureLines(
                [
                    SiblingFile.lock.path(beside: fileName), SiblingFile.undo.path(beside: fileName) + "/",
                    AtomicFile.temporaryPrefix(of: fileName) + "*",
                    AtomicFile.temporaryPrefix(of: SiblingFile.undo.path(beside: fileName)) + "*",
                ],
                inFile: folder + "/.gitignore")
            try registerDriver(git)
            try pinRepositorySettings(try SyncPaths(git, fileName: fileName))
            if let url, try !git.succeeds(["remote", "get-url", "origin"]) {
                try git.check(["remote", "add", "origin", url])
                report.addedRemote = url
            }
            var paths = [".gitattributes", ".gitignore"]
            if POSIXFile.exists(dataFile) {
                _ = try SyncError.core { () throws(ShopError) in try store.load() }  // never commit a damaged file
                paths.append(fileName)
            }
            try git.check(["add", "--"] + paths)
            if try !git.succeeds(["diff", "--cached", "--quiet", "--"] + paths) {
                // Authored by this device's name, as every commit of `sync` is (SPEC 12).
                try git.check(
                    ["commit", "-q", "-m", "share \(fileName) through git", "--"] + paths,
                    extraEnvironment: ["GIT_AUTHOR_NAME": store.deviceName()])
                report.committed = true
            }
            return report
        }
    }

    /// Whether the data folder is in a repository that tracks the data file. A folder inside a repository
    /// that ignores it (a home directory kept in git that ignores `.local/`) gets a repository of its own.
    private func ownedByRepository(_ git: GitRepository) throws(SyncError) -> Bool {
        guard try git.isRepository else { return false }
        // check-ignore refuses literal pathspecs (it matches patterns itself).
        return try !git.run(["check-ignore", "-q", "--", fileName], extraEnvironment: ["GIT_LITERAL_PATHSPECS": "0"])
            .succeeded
    }

    /// Points `merge.shop.driver` at this `shop`; rewritten only when it changed.
    /// - Parameter settings: the configuration as ``GitRepository/settings()`` read it, or `nil`.
    func registerDriver(_ git: GitRepository, settings: [String: String]? = nil) throws(SyncError) {
        let quoted = "'" + executable.replacing("'", with: "'\\''") + "'"
        let driver = "\(quoted) merge-file %O %A %B"
        let current: String?
        if let settings {
            current = settings["merge.shop.driver"]
        } else {
            current = try git.run(["config", "merge.shop.driver"]).text
        }
        if current != driver {
            try git.check(["config", "merge.shop.name", "shop data file, merged record by record"])
            try git.check(["config", "merge.shop.driver", driver])
        }
    }
}

extension GitSync {
    // MARK: - Attributes and exclusions kept inside .git

    /// Pins the data file's attributes in `.git/info/attributes`, which outranks every `.gitattributes`: the merge
    /// driver `shop`, no end-of-line or text conversion, no working-tree encoding, no filter; and keeps the device
    /// file and `shop serve`'s token and op ledger out of git through `.git/info/exclude`. Rewritten only when a
    /// line is missing, so repositories an earlier shop set up are covered by their next `sync`.
    func pinRepositorySettings(_ paths: SyncPaths) throws(SyncError) {
        let anchored = "/" + paths.dataPath.replacing(" ", with: "[ ]")
        try SyncError.core { () throws(ShopError) in try POSIXFile.makeDirectories(paths.commonDirectory + "/info") }
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
    func refuseWorkInProgress(_ git: GitRepository, _ paths: SyncPaths) throws(SyncError) {
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

    /// Leftover git locks (`.git/index.lock`, `HEAD.lock`...): wait a moment for a git that is still finishing, then
    /// remove one only when shop can prove, now, that a git command of a sync left it and died (``GitOwnerRecord``: its
    /// record is on disk and nobody holds its flock, the lock is not older than the record, and no running process has
    /// the lock file open); any other is explained and left alone (exit 1).
    func clearStaleLocks(_ paths: SyncPaths, branch: String) throws(SyncError) {
        let locks = gitLocks(paths, branch: branch)
        for _ in 0..<20 where locks.contains(where: POSIXFile.exists) { usleep(50_000) }
        let present = locks.filter { POSIXFile.isLink($0) || POSIXFile.exists($0) }
        _ = GitOwnerRecord.withStaleRecord(at: paths.ownerRecord) { record in
            for lock in present where GitOwnerRecord.isLeftBehind(lock, since: record) { unlink(lock) }
            removeMergeTemporaries(paths, since: record)
        }
        for lock in present where POSIXFile.isLink(lock) || POSIXFile.exists(lock) {
            throw .syncRefused(.foreignLock(lock: lock, folder: paths.topLevel))
        }
        removeStaleScratchFiles(paths)
    }

    /// The `.merge_file_*` copies git makes in the repository's top folder while `merge-tree` runs a merge driver,
    /// left when the sync's git command was killed: removed on the same proof as a lock.
    private func removeMergeTemporaries(_ paths: SyncPaths, since record: stat) {
        for name in GitScratchFiles.names(in: paths.topLevel) {
            let path = paths.topLevel + "/" + name
            if GitOwnerRecord.isLeftBehind(path, since: record) { unlink(path) }
        }
    }

    /// Files a sync killed by an earlier shop may have left inside `.git`: the temporary copies of its process record
    /// (`.shop-sync.pid.tmp.<pid>.*`) and of the log (`.shop-sync.purchases.tmp.*`), of processes that are gone. And
    /// its scratch files, which only a sync holding the data file's lock uses (as this one does now).
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

    /// Adds each line to the file at `path` unless it is there already (creating the file; the user's lines stay).
    func ensureLines(_ lines: [String], inFile path: String) throws(SyncError) {
        try SyncError.core { () throws(ShopError) in
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
}
