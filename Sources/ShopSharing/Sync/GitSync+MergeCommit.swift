import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the commit of one integration is made of: the remote commit, the local one, the tree of the
/// other files, and what the merge settled.
struct CommitRecord {
    var theirs: String
    var head: String?
    var otherTree: String
    var remote: RemoteDataFile
    var branch: String
    var now: Date
    /// The records the merge changed on this side, said in the commit's subject.
    var cameIn: RecordChanges
    /// The edits that lost a conflict, each to be told to the device that made it (see ``Replacement``).
    var replaced: [Replacement]
    /// The records this merge made one, told to the other devices.
    var joins: [RecordJoin]
}

/// The commit an integration moves `HEAD` to, and the data file's and the log's blobs it holds.
struct BuiltCommit {
    var commit: String
    var blob: String
    var log: String?
}

extension GitSync {
    /// The commit that carries the merged data file (`blob`) and log (`log`), all of whose objects are
    /// written before it is returned; nothing in the working tree changes.
    ///
    /// A quiet history (SPEC 14): when the result holds exactly what the remote holds (the remote alone
    /// moved, or this side's commits changed nothing the remote lacks, such as a device that joined with
    /// no list of its own), it is the remote's commit itself, a fast-forward; a merge commit is made only
    /// when both sides brought something.
    /// - Parameter bytes: the data file as it will be written, to compare with the remote's as shared.
    func buildCommit(
        _ record: CommitRecord, blob: String, log: String?, bytes: [UInt8]?, _ git: GitRepository, _ paths: SyncPaths
    ) throws(ShopError) -> BuiltCommit {
        var shared = blob
        var log = log
        // The same log as the remote's, its lines in this device's order: the remote's blob is it.
        if log != record.remote.logBlob, try sameLog(log, record.remote.logBlob, git, paths) {
            log = record.remote.logBlob
        }
        if blob != record.remote.blob, log == record.remote.logBlob, let bytes,
            try isShared(bytes, as: record.remote.blob, git)
        {
            shared = record.remote.blob
        }
        let tree = try tree(from: record.otherTree, setting: shared, log: log, git, paths)
        if tree == (try git.check(["rev-parse", "\(record.theirs)^{tree}"])) {
            return BuiltCommit(commit: record.theirs, blob: shared, log: log)
        }
        let parents = (record.head.map { ["-p", $0] } ?? []) + ["-p", record.theirs]
        var message = "merge origin/\(record.branch)"
        let what = CommitMessage.subject(record.cameIn)
        message += what.isEmpty ? "" : ": " + what
        let trailers =
            record.replaced.map { Replacement.trailerKey + ": " + $0.trailerValue }
            + record.joins.map { RecordJoin.trailerKey + ": " + $0.trailerValue }
        let joined = record.joins.map { join in
            [join.ours, join.theirs].compactMap { $0 }.joined(separator: " + ")
        }
        if !joined.isEmpty { message += (what.isEmpty ? ": " : "; ") + "join " + joined.joined(separator: ", ") }
        let commit = try commitTree(
            tree, message, trailers: trailers, parents: parents, at: record.now, git, paths)
        return BuiltCommit(commit: commit, blob: shared, log: log)
    }

    /// `git commit-tree`, authored by this device's name (SPEC 12): the subject, a line saying which device
    /// and when, and the trailers. The message goes through a file (`-F`), never as an argument (SPEC 20):
    /// it holds names from records, and a 128 KiB name as an argument failed the spawn (E2BIG) for good.
    func commitTree(
        _ tree: String, _ subject: String, trailers: [String] = [], parents: [String], at now: Date,
        _ git: GitRepository, _ paths: SyncPaths
    ) throws(ShopError) -> String {
        let device = store.deviceName()
        var message = subject + "\n\nshop sync on \(device) at \(TimestampText.string(now))\n"
        if !trailers.isEmpty { message += "\n" + trailers.joined(separator: "\n") + "\n" }
        let messageFile = paths.commitMessage
        try POSIXFile.writeScratch(Array(message.utf8), to: messageFile)
        defer { unlink(messageFile) }
        return try git.check(
            ["commit-tree", tree, "-F", messageFile] + parents, extraEnvironment: ["GIT_AUTHOR_NAME": device])
    }
}
