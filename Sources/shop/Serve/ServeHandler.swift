import ShopKit

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Answers the routes of ``ServeRouter`` (SPEC section 13). No state of its own: each answer reads the
/// data file, and each batch of ops is one change under the lock, one undo step named after what it did.
struct ServeHandler {
    let router: ServeRouter
    /// The data file's store, its undo steps named per batch.
    let store: DataFileStore
    let files: ServeFiles
    /// The clock (`SHOP_NOW` in tests); read per request.
    let clock: () -> Date

    /// The answer to `request`, and whether it is a wrong credential to be slowed down.
    func respond(_ request: HTTPRequest) -> (response: HTTPResponse, slowed: Bool) {
        switch router.route(request) {
        case .refuse(let status, let reason):
            return (.text(status, Self.words(reason)), false)
        case .wrongCredential:
            return (.text(.unauthorized, "that is not this server's token; open the link 'shop serve' printed"), true)
        case .login:
            let cookie =
                "\(ServeRouter.cookieName)=\(router.token); HttpOnly; SameSite=Strict; Path=/; Max-Age=\(400 * 86_400)"
            return (HTTPResponse(status: .seeOther, headers: [("Location", "/"), ("Set-Cookie", cookie)]), false)
        case .page:
            return (
                HTTPResponse(
                    status: .ok,
                    headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
                    body: Array(ServePage.html.utf8)), false
            )
        case .serviceWorker:
            return (
                HTTPResponse(
                    status: .ok,
                    headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")],
                    body: Array(ServePage.serviceWorker.utf8)), false
            )
        case .list(let storeID):
            return (list(storeID: storeID, ifNoneMatch: request.header("if-none-match")), false)
        case .ops:
            return (ops(request), false)
        }
    }

    /// `GET /api/list`: 304 when the data file is the one the ETag names (no read at all), else the list.
    /// No `store` parameter: the device's current store; `store=` (empty): none; an unknown id: none.
    private func list(storeID: String?, ifNoneMatch: String?) -> HTTPResponse {
        let etag = "\"\(fileVersion())-\(storeID ?? "current")\""
        if ifNoneMatch == etag { return HTTPResponse(status: .notModified, headers: [("ETag", etag)]) }
        let list: ShoppingList
        do throws(ShopError) {
            list = try store.load()
        } catch {
            return failure(error)
        }
        let pick: Store? =
            switch storeID {
            case nil: list.currentStore
            case let id?: Store.ID(string: id).flatMap { list.store($0) }
            }
        return .json(ServeListJSON.body(list, store: pick, etag: etag), etag: etag)
    }

    /// The data file's inode, size and modification time: it is replaced by renaming at every change, so
    /// this names its contents without reading them.
    private func fileVersion() -> String {
        var info = stat()
        guard stat(store.resolvedPath, &info) == 0 else { return "none" }
        return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// `POST /api/ops`: the batch applied as one change under the lock; the ids of the ops applied are
    /// then remembered (90 days), so that the same batch sent again is answered `already`.
    private func ops(_ request: HTTPRequest) -> HTTPResponse {
        let ops: [Result<ServeOp, ServeOpProblem>]
        switch ServeBatch.parse(request.body) {
        case .failure(.tooMany(let count)):
            return .text(.contentTooLarge, "\(count) ops in one request; at most \(ServeBatch.maximumOps)")
        case .failure(.malformed(let message)):
            return .text(.badRequest, message)
        case .success(let parsed):
            ops = parsed
        }
        let now = clock()
        let client = ServeBatch.client(ops, userAgent: request.header("user-agent"))
        let needsLog = ops.contains { if case .success(let op) = $0 { op.purchase != nil } else { false } }
        let results: [ServeOpResult]
        do throws(ShopError) {
            let seen = try files.appliedOps(now: now)
            results = try store.update(
                loadingLog: needsLog,
                { (list: inout ShoppingList) throws(ShopError) in list.apply(ops, seen: seen, now: now) },
                describe: { ServeBatch.undoDescription($0, client: client) })
            var applied: [Identifier<ServeOp>] = []
            for (parsed, result) in zip(ops, results) {
                if case .success(let op) = parsed, case .applied = result { applied.append(op.id) }
            }
            try files.record(applied, now: now)
        } catch {
            return failure(error)
        }
        var writer = JSONWriter(pretty: false, capacity: 64 + ops.count * 96)
        writer.beginObject()
        writer.key("results")
        writer.beginArray()
        for (parsed, result) in zip(ops, results) {
            writer.beginObject()
            writer.key("id")
            switch parsed {
            case .success(let op): writer.string(op.id.description.lowercased())
            case .failure(let problem): if let id = problem.id { writer.string(id) } else { writer.null() }
            }
            writer.key("message")
            if let message = Self.message(result, of: parsed) { writer.string(message) } else { writer.null() }
            writer.key("result")
            writer.string(result.word)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return .json(writer.bytes)
    }

    /// A failure to read or write the data file: 503 while another process holds the lock (try again),
    /// 500 otherwise, with the message a command would print.
    private func failure(_ error: ShopError) -> HTTPResponse {
        let report = ErrorReport(error)
        return .text(
            report.exitCode == ErrorReport.ExitCode.busy ? .serviceUnavailable : .internalServerError, report.message)
    }
}
