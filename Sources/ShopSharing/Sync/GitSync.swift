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
    /// The absolute path of the running `shop`, registered as the merge driver on every run, so that
    /// git finds it even under cron's short `PATH`.
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
        /// The branch a new repository was created on (the remote's default branch when it could be
        /// reached), `nil` when the repository existed.
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
    public func initialize(remote url: String?) throws(ShopError) -> InitReport {
        var git = GitRepository(folder: folder, environment: environment)
        _ = try git.run(["--version"])
        var report = InitReport()
        let inRepository = try POSIXFile.exists(folder) ? ownedByRepository(git) : false
        if inRepository, let url {
            let origin = try git.run(["remote", "get-url", "origin"])
            if origin.succeeded && origin.text != url { throw .originMismatch(existing: origin.text, given: url) }
        }
        try POSIXFile.makeDirectories(folder)
        // Asked outside the lock and within the time limit: the remote's default branch, or why it cannot
        // be reached.
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
        return try FileLock.withExclusiveLock(at: store.lockPath, timeout: store.lockTimeout) { () throws(ShopError) in
            if try !ownedByRepository(git) {
                let branch = remoteBranch ?? "main"
                try git.check(["init", "-q", "-b", branch])
                report.createdRepository = true
                report.createdBranch = branch
            }
            report.repository = try git.check(["rev-parse", "--show-toplevel"])
            try git.supplyIdentityIfMissing(host: DeviceName.hostName)
            try ensureLines(["\(fileName) merge=shop"], in: ".gitattributes")
            try ensureLines(
                [
                    SiblingFile.lock.path(beside: fileName), SiblingFile.undo.path(beside: fileName) + "/",
                    AtomicFile.temporaryPrefix(of: fileName) + "*",
                    AtomicFile.temporaryPrefix(of: SiblingFile.undo.path(beside: fileName)) + "*",
                ],
                in: ".gitignore")
            try registerDriver(git)
            try pinRepositorySettings(try SyncPaths(git, fileName: fileName))
            if let url, try !git.succeeds(["remote", "get-url", "origin"]) {
                try git.check(["remote", "add", "origin", url])
                report.addedRemote = url
            }
            var paths = [".gitattributes", ".gitignore"]
            if POSIXFile.exists(dataFile) {
                _ = try store.load()  // never commit a damaged file
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
    private func ownedByRepository(_ git: GitRepository) throws(ShopError) -> Bool {
        guard try git.isRepository else { return false }
        // check-ignore refuses literal pathspecs (it matches patterns itself).
        return try !git.run(["check-ignore", "-q", "--", fileName], extraEnvironment: ["GIT_LITERAL_PATHSPECS": "0"])
            .succeeded
    }

    /// Points `merge.shop.driver` at this `shop`; rewritten only when it changed.
    /// - Parameter settings: the configuration as ``GitRepository/settings()`` read it, or `nil`.
    func registerDriver(_ git: GitRepository, settings: [String: String]? = nil) throws(ShopError) {
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

    /// Adds each line to the file in the data folder unless it is there already.
    private func ensureLines(_ lines: [String], in name: String) throws(ShopError) {
        try ensureLines(lines, inFile: folder + "/" + name)
    }
}
