import ShopFormats
import ShopModel

#if canImport(Glibc)
    import Glibc
#endif

/// Answers the routes of ``ServeRouter`` (SPEC sections 13 and 20). Each answer reads the data file, and
/// each batch of ops is one change under the lock, one undo step named after what it did. What it keeps
/// is the last list it read, answered (marked stale) while another process holds the lock.
public final class ServeHandler {
    let router: ServeRouter
    /// The data file's store, its undo steps named per batch.
    let store: DataFileStore
    let files: ServeFiles
    /// The clock (`SHOP_NOW` in tests); read per request.
    let clock: () -> Date
    /// The fault a test asks for (`SHOP_TEST_SERVE_FAULT`): `kill-after-write` (SIGKILL once a batch's data file is
    /// written, before its ops are remembered) or `ledger-full` (remembering them fails as on a full disk).
    let fault: String?
    /// The executable's words and output.
    let output: ServeOutput
    /// `serve --sync MINUTES` (SPEC 17): told after each batch, and asked how the last sync went.
    public var sync: ServeSync?
    /// The list and this device's state as last read, with the files' version they were read at.
    private var lastRead: (workspace: Workspace, version: String)?

    /// A handler of `router`'s routes over `store`, worded and written through `output`.
    public init(
        router: ServeRouter, store: DataFileStore, files: ServeFiles, fault: String?, output: ServeOutput,
        clock: @escaping () -> Date
    ) {
        self.router = router
        self.store = store
        self.files = files
        self.fault = fault
        self.output = output
        self.clock = clock
    }

