/// Decides what a parsed request is (SPEC sections 13 and 20): the fixed table of paths (``paths``), the checks of the
/// `Host` and the token, and the refusals of a POST from elsewhere. Pure: the server does what the route says.
///
/// The token travels only as `Authorization: Bearer TOKEN`, which the page sends from its own origin's
/// storage (SPEC 20): never in a cookie, which every other server on the same host would receive (cookies
/// ignore ports). The page and its worker hold no data and are answered without it.
public struct ServeRouter: Sendable {
    /// What a request asks for, or why it is refused.
    public enum Route: Sendable, Equatable {
        /// Answer with this status and a line saying why (the server words the ``Refusal``).
        case refuse(HTTPStatus, Refusal)
        /// A token that is not the token: 401, answered no faster than the server's limit (see the server).
        case wrongCredential
        /// `GET /` (with `?t=TOKEN`, the right token): the page, which keeps the token and clears the address bar.
        case page
        /// `GET /sw.js`: the service worker that keeps the page for offline use.
        case serviceWorker
        /// `GET /api/list?store=ID&list=ID|NAME` (the store's id, or none; the list's id or name, or none: SPEC 22).
        case list(store: String?, list: String?)
        /// `POST /api/ops`.
        case ops
    }

    /// Why a request is refused, for the line the answer carries.
    public enum Refusal: Sendable, Equatable {
        /// The `Host` is not one this server answers to (421).
        case unknownHost
        /// The link sent with a method other than GET (405).
        case loginNotGet
        /// An API request without `Authorization: Bearer`: the link was never opened in this browser (401).
        case noToken
        /// The page, the worker or the list asked for with a method that does not read (405).
        case pageNotRead, workerNotRead, listNotRead
        /// Operations sent with a method other than POST (405).
        case opsNotPost
        /// Operations sent as something other than JSON (403).
        case opsNotJSON
        /// Operations sent from another site or page (403).
        case opsFromElsewhere
        /// A path outside the fixed table (404).
        case noSuchPath
    }

    /// The token (32 hex digits).
    public var token: String
    /// The `Host` values answered to, lowercased (`127.0.0.1:8425`, `localhost:8425`, LAN addresses):
    /// any other is 421, which stops DNS rebinding.
    public var hosts: Set<String>

    public init(token: String, hosts: Set<String>) {
        self.token = token
        self.hosts = hosts
    }

    /// The `Host` values for a server on `port` reached at `addresses` (`127.0.0.1`, LAN addresses);
    /// `localhost` always. Port 80 may also be left out, as browsers do.
    public static func hosts(port: Int, addresses: [String]) -> Set<String> {
        var hosts: Set<String> = []
        for address in addresses + ["localhost"] {
            hosts.insert("\(address.lowercased()):\(port)")
            if port == 80 { hosts.insert(address.lowercased()) }
        }
        return hosts
    }

    /// One row of the fixed path table: the path, the methods it answers, whether it asks for the bearer
    /// token, what another method is refused as, and the route of a request that passed every check.
    struct Path: Sendable {
        let path: String
        let methods: Set<String>
        let needsToken: Bool
        let otherMethod: Refusal
        let route: @Sendable (_ router: ServeRouter, _ request: HTTPRequest, _ host: String) -> Route
    }

    /// Every path the server answers; any other is 404. The page and its worker hold no data, so they
    /// are answered without the token; the list and the ops are not.
    static let paths: [Path] = [
        Path(path: "/", methods: ["GET", "HEAD"], needsToken: false, otherMethod: .pageNotRead) { _, _, _ in .page },
        Path(path: "/sw.js", methods: ["GET", "HEAD"], needsToken: false, otherMethod: .workerNotRead) { _, _, _ in
            .serviceWorker
        },
        Path(path: "/api/list", methods: ["GET", "HEAD"], needsToken: true, otherMethod: .listNotRead) {
            _, request, _ in .list(store: request.query("store"), list: request.query("list"))
        },
        Path(path: "/api/ops", methods: ["POST"], needsToken: true, otherMethod: .opsNotPost) { router, request, host in
            router.checkedPost(request, host: host)
        },
    ]

