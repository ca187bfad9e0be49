import ShopModel

/// One folder's git repository, driven by running `git` (found on `PATH`) as a child process. Every command runs with
/// `-C folder`, no terminal prompts, no editor, and standard input closed, so it behaves the same from cron.
struct GitRepository {
    /// The folder git commands run in (the data file's folder).
    let folder: String
    /// The environment of the git processes.
    private(set) var environment: [String: String]
    /// When set (by `sync`), the record that proves a git lock left behind is shop's own: see ``GitOwnerRecord``.
    var ownerRecord: String?

    /// - Parameter environment: the caller's environment; prompts and editors are switched off on top.
    init(folder: String, environment: [String: String]) {
        self.folder = folder
        var environment = environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_EDITOR"] = "true"
        environment["GIT_MERGE_AUTOEDIT"] = "no"
        environment["GIT_SSH_COMMAND"] = environment["GIT_SSH_COMMAND"] ?? "ssh -o BatchMode=yes"
        // Messages shop parses (and shows) are git's own; keep them out of the pager.
        environment["GIT_PAGER"] = "cat"
        // Paths are given as they are, never as patterns: a file named `*` is that file.
        environment["GIT_LITERAL_PATHSPECS"] = "1"
        self.environment = environment
    }

    /// Runs `git -C folder arguments...`.
    /// - Parameters:
    ///   - timeout: seconds after which git and everything it started are killed (network steps).
    ///   - extraEnvironment: variables for this one command (a temporary `GIT_INDEX_FILE`).
    /// - Throws: ``SyncError/gitMissing`` when git cannot be started.
    func run(
        _ arguments: [String], timeout: Double? = nil, extraEnvironment: [String: String] = [:]
    ) throws(SyncError) -> ChildProcess.Outcome {
        let environment =
            extraEnvironment.isEmpty ? self.environment : self.environment.merging(extraEnvironment) { $1 }
        let record = ownerRecord.flatMap(GitOwnerRecord.begin)
        defer { record?.end() }
        guard
            let outcome = ChildProcess.run(
                ["git", "-C", folder] + arguments, environment: environment, timeout: timeout)
        else {
            throw .gitMissing
        }
        return outcome
    }

    /// Runs git and returns its standard output; a failure is ``SyncError/gitFailed(command:message:)``.
    @discardableResult
    func check(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws(SyncError) -> String {
        let outcome = try run(arguments, extraEnvironment: extraEnvironment)
        guard outcome.succeeded else {
            throw .gitFailed(command: "git " + arguments.joined(separator: " "), message: outcome.errorText)
        }
        return outcome.text
    }

    /// Whether git exits 0 (for questions such as "does this ref exist?").
    func succeeds(_ arguments: [String]) throws(SyncError) -> Bool {
        try run(arguments).succeeded
    }

    /// The object id `revision` names, or `nil` when it names nothing (an unborn `HEAD`, a missing path).
    func objectID(_ revision: String) throws(SyncError) -> String? {
        let outcome = try run(["rev-parse", "-q", "--verify", revision])
        return outcome.succeeded && !outcome.text.isEmpty ? outcome.text : nil
    }

    /// The identity and merge driver settings sync looks at, read with one git command:
    /// `user.name`, `user.email`, `merge.shop.driver` (missing ones absent).
    func settings() throws(SyncError) -> [String: String] {
        let outcome = try run(["config", "-z", "--get-regexp", #"^(user\.name|user\.email|merge\.shop\.driver)$"#])
        var settings: [String: String] = [:]
        for entry in outcome.output.split(separator: 0) {
            guard let newline = entry.firstIndex(of: 0x0A) else { continue }
            let key = String(decoding: entry[..<newline], as: UTF8.self)
            settings[key] = String(decoding: entry[(newline + 1)...], as: UTF8.self)
        }
        return settings
    }

    /// Whether `folder` is inside a git work tree.
    var isRepository: Bool {
        get throws(SyncError) { try succeeds(["rev-parse", "--is-inside-work-tree"]) }
    }

    /// Gives commits an author when none is configured (a fresh server, a cron job): shop's name and
    /// `shop@<host>`, only for the settings that are missing.
    /// - Parameter settings: the configuration as ``settings()`` read it, or `nil` to read it now.
    mutating func supplyIdentityIfMissing(host: String, settings given: [String: String]? = nil) throws(SyncError) {
        let settings: [String: String]
        if let given { settings = given } else { settings = try self.settings() }
        if settings["user.name", default: ""].isEmpty {
            environment["GIT_AUTHOR_NAME"] = environment["GIT_AUTHOR_NAME"] ?? "shop"
            environment["GIT_COMMITTER_NAME"] = environment["GIT_COMMITTER_NAME"] ?? "shop"
        }
        if settings["user.email", default: ""].isEmpty {
            environment["GIT_AUTHOR_EMAIL"] = environment["GIT_AUTHOR_EMAIL"] ?? "shop@\(host)"
            environment["GIT_COMMITTER_EMAIL"] = environment["GIT_COMMITTER_EMAIL"] ?? "shop@\(host)"
        }
    }
}
