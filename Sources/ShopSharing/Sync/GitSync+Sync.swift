import ShopFormats
import ShopModel

extension GitSync {
    /// What one `shop sync` did.
    public struct SyncReport: Sendable {
        /// Whether local changes were committed.
        public var committed = false
        /// What came in, record by record.
        public var cameIn = RecordChanges()
        /// What the remote gained from this device, record by record (empty when nothing was pushed).
        public var wentOut = RecordChanges()
        /// Commits sent to `origin`.
        public var pushed = 0
        /// The conflicts the merge settled (joins of same-named records are in ``joined``).
        public var conflicts: [MergeConflict] = []
        /// This device's edits that lost a conflict, told once: in the sync that merged them, or in the
        /// next one, from the merge commit of the device that did (SPEC 14).
        public var replaced: [Replacement] = []
        /// Records of one name that became one.
        public var joined: [RecordJoin] = []
        /// Purchases that came in dated more than a day after this device's clock, said once (SPEC 20):
        /// kept, and ignored by dates and restock until their time.
        public var aheadOfClock: [Purchase] = []
        /// The branch synced.
        public var branch = ""
    }

    /// How many times a push that lost a race with another device is retried (fetch, merge, push again).
    static let pushAttempts = 3

    /// The default time limit of a fetch or a push, in seconds (`SHOP_SYNC_TIMEOUT` overrides it).
    public static let defaultTimeout = 60.0

