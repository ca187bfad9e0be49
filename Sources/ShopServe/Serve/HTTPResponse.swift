/// One answer of `shop serve`. Its security headers are set in one place, ``bytes(contentSecurityPolicy:headOnly:)``,
/// so no route can forget them, and no route can add CORS headers (SPEC section 13).
public struct HTTPResponse: Sendable, Equatable {
    public var status: HTTPStatus
    /// Headers particular to this answer (`Content-Type`, `ETag`), each made of the server's own data, never of the request's (SPEC 20).
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Whether the connection closes after this answer (every refusal of a malformed request does).
    public var closes: Bool

    public init(
        status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = [], closes: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closes = closes
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.closes == rhs.closes
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// A short plain-text answer: the status and one line saying why.
    public static func text(_ status: HTTPStatus, _ message: String, closes: Bool = false) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array((message + "\n").utf8),
            closes: closes)
    }

    /// A JSON answer (never cached: the list changes under it).
    public static func json(_ body: [UInt8], status: HTTPStatus = .ok, etag: String? = nil) -> HTTPResponse {
        var headers = [(name: "Content-Type", value: "application/json; charset=utf-8")]
        if let etag { headers.append(("ETag", etag)) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// The headers every answer carries: no script but the page's own, no framing, no sniffing, no
    /// referrer, no caching unless the route says otherwise; never `Access-Control-*`.
    static func securityHeaders(contentSecurityPolicy: String) -> [(name: String, value: String)] {
        [
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]
    }

    /// The answer on the wire: status line, this answer's headers, the security headers, `Cache-Control` (`no-store`
    /// unless set), `Content-Length`, `Connection: close` when closing, then the body (left out for HEAD and 304).
    public func bytes(contentSecurityPolicy: String, headOnly: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in headers
        where !name.lowercased().hasPrefix("access-control-") {
            head += "\(name): \(value)\r\n"
        }
        for (name, value) in Self.securityHeaders(contentSecurityPolicy: contentSecurityPolicy) {
            head += "\(name): \(value)\r\n"
        }
        if !headers.contains(where: { $0.name.lowercased() == "cache-control" }) {
            head += "Cache-Control: no-store\r\n"
        }
        if status != .notModified { head += "Content-Length: \(body.count)\r\n" }
        if closes { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !headOnly && status != .notModified { bytes += body }
        return bytes
    }
}
