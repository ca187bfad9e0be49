import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The other files of a repository merged path by path, for a git without `merge-tree --write-tree`
/// (before 2.38, such as Ubuntu 22.04's): a path changed on one side only takes that side's version;
/// changed on both sides to different contents, it is left to the user (exit 1), never merged by guess.
extension GitSync {
    /// `SHOP_SYNC_MERGE_BY_PATH=1` takes this path even where `merge-tree` exists (the tests use it).
    var mergesByPath: Bool { environment["SHOP_SYNC_MERGE_BY_PATH"] == "1" }

    /// The tree of `head` with the changes `theirs` made since `base` (every path of `theirs` when the
    /// histories are unrelated), the data file's entry left as `head` has it.
    /// - Throws: ``ShopError/syncRefused(_:)`` naming the paths both sides changed.
    func mergeByPath(
        _ head: String, _ theirs: String, base: String?, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(ShopError) -> String {
        let ours = try entries(head, git)
        let incoming = try entries(theirs, git)
        let old = try base.map { (commit) throws(ShopError) in try entries(commit, git) } ?? [:]
        var updates: [String] = []
        var removals: [String] = []
        var conflicted: [String] = []
        for path in Set(ours.keys).union(incoming.keys) where !paths.isListFile(path) {
            let (mine, yours, before) = (ours[path], incoming[path], old[path])
            if mine == yours || yours == before { continue }
            guard mine == before else {
                conflicted.append(path)
                continue
            }
            if let yours {
                updates += ["--cacheinfo", "\(yours.mode),\(yours.object),\(path)"]
            } else {
                removals.append(path)
            }
        }
        let shared = sharedFiles(paths)
        let others = conflicted.filter { !shared.contains($0) }
        guard others.isEmpty else {
            throw Self.sameFilesChanged(others.sorted(), branch: branch, unrelated: base == nil, paths)
        }
        let scratch = ["GIT_INDEX_FILE": paths.scratchIndex]
        unlink(paths.scratchIndex + ".lock")
        try git.check(["read-tree", head], extraEnvironment: scratch)
        if !updates.isEmpty { try git.check(["update-index", "--add"] + updates, extraEnvironment: scratch) }
        if !removals.isEmpty {
            try git.check(["update-index", "--force-remove", "--"] + removals, extraEnvironment: scratch)
        }
        let tree = try git.check(["write-tree"], extraEnvironment: scratch)
        unlink(paths.scratchIndex)
        if conflicted.isEmpty { return tree }
        return try unionSharedFiles(conflicted.sorted(), in: tree, head: head, theirs: theirs, git, paths)
    }

    /// The refusal when both sides changed the same files.
    /// - Parameter unrelated: the two histories share no commit (a device joining with a list of its own):
    ///   the hint's `git merge` needs `--allow-unrelated-histories`, or git refuses it.
    static func sameFilesChanged(_ files: [String], branch: String, unrelated: Bool, _ paths: SyncPaths) -> ShopError {
        .syncRefused(.sameFilesChanged(files, branch: branch, unrelated: unrelated, folder: paths.topLevel))
    }

    /// Every file of `commit`: path → mode and object.
    private func entries(_ commit: String, _ git: GitRepository) throws(ShopError)
        -> [String: TreeEntry]
    {
        var entries: [String: TreeEntry] = [:]
        for record in try git.run(["ls-tree", "-r", "--full-tree", "-z", commit]).output.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ").map(String.init)
            guard fields.count == 3 else { continue }
            entries[String(decoding: record[(tab + 1)...], as: UTF8.self)] = TreeEntry(
                mode: fields[0], object: fields[2])
        }
        return entries
    }
}

/// One file of a tree: its mode and object id.
struct TreeEntry: Equatable {
    var mode: String
    var object: String
}
