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

extension GitSync {
    /// What one `shop sync` did.
    public struct SyncReport: Hashable, Sendable {
        /// Whether local changes were committed.
        public var committed = false
        /// What the merge brought into the data file.
        public var received = ListDifference(from: ShoppingList(), to: ShoppingList())
        /// Commits sent to `origin`.
        public var pushed = 0
        /// The conflicts the merge driver settled, one line each.
        public var conflicts: [String] = []
        /// The branch synced.
        public var branch = ""
    }

    /// How many times a push that lost a race with another device is retried (fetch, merge, push again).
    static let pushAttempts = 3

    /// `shop sync`: under the data file's lock, commits the data file if it changed, fetches `origin`,
    /// merges its branch (git runs `shop merge-file` on the data file), and pushes.
    ///
    /// A merge is never left half done: a failed one is aborted and the data file is as it was. A sync
    /// killed mid-merge is cleaned up by the next one. The changes a merge brings in are one undo step.
    /// - Throws: ``ShopError/notARepository(path:)``, ``ShopError/noRemote(path:)``,
    ///   ``ShopError/remoteUnreachable(remote:message:)`` (the local commit is kept), the data errors of
    ///   the remote's file (exit 65, the merge aborted), or ``ShopError/gitFailed(command:message:)``.
    public func sync(at now: Date) throws(ShopError) -> SyncReport {
        var git = GitRepository(folder: folder, environment: environment)
        _ = try git.run(["--version"])
        guard POSIXFile.exists(folder), try git.isRepository else { throw .notARepository(path: store.path) }
        let origin = try git.run(["remote", "get-url", "origin"])
        guard origin.succeeded else { throw .noRemote(path: store.path) }
        return try FileLock.withExclusiveLock(at: store.lockPath, timeout: store.lockTimeout) { () throws(ShopError) in
            try git.supplyIdentityIfMissing(host: Self.hostName)
            try registerDriver(git)
            try waitForIndexLock(git)
            // A sync killed mid-merge left MERGE_HEAD behind: start that merge again from a clean state.
            if try git.succeeds(["rev-parse", "-q", "--verify", "MERGE_HEAD"]) {
                try git.check(["merge", "--abort"])
            }
            var report = SyncReport()
            report.branch = try git.check(["symbolic-ref", "--short", "HEAD"])
            let before = try store.load()  // a damaged data file is never committed
            report.committed = try commitDataFile(git, at: now)
            for attempt in 1...Self.pushAttempts {
                let fetch = try git.run(["fetch", "-q", "origin"])
                guard fetch.succeeded else {
                    throw .remoteUnreachable(remote: origin.text, message: fetch.errorText.firstLine)
                }
                let remoteBranch = "refs/remotes/origin/\(report.branch)"
                let remoteHasBranch = try git.succeeds(["rev-parse", "-q", "--verify", remoteBranch])
                if remoteHasBranch {
                    report.conflicts += try merge(remoteBranch, git)
                }
                let range = remoteHasBranch ? "\(remoteBranch)..HEAD" : "HEAD"
                let ahead = Int(try git.check(["rev-list", "--count", range])) ?? 0
                guard ahead > 0 else { break }
                let push = try git.run(["push", "-q", "-u", "origin", "HEAD:refs/heads/\(report.branch)"])
                if push.succeeded {
                    report.pushed = ahead
                    break
                }
                // Another device pushed since the fetch: fetch and merge again. If the remote cannot even
                // be fetched now, the next round says so.
                if attempt == Self.pushAttempts {
                    throw .gitFailed(command: "git push origin \(report.branch)", message: push.errorText)
                }
            }
            report.received = ListDifference(from: before, to: try store.load())
            return report
        }
    }

    /// A sync killed while git ran leaves that git finishing on its own for a moment, holding the index
    /// lock: wait for it (a few seconds at most) rather than fail on it.
    private func waitForIndexLock(_ git: GitRepository) throws(ShopError) {
        let gitDirectory = try git.check(["rev-parse", "--absolute-git-dir"])
        for _ in 0..<100 where POSIXFile.exists(gitDirectory + "/index.lock") { usleep(50_000) }
    }

    /// Commits the data file alone (a dotfiles repository's other changes are not ours to commit).
    private func commitDataFile(_ git: GitRepository, at now: Date) throws(ShopError) -> Bool {
        guard POSIXFile.exists(dataFile) else { return false }
        try git.check(["add", "--", fileName])
        guard try !git.succeeds(["diff", "--cached", "--quiet", "--", fileName]) else { return false }
        let stamp = TimestampText.string(now)
        try git.check(["commit", "-q", "-m", "shop: \(fileName) on \(Self.hostName) at \(stamp)", "--", fileName])
        return true
    }

    /// Merges the remote branch; git runs the merge driver on the data file. The data file as it was is
    /// held (a hard link, since git replaces rather than rewrites it) so the merge becomes one undo step.
    /// - Returns: the conflict lines the driver printed.
    private func merge(_ remoteBranch: String, _ git: GitRepository) throws(ShopError) -> [String] {
        if try git.succeeds(["merge-base", "--is-ancestor", remoteBranch, "HEAD"]) { return [] }
        let journal = UndoJournal(dataFile: dataFile)
        let held = journal.folder + "/sync-before.json"
        let hadFile = POSIXFile.exists(dataFile)
        if hadFile {
            try? POSIXFile.makeDirectories(journal.folder)
            unlink(held)
            if link(dataFile, held) != 0 { try? AtomicFile.write(try store.readRawBytes() ?? [], to: held) }
        }
        let merge = try git.run([
            "merge", "-q", "--no-edit", "--allow-unrelated-histories", "-m", "shop sync: merge \(remoteBranch)",
            remoteBranch,
        ])
        guard merge.succeeded else {
            _ = try? git.run(["merge", "--abort"])
            unlink(held)
            try checkRemoteFile(remoteBranch, git)
            throw .gitFailed(command: "git merge \(remoteBranch)", message: merge.errorText + merge.text)
        }
        if hadFile, let after = try store.readRawBytes(), after != (try POSIXFile.read(held) ?? []) {
            journal.record(description: "sync", after: after, heldBefore: held)
        } else {
            unlink(held)
        }
        return (merge.errorText + "\n" + merge.text).split(separator: "\n")
            .filter { $0.hasPrefix(MergeDriverOutput.conflictPrefix) }.map(String.init)
    }

    /// After a failed merge: if the remote's data file is the reason (damaged, or from a newer shop), that
    /// is the error to report (exit 65), naming it as `origin/main:shop.json`.
    private func checkRemoteFile(_ remoteBranch: String, _ git: GitRepository) throws(ShopError) {
        let prefix = try git.check(["rev-parse", "--show-prefix"])
        let shown = try git.run(["show", "\(remoteBranch):\(prefix)\(fileName)"])
        guard shown.succeeded else { return }
        let name = remoteBranch.replacing("refs/remotes/", with: "") + ":" + prefix + fileName
        _ = try DataFileCodec.decode(shown.output, path: name)
    }
}

/// The lines `shop merge-file` prints for git to pass on, which `sync` picks out of git's output.
public enum MergeDriverOutput {
    /// Every conflict line starts with this.
    public static let conflictPrefix = "shop: conflict: "
}

extension String {
    /// The first line, for one-line error messages.
    var firstLine: String { split(separator: "\n").first.map(String.init) ?? self }
}
