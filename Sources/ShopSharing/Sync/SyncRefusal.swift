/// Why `sync` will not go on without taking the user's work or guessing (SPEC 8.1): the facts only. The
/// command line words each case and says what to do instead (exit 1).
public enum SyncRefusal: Hashable, Sendable {
    /// A git operation the user started is in progress in `folder`; `unmerged`: the files git has unmerged.
    case workInProgress(GitOperation, folder: String, unmerged: [String])
    /// A git lock file (`lock`, an absolute path) exists that no dead sync provably left: another git
    /// command is running in `folder`, or one was killed.
    case foreignLock(lock: String, folder: String)
    /// Both `origin/<branch>` and this repository (at `folder`) changed the same files, besides the list. `unrelated`:
    /// the two histories share no commit, so a merge by hand needs `--allow-unrelated-histories`.
    case sameFilesChanged([String], branch: String, unrelated: Bool, folder: String)
    /// The user has local changes to files that the incoming commits change.
    case localChangesToIncoming([String])
    /// The data file at `path` is a symbolic link: git would share the link, not the list.
    case dataFileIsLink(path: String)
    /// The repository at `folder` is not on a branch (detached HEAD).
    case detachedHead(folder: String)
    /// `SHOP_SYNC_TIMEOUT` holds `text`, which is not a number of seconds above 0.
    case invalidTimeout(String)
    /// `origin` has no branch `branch` but has `others`: a push would start a second list. `folder`: the top level.
    case newBranch(String, others: [String], folder: String)

    /// The git operations a user may leave in progress, which `sync` never finishes or aborts for them.
    public enum GitOperation: Hashable, Sendable {
        case merge
        case rebase
        case cherryPick
        case revert
    }
}