    /// The answer to `request`, which has waited `waited` seconds for the lock so far.
    public func respond(_ request: HTTPRequest, waited: Double) -> ServeReply {
        let authenticated = router.isAuthenticated(request)
        var response: HTTPResponse?
        switch router.route(request) {
        case .refuse(let status, let reason):
            response = .text(status, Self.words(reason))
        case .wrongCredential:
            let text = "that is not this server's token; open the link 'shop serve' printed"
            return ServeReply(response: .text(.unauthorized, text), wrongToken: true)
        case .page:
            response = HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
                body: Array(ServePage.html.utf8))
        case .serviceWorker:
            response = HTTPResponse(
                status: .ok,
                headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")],
                body: Array(ServePage.serviceWorker.utf8))
        case .list(let storeID, let listReference):
            response = list(
                storeID: storeID, listReference: listReference, ifNoneMatch: request.header("if-none-match"))
        case .ops:
            response = ops(request, waited: waited)
        }
        return ServeReply(response: response, authenticated: authenticated)
    }

    /// `GET /api/list`: 304 when the data file is the one the ETag names (no read at all), else the list.
    /// No `store` parameter: the device's current store; `store=` (empty): none; an unknown id: none.
    /// No `list` parameter (or `list=`): the device's current list; else the list with that id or name (as `--list`
    /// reads it), and one there is no such list is 404 naming it (SPEC 22).
    /// While another process holds the lock, the list as last read, marked stale (SPEC 20).
    ///
    /// The ETag is made of the server's own data only (the file's version and the store's and list's ids as parsed or
    /// found, or a word): nothing of the request is ever written into a header.
    private func list(storeID: String?, listReference: String?, ifNoneMatch: String?) -> HTTPResponse {
        let parsed = storeID.flatMap { Store.ID(string: $0) }
        let storeTag = storeID == nil ? "current" : parsed.map { $0.hexDigits.lowercased() } ?? "none"
        let reference = listReference.flatMap { $0.isEmpty ? nil : $0 }
        let stale = store.isLockHeld && lastRead != nil
        let version = stale ? lastRead?.version ?? "" : fileVersion()
        func etag(_ listTag: String) -> String {
            stale
                ? "\"\(version)-\(listTag)-\(storeTag)-stale\""
                : "\"\(version)-\(listTag)-\(storeTag)\(sync.map { "-s\($0.status.generation)" } ?? "")\""
        }
        // No list, or a list's id: the ETag is known before anything is read.
        let listID = reference.flatMap { NamedList.ID(string: $0) }
        if reference == nil || listID != nil {
            let tag = etag(listID.map { $0.hexDigits.lowercased() } ?? "current")
            if ifNoneMatch == tag { return HTTPResponse(status: .notModified, headers: [("ETag", tag)]) }
        }
        let workspace: Workspace
        if let lastRead, stale || lastRead.version == version {
            workspace = lastRead.workspace  // the same files: nothing to read again
        } else {
            do throws(ShopError) {
                // A store per read, as per batch: the path's links followed as they are now.
                var reader = DataFileStore(path: store.path, lockTimeout: store.lockTimeout, clock: store.clock)
                reader.memo = store.memo
                workspace = try reader.loadWorkspace()
            } catch {
                return failure(error)
            }
            lastRead = (workspace, version)
        }
        let shown: NamedList
        do throws(ShopError) {
            shown = try Self.pickList(reference, in: workspace)
        } catch {
            return .text(.notFound, output.describe(error))
        }
        let tag = etag(reference == nil ? "current" : shown.id.hexDigits.lowercased())
        if ifNoneMatch == tag { return HTTPResponse(status: .notModified, headers: [("ETag", tag)]) }
        let pick: Store? = storeID == nil ? workspace.currentStore : parsed.flatMap { workspace.list.store($0) }
        return .json(output.listBody(workspace, pick, shown, tag, stale, sync?.status), etag: tag)
    }

    /// The list `GET /api/list` shows (SPEC 22): the device's current list without a reference; else the list with
    /// that id, or the one `--list` would take for that text (a name, a unique prefix, `id:HEX`).
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)`` (every list's name as a candidate) or
    ///   ``ShopError/ambiguous(_:kind:candidates:)``, naming the reference as given.
    static func pickList(_ reference: String?, in workspace: Workspace) throws(ShopError) -> NamedList {
        guard let reference else { return workspace.device.currentList(in: workspace.list) }
        if let id = NamedList.ID(string: reference), let named = workspace.list.namedList(id) { return named }
        let id = try workspace.list.resolveList(reference)
        return workspace.list.namedList(id) ?? workspace.device.currentList(in: workspace.list)
    }

    /// The data file's and the device file's (the current store) inode, size and modification time: both
    /// are replaced by renaming at every change, so this names their contents without reading them.
    private func fileVersion() -> String {
        [store.resolvedPath, store.devicePath].map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return "none" }
            return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: "-")
    }

    /// `POST /api/ops`: the batch applied as one change under the lock (waiting for it as a command
    /// would, without holding up other requests); see ``apply(_:client:)``.
    private func ops(_ request: HTTPRequest, waited: Double) -> HTTPResponse? {
        let ops: [Result<ServeOp, ServeOpProblem>]
        switch ServeBatch.parse(request.body) {
        case .failure(.tooMany(let count)):
            return .text(.contentTooLarge, "\(count) ops in one request; at most \(ServeBatch.maximumOps)")
        case .failure(.malformed(let message)):
            return .text(.badRequest, message)
        case .success(let parsed):
            ops = parsed
        }
        let client = ServeBatch.client(ops, userAgent: request.header("user-agent"))
        let results: [ServeOpResult]
        let lineTotals: [Identifier<ServeOp>: Price]
        do throws(ShopError) {
            (results, lineTotals) = try apply(ops, client: client)
        } catch {
            if case .busy = error, waited < store.lockTimeout { return nil }
            if case .busy(let lockPath, _) = error {
                return failure(.busy(lockPath: lockPath, waitedSeconds: store.lockTimeout))
            }
            return failure(error)
        }
        sync?.batchApplied(results.contains { if case .applied = $0 { true } else { false } })
        return .json(ServeOpsJSON.body(ops, results, lineTotals: lineTotals, describe: output.describe))
    }

    /// Applies a batch under the lock (tried once, never waited for: the loop asks again). The ledger of applied ops
    /// is read under the lock, and written under it once the data file is: an op found in the data file itself (a
    /// purchase with its id, a deletion of its purchase) is `already` whatever the ledger says, so a kill or a full
    /// disk between the two never applies it twice, and a ledger that cannot be written never turns it into a 500.
    private func apply(_ ops: [Result<ServeOp, ServeOpProblem>], client: String) throws(ShopError) -> (
        [ServeOpResult], [Identifier<ServeOp>: Price]
    ) {
        let now = clock()
        var attempt = DataFileStore(
            path: store.path, lockTimeout: 0, undoDescription: store.undoDescription, clock: store.clock)
        attempt.memo = store.memo
        let needsLog = ops.contains {
            if case .success(let op) = $0 { op.kind == .buy || op.kind == .unbuy } else { false }
        }
        return try attempt.updateWorkspace(
            loadingLog: needsLog,
            { (workspace: inout Workspace) throws(ShopError) in
                let (seen, declinedBefore) = try files.ledgerOps(now: now)
                let results = workspace.list.apply(
                    ops, seen: seen, declinedBefore: declinedBefore, now: now, log: &workspace.log,
                    currentList: workspace.device.currentList(in: workspace.list).id)
                self.rememberDeclined(ops, results, before: declinedBefore, now: now)
                // What each purchase was logged at, so the page's cart total is the history's (SPEC 17).
                return (results, workspace.list.loggedLineTotals(ops, results, in: workspace.log))
            },
            describe: { ServeBatch.undoDescription($0.0, client: client) },
            afterWrite: { outcome in self.remember(ops, outcome.0, now: now) })
    }

    /// Records the ids of the ops applied (under the lock, after the data file is written). A failure is
    /// said on standard error and changes no answer: the data file itself says what was applied.
    private func remember(_ ops: [Result<ServeOp, ServeOpProblem>], _ results: [ServeOpResult], now: Date) {
        if fault == "kill-after-write" { kill(getpid(), SIGKILL) }
        var applied: [Identifier<ServeOp>] = []
        for (parsed, result) in zip(ops, results) {
            if case .success(let op) = parsed, case .applied = result { applied.append(op.id) }
        }
        do throws(ShopError) {
            if fault == "ledger-full" {
                throw .cannotWrite(path: files.ledgerPath, reason: String(cString: strerror(ENOSPC)))
            }
            try files.record(applied, now: now)
        } catch {
            output.warn("shop serve: \(output.describe(error))\n")
        }
    }

    /// Records the ids of the ops turned down (gone, refused, declined), under the lock and before the
    /// data file is written (``ServeFiles/recordDeclined(_:now:)``). A failure is said on standard error.
    private func rememberDeclined(
        _ ops: [Result<ServeOp, ServeOpProblem>], _ results: [ServeOpResult],
        before: [Identifier<ServeOp>: ServeOpResult], now: Date
    ) {
        var declined: [Identifier<ServeOp>] = []
        var gone: Set<Identifier<ServeOp>> = []
        for (parsed, result) in zip(ops, results) {
            guard case .success(let op) = parsed, before[op.id] == nil else { continue }
            switch result {
            case .applied, .already: continue
            case .gone:
                declined.append(op.id)
                gone.insert(op.id)
            case .refused, .declined: declined.append(op.id)
            }
        }
        do throws(ShopError) {
            try files.recordDeclined(declined, gone: gone, now: now)
        } catch {
            output.warn("shop serve: \(output.describe(error))\n")
        }
    }

    /// A failure to read or write the data file: 503 while another process holds the lock (try again),
    /// 500 otherwise, with the message a command would print.
    private func failure(_ error: ShopError) -> HTTPResponse {
        if case .busy = error { return .text(.serviceUnavailable, output.describe(error)) }
        return .text(.internalServerError, output.describe(error))
    }
}