    /// `shop sync` (SPEC 8 and 8.1): commits the data file if it changed, fetches `origin`, merges its
    /// branch, and pushes.
    ///
    /// What came in is merged in process and written by ``DataFileStore`` before `HEAD` moves (see ``GitSync``).
    /// Fetch and push run outside the data file's lock, within `SHOP_SYNC_TIMEOUT`.
    /// - Throws: ``SyncError/notARepository(path:)``, ``SyncError/noRemote(path:)``,
    ///   ``SyncError/remoteUnreachable(remote:message:)`` and ``SyncError/remoteTimedOut(remote:seconds:)`` (the local
    ///   commit is kept), ``SyncError/remoteRefused(source:reason:)`` and the data errors of the remote's file (nothing
    ///   local changed), ``SyncError/syncRefused(_:)``, or ``SyncError/gitFailed(command:message:)``.
    /// - Parameter naming: whether the report names the records that went out (``SyncReport/wentOut``);
    ///   `false` (for `--quiet`) spares decoding the lists only that needs.
    public func sync(at now: Date, naming: Bool = true) throws(SyncError) -> SyncReport {
        let state = SyncState(naming: naming)
        var git = GitRepository(folder: folder, environment: environment)
        if POSIXFile.isLink(store.path) {
            throw .syncRefused(.dataFileIsLink(path: store.path))
        }
        guard POSIXFile.exists(folder), try git.isRepository else { throw .notARepository(path: store.path) }
        let origin = try git.run(["remote", "get-url", "origin"])
        guard origin.succeeded else { throw .noRemote(path: store.path) }
        let timeout = try Self.timeout(environment)
        let paths = try SyncPaths(git, fileName: fileName)
        let settings = try git.settings()
        try git.supplyIdentityIfMissing(host: DeviceName.hostName, settings: settings)
        try registerDriver(git, settings: settings)
        try pinRepositorySettings(paths)
        try refuseWorkInProgress(git, paths)
        let head = try git.run(["symbolic-ref", "--short", "-q", "HEAD"])
        guard head.succeeded, !head.text.isEmpty else {
            throw .syncRefused(.detachedHead(folder: paths.topLevel))
        }
        var report = SyncReport()
        report.branch = head.text
        try locked { () throws(SyncError) in try clearStaleLocks(paths, branch: head.text) }
        // From here every git command runs with its record (GitOwnerRecord).
        git.ownerRecord = paths.ownerRecord
        var firstOurs: (list: ShoppingList, log: PurchaseLog)?
        var lastMerged: (list: ShoppingList, log: PurchaseLog)?
        let remoteRef = "refs/remotes/origin/\(report.branch)"
        state.remoteRef = remoteRef
        for attempt in 1...Self.pushAttempts {
            do throws(SyncError) {
                try fetch(git, remote: origin.text, timeout: timeout)
            } catch {
                // The remote cannot be heard: the local changes are committed all the same, and the next
                // sync sends them. (When it answers, its data is checked before anything local changes.)
                _ = try? locked { () throws(SyncError) in try commitDataFile(git, paths, at: now, state) }
                throw error
            }
            var theirs: (list: ShoppingList, log: PurchaseLog)?
            let remoteCommit = try git.objectID(remoteRef + "^{commit}")
            if let remoteCommit {
                let step = try locked { () throws(SyncError) in
                    try integrate(remoteCommit, branch: report.branch, git, paths, at: now, state)
                }
                report.committed = report.committed || step.committed
                report.conflicts += step.conflicts
                report.replaced += step.replaced
                report.joined += step.joins
                report.aheadOfClock += step.aheadOfClock
                if let merged = step.merged {
                    firstOurs = firstOurs ?? (step.ours, step.oursLog)
                    lastMerged = (merged, step.mergedLog)
                }
                theirs = step.theirs
            } else {
                try refuseNewBranch(report.branch, git, paths)
                let committed = try locked { () throws(SyncError) in try commitDataFile(git, paths, at: now, state) }
                report.committed = report.committed || committed
                theirs = (ShoppingList(), PurchaseLog(isLoaded: false))
            }
            guard let local = try git.objectID("HEAD") else { break }
            // Level with the remote: nothing to count, nothing to send.
            if local == remoteCommit { break }
            let range = remoteCommit.map { ["\($0)..\(local)"] } ?? [local]
            let ahead = Int(try git.check(["rev-list", "--count"] + range)) ?? 0
            guard ahead > 0 else { break }
            let settled = try markTravelledBeforePush()
            let push = try git.run(
                ["push", "-q", "--no-recurse-submodules", "origin", "\(local):refs/heads/\(report.branch)"],
                timeout: timeout)
            // A push that timed out may have landed: what it carried stays travelled.
            if push.timedOut { throw .remoteTimedOut(remote: origin.text, seconds: timeout) }
            if push.succeeded {
                report.pushed = ahead
                if naming {
                    // Read only now: a sync with nothing to send never decodes the remote's list.
                    var remote = theirs ?? (ShoppingList(), PurchaseLog(isLoaded: false))
                    if theirs == nil {
                        remote = (try baseList(remoteCommit, git, paths, state), try baseLog(remoteCommit, git, paths))
                    }
                    let sent = (list: try baseList(local, git, paths, state), log: try baseLog(local, git, paths))
                    let joined = report.joined.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
                    report.wentOut = RecordChanges(from: remote.list, to: sent.list, logs: (remote.log, sent.log))
                        .excluding(ids: joined)
                }
                _ = try? git.run(["update-ref", remoteRef, local])
                break
            }
            // The remote refused it: nothing it carried has travelled.
            _ = try? locked { () throws(SyncError) in
                PurchaseLogAcknowledgement.writeTravelled(settled, lockPath: store.lockPath)
            }
            // Another device pushed since the fetch: fetch and merge again (the next round says if it cannot).
            if attempt == Self.pushAttempts {
                throw .gitFailed(command: "git push origin \(report.branch)", message: push.errorText)
            }
        }
        try recordTravelled(git, remoteRef: remoteRef)
        if let firstOurs, let lastMerged {
            let joined = report.joined.reduce(into: Set<String>()) { $0.formUnion($1.ids) }
            report.cameIn = RecordChanges(
                from: firstOurs.list, to: lastMerged.list, logs: (firstOurs.log, lastMerged.log)
            ).excluding(ids: joined)
        }
        return report
    }

