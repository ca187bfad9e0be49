import ShopKit

/// The words for sharing through git (SPEC 8): its failures, what a remote sends that is refused (``RemoteRefusal``),
/// and `sync`'s refusals (``SyncRefusal``, what is in the way) with what to do instead. ShopKit reports the facts;
/// every sentence is here. Every hint that sends the user away ends by bringing them back to `shop sync`.
extension ErrorReport {
    /// Describes a failure of `sync` or `sync init` (ShopSharing), the core's it carries as the core's.
    init(_ error: SyncError) {
        let (message, hint) = Self.describe(error)
        self.init(message: message, hint: hint, exitCode: Self.exitCode(of: error))
    }

    /// The message and hint for git missing, a repository or remote that is not there, git failing, a remote that
    /// cannot be reached or sends what shop refuses, or a refused sync.
    private static func describe(_ error: SyncError) -> (message: String, hint: String?) {
        switch error {
        case .core(let core): describe(core)
        case .gitMissing:
            ("git is not installed (or not on PATH)", "shop syncs through git: install it, e.g. 'apt-get install git'")
        case .notARepository(let path):
            ("\(Quoted.path(path)) is not in a git repository", "'shop sync init [URL]' sets it up")
        case .noRemote(let path):
            (
                "the repository of \(Quoted.path(path)) has no remote 'origin' to sync with",
                "'shop sync init URL' adds one"
            )
        case .originMismatch(let existing, let given):
            (
                "the remote 'origin' is already \(Quoted.path(existing)), not \(Quoted.path(given))",
                "nothing was changed; 'git remote set-url origin URL' changes it"
            )
        case .gitFailed(let command, let message):
            (
                "\(command) failed: \(message.isEmpty ? "no message" : message.split(separator: "\n").joined(separator: " / "))",
                nil
            )
        case .remoteUnreachable(let remote, let message):
            (
                "cannot reach \(Quoted.path(remote)): \(message)",
                "your changes are committed locally; the next 'shop sync' sends them"
            )
        case .remoteTimedOut(let remote, let seconds):
            (
                "\(Quoted.path(remote)) did not answer within \(Int(seconds.rounded(.up))) s; git was stopped",
                "your changes are committed locally; the next 'shop sync' sends them (SHOP_SYNC_TIMEOUT sets the limit in seconds)"
            )
        case .remoteRefused(let source, let reason):
            (
                "refused \(Quoted.path(source)): \(words(reason))",
                "nothing local was changed; fix or revert that commit on the remote (or from another device), then 'shop sync'"
            )
        case .syncRefused(let refusal):
            describe(refusal)
        }
    }

    /// The message and hint for a refusal.
    static func describe(_ refusal: SyncRefusal) -> (message: String, hint: String?) {
        let backLater = "the list's own changes are committed and safe and go out with that sync"
        switch refusal {
        case .workInProgress(let operation, let folder, let unmerged):
            let (what, how) = words(operation)
            let files = unmerged.isEmpty ? "" : " (unmerged: \(GitSync.shortList(unmerged)))"
            return (
                "\(what) is in progress in \(folder)\(files); sync leaves it alone",
                "finish it with \(how), then 'shop sync'; your list is safe in its file and goes out with that sync"
            )
        case .foreignLock(let lock, let folder):
            return (
                "\(lock) exists: another git command is running in \(folder), or one was killed",
                "if no git command is running there, remove it (rm \(ShellWord.singleQuoted(lock))) and run 'shop sync' again"
            )
        case .sameFilesChanged(let files, let branch, let unrelated, let folder):
            let option = unrelated ? " --allow-unrelated-histories" : ""
            return (
                "origin/\(branch) and this repository changed the same files: \(GitSync.shortList(files))",
                "merge them by hand (git -C \(ShellWord.singleQuoted(folder)) merge\(option) origin/\(branch)), then "
                    + "'shop sync'; " + backLater
            )
        case .localChangesToIncoming(let files):
            return (
                "you have local changes to files that the incoming commits change: \(GitSync.shortList(files))",
                "commit or stash them ('git stash'), then 'shop sync'; " + backLater
            )
        case .dataFileIsLink(let path):
            return (
                "the data file \(path) is a symbolic link: git would share the link, not the list",
                "keep the data file itself in the repository (move it there, and point a link at it if you need one)"
            )
        case .detachedHead(let folder):
            return (
                "the repository \(folder) is not on a branch (detached HEAD)",
                "check out the branch the list lives on ('git switch main'), then 'shop sync'"
            )
        case .invalidTimeout(let text):
            return (
                "SHOP_SYNC_TIMEOUT is \"\(text)\", not a number of seconds",
                "set it to a number above 0 (the default is \(Int(GitSync.defaultTimeout))), or unset it"
            )
        case .newBranch(let branch, let others, let folder):
            let first = others.first ?? branch
            let rename =
                "git -C \(ShellWord.singleQuoted(folder)) branch -m \(ShellWord.singleQuoted(branch)) "
                + ShellWord.singleQuoted(first)
            return (
                "origin has no branch '\(branch)', but has \(GitSync.shortList(others)); sync will not start another",
                "to share the list on '\(first)': \(rename); then 'shop sync'"
            )
        }
    }

