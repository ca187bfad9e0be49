/// Decides what a parsed request is (SPEC section 13): the fixed table of paths, the checks of the
/// `Host`, the token and the cookie, and the refusals of a POST from elsewhere. Pure: the server hands it
/// a request and does what the route says.
public struct ServeRouter: Sendable {
    /// The cookie that carries the token once `GET /?t=TOKEN` has set it.
    public static let cookieName = "shop_token"

    /// What a request asks for, or why it is refused.
    public enum Route: Sendable, Equatable {
        /// Answer with this status and a line saying why.
        case refuse(HTTPStatus, String)
        /// A token or cookie that is not the token: 401, slowed down (see the server).
        case wrongCredential
        /// `GET /?t=TOKEN` with the right token: set the cookie and redirect to `/`.
        case login
        /// `GET /`: the page.
        case page
        /// `GET /sw.js`: the service worker that keeps the page for offline use.
        case serviceWorker
        /// `GET /api/list?store=ID` (the store's id, or none).
        case list(store: String?)
        /// `POST /api/ops`.
        case ops
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

    /// The route of `request`. Order: the `Host` (421); the login link; the cookie (401); the path table
    /// (404) and its methods (405); for a POST, its content type and origin (403).
    public func route(_ request: HTTPRequest) -> Route {
        guard let host = request.header("host")?.lowercased(), hosts.contains(host) else {
            return .refuse(.misdirectedRequest, "this server does not answer to that host name")
        }
        let path = request.path
        if path == "/", let given = request.query("t") {
            guard request.method != "POST" else { return .refuse(.methodNotAllowed, "the link is opened with GET") }
            return Self.constantTimeEqual(given, token) ? .login : .wrongCredential
        }
        guard let cookie = request.cookie(Self.cookieName) else {
            return .refuse(.unauthorized, "open the link that 'shop serve' printed (or its QR code) first")
        }
        guard Self.constantTimeEqual(cookie, token) else { return .wrongCredential }
        let reading = request.method == "GET" || request.method == "HEAD"
        switch path {
        case "/":
            return reading ? .page : .refuse(.methodNotAllowed, "the page is read with GET")
        case "/sw.js":
            return reading ? .serviceWorker : .refuse(.methodNotAllowed, "the worker is read with GET")
        case "/api/list":
            return reading
                ? .list(store: request.query("store")) : .refuse(.methodNotAllowed, "the list is read with GET")
        case "/api/ops":
            guard request.method == "POST" else { return .refuse(.methodNotAllowed, "operations are sent with POST") }
            return checkedPost(request, host: host)
        default:
            return .refuse(.notFound, "no such page")
        }
    }

    /// A POST is JSON from this page only: `Content-Type: application/json`, and `Sec-Fetch-Site` (when
    /// the browser sends it) `same-origin`, else an `Origin` (when sent) naming this very host.
    private func checkedPost(_ request: HTTPRequest, host: String) -> Route {
        let type = request.header("content-type")?.lowercased() ?? ""
        let mediaType = type.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        guard mediaType == "application/json" else {
            return .refuse(.forbidden, "operations are sent as Content-Type: application/json")
        }
        if let site = request.header("sec-fetch-site")?.lowercased() {
            guard site == "same-origin" else { return .refuse(.forbidden, "operations come from this page only") }
            return .ops
        }
        if let origin = request.header("origin")?.lowercased() {
            let authority =
                origin.hasPrefix("http://")
                ? origin.dropFirst(7) : origin.hasPrefix("https://") ? origin.dropFirst(8) : ""
            guard authority == host[...] else {
                return .refuse(.forbidden, "operations come from this page only")
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
