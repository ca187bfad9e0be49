import ShopModel

/// What the server borrows from the program that runs it: the words for a failure, where a warning goes, and the
/// list's shape for the page. The executable owns its messages and its output (`shop serve`'s `ErrorReport`,
/// standard error, `list --json`'s item shape); the server only calls them.
public struct ServeOutput: Sendable {
    /// The line a command prints after `Error: ` for `error`: what a failed request says.
    public var describe: @Sendable (ShopError) -> String
    /// Writes a warning (a whole line, its newline included) to standard error.
    public var warn: @Sendable (String) -> Void
    /// `GET /api/list`'s body: the records (with this device's current store and list) at the store picked (`nil`:
    /// none), the items of the named list picked (SPEC 22), its ETag, whether it is the list as last read while
    /// another process holds the lock, and how the last sync went.
    public var listBody:
        @Sendable (Workspace, Store?, NamedList, _ etag: String, _ stale: Bool, ServeSync.Status?) -> [UInt8]

    /// The server's output through these three.
    public init(
        describe: @escaping @Sendable (ShopError) -> String, warn: @escaping @Sendable (String) -> Void,
        listBody:
            @escaping @Sendable (Workspace, Store?, NamedList, _ etag: String, _ stale: Bool, ServeSync.Status?) ->
            [UInt8]
    ) {
        self.describe = describe
        self.warn = warn
        self.listBody = listBody
    }
}
