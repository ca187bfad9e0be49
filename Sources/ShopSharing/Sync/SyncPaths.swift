import ShopFormats
import ShopModel

/// Where the data file sits in its repository, and the files inside `.git` that `sync` keeps.
struct SyncPaths {
    /// The repository's own folder (`.git`, or a worktree's folder under it).
    let gitDirectory: String
    /// The folder shared by every worktree (`info/`, hooks, config).
    let commonDirectory: String
    /// The data folder inside the repository: `""` at the top, else `"dotfiles/shop/"`.
    let prefix: String
    let topLevel: String
    let fileName: String

    init(_ git: GitRepository, fileName: String) throws(SyncError) {
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
    var logName: String { SiblingFile.purchases.path(beside: fileName) }
    /// The purchase log's path inside the repository.
    var logPath: String { prefix + logName }
    /// Whether a repository path is one of the list's own files (the data file and its purchase log),
    /// which shop merges and writes itself: git never writes them.
    func isListFile(_ path: String) -> Bool { path == dataPath || path == logPath }
    /// The temporary index `sync` builds its trees in, so the user's index is never used for them.
    var scratchIndex: String { gitDirectory + "/shop-sync.index" }
    /// The record each git command of `sync` holds while it runs (``GitOwnerRecord``).
    var ownerRecord: String { gitDirectory + "/shop-sync.pid" }
    var indexLock: String { gitDirectory + "/index.lock" }
    /// The commit message being committed (`git commit-tree -F`), removed when the commit is made.
    var commitMessage: String { gitDirectory + "/shop-sync.message" }

    /// Whether a name in the data folder is one of the files shop keeps beside the data file (the lock,
    /// the undo folder, the device file, temporary files): a remote must never put anything there.
    func isBesideName(_ name: String) -> Bool {
        SiblingFile.allCases.contains { $0 != .purchases && name == $0.path(beside: fileName) }
            || name.hasPrefix("." + fileName + ".")
    }
}