    /// Level with the remote: every log line this device counts has travelled, and `undo` leaves it
    /// (``PurchaseLogAcknowledgement/readTravelled(lockPath:)``).
    private func recordTravelled(_ git: GitRepository, remoteRef: String) throws(SyncError) {
        guard let head = try git.objectID("HEAD"), head == (try git.objectID(remoteRef)), store.exists else { return }
        try locked { () throws(SyncError) in
            guard let marker = try SyncError.core({ () throws(ShopError) in try store.currentLogMarker() }) else {
                return
            }
            if PurchaseLogAcknowledgement.readTravelled(lockPath: store.lockPath) != marker {
                PurchaseLogAcknowledgement.writeTravelled(marker, lockPath: store.lockPath)
            }
        }
    }

    /// Before a push: marks the log as this device counts it as travelled, and returns the state marked before, which
    /// the caller puts back if the remote refuses the push. Marked before, not after: the remote may take the push and
    /// the sync be killed before it hears so, and `undo` must not take back a purchase the household holds (SPEC 16).
    /// A push that never landed leaves its lines marked: `undo` refuses them, and `unbuy` still takes them back.
    private func markTravelledBeforePush() throws(SyncError) -> PurchaseLogMarker? {
        try locked { () throws(SyncError) in
            let before = PurchaseLogAcknowledgement.readTravelled(lockPath: store.lockPath)
            guard store.exists,
                let marker = try SyncError.core({ () throws(ShopError) in try store.currentLogMarker() })
            else { return before }
            if marker != before { PurchaseLogAcknowledgement.writeTravelled(marker, lockPath: store.lockPath) }
            return before
        }
    }

    /// `SHOP_SYNC_TIMEOUT`: seconds, above 0; the default when unset.
    static func timeout(_ environment: [String: String]) throws(SyncError) -> Double {
        guard let text = environment["SHOP_SYNC_TIMEOUT"], !text.isEmpty else { return defaultTimeout }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw .syncRefused(.invalidTimeout(text))
        }
        return seconds
    }

    /// Runs `body` holding the data file's lock; the lock's own failures are the core's (`body`'s leaves it as a value).
    func locked<Result>(_ body: () throws(SyncError) -> Result) throws(SyncError) -> Result {
        try SyncError.core { () throws(ShopError) in
            try FileLock.withExclusiveLock(at: store.lockPath, timeout: store.lockTimeout) {
                () throws(ShopError) -> Swift.Result<Result, SyncError> in
                do throws(SyncError) { return .success(try body()) } catch { return .failure(error) }
            }
        }.get()
    }

    /// Fetches `origin` within the time limit, outside the lock: a hanging remote never blocks `shop add`.
    private func fetch(_ git: GitRepository, remote: String, timeout: Double) throws(SyncError) {
        let fetch = try git.run(["fetch", "-q", "--prune", "--no-recurse-submodules", "origin"], timeout: timeout)
        if fetch.timedOut { throw .remoteTimedOut(remote: remote, seconds: timeout) }
        guard fetch.succeeded else {
            let message = fetch.errorText.split(separator: "\n").prefix(3).joined(separator: " / ")
            throw .remoteUnreachable(remote: remote, message: message.isEmpty ? "git fetch failed" : message)
        }
    }

    /// The remote has no branch of this name: pushing would create it. Fine on an empty remote; refused
    /// on one that has other branches, which would leave the devices on two lists without a word.
    private func refuseNewBranch(_ branch: String, _ git: GitRepository, _ paths: SyncPaths) throws(SyncError) {
        let others = try git.check(["for-each-ref", "--format=%(refname:strip=3)", "refs/remotes/origin/"])
            .split(separator: "\n").map(String.init).filter { $0 != "HEAD" }
        guard !others.isEmpty else { return }
        throw .syncRefused(.newBranch(branch, others: others, folder: paths.topLevel))
    }
}
