import ShopModel

/// Every failure of sharing the list through git (SPEC section 8), with the offending values so the caller can name
/// them; a failure of the core below (a data file that is not valid shop data, a file that cannot be read or written,
/// the lock) comes through as ``core(_:)``.
public enum SyncError: Error, Hashable, Sendable {
    /// A failure of the core: the local or the remote data file, the files beside it, the lock.
    case core(ShopError)
    /// `git` cannot be run: it is not installed or not on `PATH`.
    case gitMissing
    /// `sync` in a folder that is not inside a git repository.
    case notARepository(path: String)
    /// `sync` with no remote named `origin`.
    case noRemote(path: String)
    /// `sync init URL` where `origin` already has another URL.
    case originMismatch(existing: String, given: String)
    /// A git command failed; `message` is git's own.
    case gitFailed(command: String, message: String)
    /// The remote cannot be reached; local commits are kept for the next sync.
    case remoteUnreachable(remote: String, message: String)
    /// A fetch or push did not finish within `seconds` (`SHOP_SYNC_TIMEOUT`); git and everything it
    /// started were stopped. Local commits are kept.
    case remoteTimedOut(remote: String, seconds: Double)
    /// What the remote holds at one of shop's paths is refused: `source` names it as `origin/main:shop.json`;
    /// nothing local changed.
    case remoteRefused(source: String, reason: RemoteRefusal)
    /// `sync` cannot go on without taking the user's work or guessing (a merge in progress, local edits
    /// to incoming files, a foreign lock, a new branch).
    case syncRefused(SyncRefusal)

    /// Runs a call into the core, its failure as this layer's (``core(_:)``).
    package static func core<Value>(_ body: () throws(ShopError) -> Value) throws(SyncError) -> Value {
        do {
            return try body()
        } catch {
            throw .core(error)
        }
    }
}