    /// The route of `request`. Order: the `Host` (421); the path table (404); the link's `?t=` on `/`; the bearer token
    /// where the path asks for it (401); the methods (405); for a POST, its content type and origin (403).
    public func route(_ request: HTTPRequest) -> Route {
        guard let host = request.header("host")?.lowercased(), hosts.contains(host) else {
            return .refuse(.misdirectedRequest, .unknownHost)
        }
        guard let path = Self.paths.first(where: { $0.path == request.path }) else {
            return .refuse(.notFound, .noSuchPath)
        }
        if path.path == "/", let given = request.query("t") {
            guard request.method != "POST" else { return .refuse(.methodNotAllowed, .loginNotGet) }
            return Self.constantTimeEqual(given, token) ? .page : .wrongCredential
        }
        if path.needsToken {
            guard let given = bearer(request) else { return .refuse(.unauthorized, .noToken) }
            guard Self.constantTimeEqual(given, token) else { return .wrongCredential }
        }
        guard path.methods.contains(request.method) else { return .refuse(.methodNotAllowed, path.otherMethod) }
        return path.route(self, request, host)
    }

    /// Whether `request` carries the right token (in `Authorization`, or as the link's `?t=`): a
    /// connection that has sent one is the phone's, and is never closed to make room for another.
    public func isAuthenticated(_ request: HTTPRequest) -> Bool {
        let given = bearer(request) ?? (request.path == "/" ? request.query("t") : nil)
        return given.map { Self.constantTimeEqual($0, token) } ?? false
    }

    /// Whether `request` carries a token to check (`Authorization`, or the link's `?t=`): a guess, until it is checked.
    /// The server checks at most 20 such from connections not yet proven a second (SPEC 20), however fast they come.
    public func carriesToken(_ request: HTTPRequest) -> Bool {
        request.header("authorization") != nil || (request.path == "/" && request.query("t") != nil)
    }

    /// The token of `Authorization: Bearer TOKEN` (the scheme in any case), if sent.
    private func bearer(_ request: HTTPRequest) -> String? {
        guard let value = request.header("authorization") else { return nil }
        let scheme = "bearer "
        guard value.utf8.count > scheme.utf8.count, value.lowercased().hasPrefix(scheme) else { return "" }
        return String(value.dropFirst(scheme.count)).filter { $0 != " " }
    }

    /// A POST is JSON from this page only: `Content-Type: application/json`, and `Sec-Fetch-Site` (when
    /// the browser sends it) `same-origin`, else an `Origin` (when sent) naming this very host.
    private func checkedPost(_ request: HTTPRequest, host: String) -> Route {
        let type = request.header("content-type")?.lowercased() ?? ""
        let mediaType = type.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        guard mediaType == "application/json" else {
            return .refuse(.forbidden, .opsNotJSON)
        }
        if let site = request.header("sec-fetch-site")?.lowercased() {
            guard site == "same-origin" else { return .refuse(.forbidden, .opsFromElsewhere) }
            return .ops
        }
        if let origin = request.header("origin")?.lowercased() {
            let authority =
                origin.hasPrefix("http://")
                ? origin.dropFirst(7) : origin.hasPrefix("https://") ? origin.dropFirst(8) : ""
            guard authority == host[...] else {
                return .refuse(.forbidden, .opsFromElsewhere)
            }
        }
        return .ops
    }

    /// Compares two texts in time that depends on their lengths only, never on where they first differ.
    public static func constantTimeEqual(_ given: String, _ expected: String) -> Bool {
        let lhs = Array(given.utf8)
        let rhs = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        if lhs.count != rhs.count { difference |= 1 }
        for index in 0..<rhs.count {
            difference |= (index < lhs.count ? lhs[index] : 0) ^ rhs[index]
        }
        return difference == 0
    }
}
