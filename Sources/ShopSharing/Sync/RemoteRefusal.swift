import ShopModel

/// Why what the remote holds at one of shop's paths is refused (SPEC 8.1), as
/// ``SyncError/remoteRefused(source:reason:)`` carries it: the facts only. The command line words each
/// case (exit 65; nothing local changed).
public enum RemoteRefusal: Hashable, Sendable {
    /// The folder the data file lives in is missing on the remote, or is not a folder.
    case folderMissing
    /// The remote put something at a path shop keeps beside the data file (`.lock`, `.undo`, ...).
    case besideDataFile
    /// The remote removed the data file.
    case dataFileRemoved
    /// The entry is a symbolic link.
    case symbolicLink
    /// The entry is a submodule.
    case submodule
    /// The entry is a folder.
    case folder
    /// The entry is some other kind of object; `mode` is git's.
    case notPlainFile(mode: String)
    /// A record, recipe need or purchase new to this device breaks a rule local input meets (SPEC 20);
    /// `detail` names it, its values already quoted.
    case invalidRecord(String)
    /// The file is `bytes` long, over the `limit` (in bytes) shop accepts.
    case tooLarge(bytes: Int, limit: Int)
    /// The remote removed the purchase log, which held `purchases` purchases at the common commit.
    case logRemoved(purchases: Int)
    /// The remote's purchase log lost (`lost`) or changed (`changed`) purchases the common commit's log
    /// had, or lost `lostDeletions` of its deletion lines. Purchases leave the log only by a deletion line.
    case logRewritten(lost: [Purchase], changed: [Purchase], lostDeletions: Int)
}
