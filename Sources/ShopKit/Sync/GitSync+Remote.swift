/// The remote's version of the data file, read from git's objects (never from the working tree) and
/// checked before anything local changes (SPEC 8.1).
struct RemoteDataFile {
    /// `origin/main:shop.json`, as errors name it.
    let source: String
    /// The blob's object id.
    let blob: String
    /// The decoded, validated list.
    let list: ShoppingList
}

extension GitSync {
    /// The largest data file a remote may send (256 MiB).
    static let largestRemoteFile = 256 << 20

    /// Reads and checks what `commit` (the remote branch) holds at the data file's path and beside it.
    ///
    /// Refused (exit 65, naming `origin/BRANCH:PATH`): anything at the paths shop keeps beside the data
    /// file; a data file that is missing, a link, a submodule, a folder, over 256 MiB, or not valid shop
    /// data (corrupt, duplicate ids or names, dangling ids, a newer version). Only `git ls-tree` and
    /// `git cat-file` run: nothing local is touched.
    func inspectRemote(
        _ commit: String, branch: String, _ git: GitRepository, _ paths: SyncPaths
    ) throws(ShopError) -> RemoteDataFile {
        let origin = "origin/\(branch):"
        let folderSpec = paths.prefix.isEmpty ? [] : ["--", paths.prefix]
        let listing = try git.run(["ls-tree", "--full-tree", "--full-name", "-z", commit] + folderSpec)
        guard listing.succeeded else {
            throw .remoteRefused(source: origin + paths.dataPath, reason: "its folder is missing or not a folder")
        }
        var entry: (mode: String, type: String, object: String)?
        for record in listing.output.split(separator: 0) {
            // `<mode> <type> <object>\t<path>`
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ").map(String.init)
            guard fields.count == 3 else { continue }
            let name = POSIXFile.baseName(of: path)
            if path == paths.dataPath {
                entry = (fields[0], fields[1], fields[2])
            } else if paths.isBesideName(name) {
                throw .remoteRefused(
                    source: origin + path,
                    reason: "a remote must not put anything where shop keeps its own files beside the data file")
            }
        }
        let source = origin + paths.dataPath
        guard let entry else {
            throw .remoteRefused(source: source, reason: "the remote removed the data file")
        }
        switch (entry.mode, entry.type) {
        case ("100644", "blob"), ("100755", "blob"): break
        case ("120000", _): throw .remoteRefused(source: source, reason: "it is a symbolic link, not a data file")
        case ("160000", _): throw .remoteRefused(source: source, reason: "it is a submodule, not a data file")
        case (_, "tree"): throw .remoteRefused(source: source, reason: "it is a folder, not a data file")
        default: throw .remoteRefused(source: source, reason: "it is not a plain file (mode \(entry.mode))")
        }
        let size = Int(try git.check(["cat-file", "-s", entry.object])) ?? Int.max
        guard size <= Self.largestRemoteFile else {
            throw .remoteRefused(source: source, reason: "it is \(size) bytes, over the 256 MiB shop accepts")
        }
        let bytes = try git.run(["cat-file", "blob", entry.object])
        guard bytes.succeeded else {
            throw .gitFailed(command: "git cat-file blob \(entry.object)", message: bytes.errorText)
        }
        let list = try DataFileCodec.decode(consuming: bytes.output, path: source)
        return RemoteDataFile(source: source, blob: entry.object, list: list)
    }

    /// The data file as `commit` holds it, for the merge's base: a version that cannot be read (or is
    /// missing) counts as an empty list, which only makes the merge keep more.
    func baseList(_ commit: String?, _ git: GitRepository, _ paths: SyncPaths, _ state: SyncState? = nil)
        throws(ShopError) -> ShoppingList
    {
        guard let commit, let blob = try git.objectID("\(commit):\(paths.dataPath)") else { return ShoppingList() }
        if let known = state?.lists[blob] { return known }
        let bytes = try git.run(["cat-file", "blob", blob])
        guard bytes.succeeded, bytes.output.count <= Self.largestRemoteFile else { return ShoppingList() }
        return (try? DataFileCodec.decode(consuming: bytes.output, path: paths.dataPath)) ?? ShoppingList()
    }
}