    /// Why a remote's file is refused, after `refused 'origin/main:shop.json': `.
    static func words(_ reason: RemoteRefusal) -> String {
        let rule = "purchases leave the log only by 'shop unbuy', which adds a line"
        switch reason {
        case .folderMissing: return "its folder is missing or not a folder"
        case .besideDataFile:
            return "a remote must not put anything where shop keeps its own files beside the data file"
        case .dataFileRemoved: return "the remote removed the data file"
        case .symbolicLink: return "it is a symbolic link, not a data file"
        case .submodule: return "it is a submodule, not a data file"
        case .folder: return "it is a folder, not a data file"
        case .notPlainFile(let mode): return "it is not a plain file (mode \(mode))"
        case .invalidRecord(let detail):
            return "\(Escape.forTerminal(detail)); shop takes from a remote only what it would take typed"
        case .tooLarge(let bytes, let limit): return "it is \(bytes) bytes, over the \(limit >> 20) MiB shop accepts"
        case .logRemoved(let purchases):
            return "the remote removed the purchase log, which held \(count(purchases)); \(rule)"
        case .logRewritten(let lost, let changed, let lostDeletions):
            var what: [String] = []
            if !lost.isEmpty { what.append("lost \(count(lost.count)) (\(named(lost)))") }
            if !changed.isEmpty { what.append("changed \(count(changed.count)) (\(named(changed)))") }
            if lostDeletions > 0 { what.append("lost \(lostDeletions) deletion line\(lostDeletions == 1 ? "" : "s")") }
            return "the remote's purchase log \(what.joined(separator: " and ")) it had; \(rule)"
        }
    }

    /// `1 purchase`, `3 purchases`.
    private static func count(_ number: Int) -> String {
        number == 1 ? "1 purchase" : "\(number) purchases"
    }

    /// A few purchases by name and day (names escaped, as everything a remote sends).
    private static func named(_ purchases: [Purchase]) -> String {
        GitSync.shortList(
            purchases.map { Escape.forTerminal($0.name) + " " + String(TimestampText.string($0.date).prefix(10)) },
            limit: 3)
    }

    /// What the operation is called, and the git commands that finish or abort it.
    private static func words(_ operation: SyncRefusal.GitOperation) -> (what: String, how: String) {
        switch operation {
        case .merge: ("a merge", "'git commit' to finish it or 'git merge --abort'")
        case .rebase: ("a rebase", "'git rebase --continue' or 'git rebase --abort'")
        case .cherryPick: ("a cherry-pick", "'git cherry-pick --continue' or '--abort'")
        case .revert: ("a revert", "'git revert --continue' or '--abort'")
        }
    }
}
