import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `.gitattributes` and `.gitignore` beside the data file: `sync init` writes its lines into them on every
/// device, so a device that joins a household with a list of its own has its own version of both. When
/// both sides changed one of them, the merge keeps every line of both (the remote's first, in their
/// order, then this device's other lines): lines there only add rules, and shop's own must stay on every
/// device. So joining works whatever other lines the remote holds (SPEC 8.1, issue 26).
extension GitSync {
    /// The shop-written files beside the data file, as repository paths.
    func sharedFiles(_ paths: SyncPaths) -> Set<String> {
        [paths.prefix + ".gitattributes", paths.prefix + ".gitignore"]
    }

    /// Replaces the entries of `conflicted` (shop-written files both sides changed) in `tree` by the union
    /// of their lines in `head` and `theirs`, built in the scratch index.
    /// - Returns: the new tree.
    func unionSharedFiles(
        _ conflicted: [String], in tree: String, head: String, theirs: String, _ git: GitRepository,
        _ paths: SyncPaths
    ) throws(ShopError) -> String {
        var updates: [String] = []
        for path in conflicted {
            let mine = try text(of: "\(head):\(path)", git)
            let yours = try text(of: "\(theirs):\(path)", git)
            var seen = Set<Substring>()
            var lines: [Substring] = []
            for line in yours.split(separator: "\n") + mine.split(separator: "\n") where seen.insert(line).inserted {
                lines.append(line)
            }
            let merged = Array((lines.joined(separator: "\n") + "\n").utf8)
            let scratch = paths.gitDirectory + "/shop-sync.shared"
            try POSIXFile.writeScratch(merged, to: scratch)
            defer { unlink(scratch) }
            let blob = try git.check(["hash-object", "-w", "--no-filters", "--", scratch])
            updates += ["--cacheinfo", "100644,\(blob),\(path)"]
        }
        let index = ["GIT_INDEX_FILE": paths.scratchIndex]
        unlink(paths.scratchIndex + ".lock")
        try git.check(["read-tree", tree], extraEnvironment: index)
        try git.check(["update-index", "--add"] + updates, extraEnvironment: index)
        let result = try git.check(["write-tree"], extraEnvironment: index)
        unlink(paths.scratchIndex)
        return result
    }

    /// A blob's text, or nothing when the revision names none.
    private func text(of revision: String, _ git: GitRepository) throws(ShopError) -> String {
        let outcome = try git.run(["cat-file", "blob", revision])
        return outcome.succeeded ? String(decoding: outcome.output, as: UTF8.self) : ""
    }
}
