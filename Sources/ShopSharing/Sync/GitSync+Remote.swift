import ShopFormats
import ShopModel

/// The remote's version of the data file, read from git's objects (never from the working tree) and
/// checked before anything local changes (SPEC 8.1).
struct RemoteDataFile {
    /// `origin/main:shop.json`, as errors name it.
    let source: String
    /// The blob's object id.
    let blob: String
    /// The purchase log's blob beside it, if the remote has one.
    let logBlob: String?
    /// The decoded, validated list, with the remote's purchase log (empty when it has none).
    let list: ShoppingList
    /// Every line of the remote's purchase log; `nil` when it has none.
    let logContents: DataFileDecoder.LogContents?
}

/// One entry of `git ls-tree` at a path the remote must hold as a plain file.
private struct RemoteEntry {
    var mode: String
    var type: String
    var object: String
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
            throw .remoteRefused(source: origin + paths.dataPath, reason: .folderMissing)
        }
        var entry: RemoteEntry?
        var logEntry: RemoteEntry?
        for record in listing.output.split(separator: 0) {
            // `<mode> <type> <object>\t<path>`
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ").map(String.init)
            guard fields.count == 3 else { continue }
            let name = POSIXFile.baseName(of: path)
            if path == paths.dataPath {
                entry = RemoteEntry(mode: fields[0], type: fields[1], object: fields[2])
            } else if path == paths.logPath {
                logEntry = RemoteEntry(mode: fields[0], type: fields[1], object: fields[2])
            } else if paths.isBesideName(name) {
                throw .remoteRefused(source: origin + path, reason: .besideDataFile)
            }
        }
        let source = origin + paths.dataPath
        guard let entry else {
            throw .remoteRefused(source: source, reason: .dataFileRemoved)
        }
        var list = try DataFileCodec.decode(consuming: try plainFile(entry, source, git), path: source)
        // The purchase log is checked the same way: a plain file of valid log lines, or none at all.
        let logSource = origin + paths.logPath
        let contents = try logEntry.map { (log) throws(ShopError) in
            try PurchaseLogFile.contents(try plainFile(log, logSource, git), path: logSource)
        }
        list.log = PurchaseLog(
            loaded: contents.map(PurchaseLogFile.live) ?? [], deleted: contents?.deleted ?? [],
            stock: contents.map(PurchaseLogFile.liveStock) ?? [])
        return RemoteDataFile(
            source: source, blob: entry.object, logBlob: logEntry?.object, list: list, logContents: contents)
    }

    /// The bytes of a tree entry that must be a plain file of at most 256 MiB.
    private func plainFile(_ entry: RemoteEntry, _ source: String, _ git: GitRepository) throws(ShopError) -> [UInt8] {
        switch (entry.mode, entry.type) {
        case ("100644", "blob"), ("100755", "blob"): break
        case ("120000", _): throw .remoteRefused(source: source, reason: .symbolicLink)
        case ("160000", _): throw .remoteRefused(source: source, reason: .submodule)
        case (_, "tree"): throw .remoteRefused(source: source, reason: .folder)
        default: throw .remoteRefused(source: source, reason: .notPlainFile(mode: entry.mode))
        }
        let size = Int(try git.check(["cat-file", "-s", entry.object])) ?? Int.max
        guard size <= Self.largestRemoteFile else {
            throw .remoteRefused(source: source, reason: .tooLarge(bytes: size, limit: Self.largestRemoteFile))
        }
        let bytes = try git.run(["cat-file", "blob", entry.object])
        guard bytes.succeeded else {
            throw .gitFailed(command: "git cat-file blob \(entry.object)", message: bytes.errorText)
        }
        return bytes.output
    }

    /// The purchase log as `commit` holds it beside the data file, for the merge's base: one that is
    /// missing or cannot be read counts as empty, which only makes the merge keep more.
    func baseLog(_ commit: String?, _ git: GitRepository, _ paths: SyncPaths) throws(ShopError) -> PurchaseLog {
        guard let commit, let blob = try git.objectID("\(commit):\(paths.logPath)") else {
            return PurchaseLog(loaded: [])
        }
        let bytes = try git.run(["cat-file", "blob", blob])
        guard bytes.succeeded, bytes.output.count <= Self.largestRemoteFile,
            let contents = try? PurchaseLogFile.contents(bytes.output, path: paths.logPath)
        else { return PurchaseLog(loaded: []) }
        return PurchaseLog(
            loaded: PurchaseLogFile.live(contents), deleted: contents.deleted,
            stock: PurchaseLogFile.liveStock(contents))
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
        let list = (try? DataFileCodec.decode(consuming: bytes.output, path: paths.dataPath)) ?? ShoppingList()
        // Kept for the rest of the sync: the commit's subject and the summary often read the same version.
        state?.lists[blob] = list
        return list
    }
}
