import ShopFormats
import ShopJSON
import ShopModel
import ShopPlacing
import ShopServe
import Testing

/// The route table of `shop serve` and its checks (SPEC section 13).
@Suite struct ServeRouterTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let router = ServeRouter(token: token, hosts: ServeRouter.hosts(port: 8425, addresses: ["127.0.0.1"]))

    static func request(
        _ method: String, _ target: String, host: String = "127.0.0.1:8425", bearer: String? = token,
        _ headers: [(String, String)] = []
    ) -> HTTPRequest {
        var fields = [(name: "Host", value: host)]
        if let bearer { fields.append(("Authorization", "Bearer \(bearer)")) }
        fields += headers.map { (name: $0.0, value: $0.1) }
        return HTTPRequest(method: method, target: target, headers: fields)
    }

    static let json = [("Content-Type", "application/json")]

    /// Each request and its route.
    static let table: [(HTTPRequest, ServeRouter.Route)] = [
        (request("GET", "/"), .page),
        (request("HEAD", "/"), .page),
        (request("GET", "/", host: "LOCALHOST:8425"), .page),
        (request("GET", "/sw.js"), .serviceWorker),
        (request("GET", "/api/list"), .list(store: nil, list: nil)),
        (request("GET", "/api/list?store=ABC"), .list(store: "ABC", list: nil)),
        // SPEC 22: the list picked on the page, by id or (percent-escaped) name.
        (request("GET", "/api/list?store=ABC&list=Party%20time"), .list(store: "ABC", list: "Party time")),
        (request("POST", "/api/ops", json), .ops),
        (request("POST", "/api/ops", [("Content-Type", "application/json; charset=utf-8")]), .ops),
        (
            request(
                "POST", "/api/ops", json + [("Sec-Fetch-Site", "same-origin"), ("Origin", "https://proxy.example")]),
            .ops
        ),
        (request("POST", "/api/ops", json + [("Origin", "http://127.0.0.1:8425")]), .ops),
        (request("GET", "/?t=\(token)", bearer: nil), .page),
        (request("GET", "/?t=\(token)x", bearer: nil), .wrongCredential),
        (request("GET", "/?t=", bearer: nil), .wrongCredential),
        (request("GET", "/api/list", bearer: "nope"), .wrongCredential),
        (request("POST", "/api/ops", bearer: "nope", json), .wrongCredential),
        (
            HTTPRequest(
                method: "GET", target: "/api/list", headers: [("Host", "127.0.0.1:8425"), ("Authorization", "Basic x")]),
            .wrongCredential
        ),
        (
            HTTPRequest(
                method: "GET", target: "/api/list",
                headers: [("Host", "127.0.0.1:8425"), ("Authorization", "bearer \(token)")]),
            .list(store: nil, list: nil)
        ),
        // SPEC 20: a cookie is never a token.
        (
            HTTPRequest(
                method: "GET", target: "/api/list",
                headers: [("Host", "127.0.0.1:8425"), ("Cookie", "shop_token=\(token)")]),
            .refuse(.unauthorized, .noToken)
        ),
        // The page and its worker hold no data: answered without the token.
        (request("GET", "/", bearer: nil), .page),
        (request("GET", "/sw.js", bearer: nil), .serviceWorker),
        (request("GET", "/", host: "evil.example:8425"), .refuse(.misdirectedRequest, .unknownHost)),
        (request("GET", "/", host: "127.0.0.1:8426"), .refuse(.misdirectedRequest, .unknownHost)),
        (request("GET", "/api/list", bearer: nil), .refuse(.unauthorized, .noToken)),
        (request("POST", "/api/ops", bearer: nil, json), .refuse(.unauthorized, .noToken)),
        (request("GET", "/../shop.json"), .refuse(.notFound, .noSuchPath)),
        (request("GET", "/%2e%2e/shop.json"), .refuse(.notFound, .noSuchPath)),
        (request("GET", "/shop.json"), .refuse(.notFound, .noSuchPath)),
        (request("GET", "/api/list/"), .refuse(.notFound, .noSuchPath)),
        (request("GET", "/index.html"), .refuse(.notFound, .noSuchPath)),
        (request("GET", "/api/ops"), .refuse(.methodNotAllowed, .opsNotPost)),
        (request("POST", "/", json), .refuse(.methodNotAllowed, .pageNotRead)),
        (request("POST", "/api/list", json), .refuse(.methodNotAllowed, .listNotRead)),
        (request("POST", "/sw.js", json), .refuse(.methodNotAllowed, .workerNotRead)),
        (request("POST", "/?t=\(token)", bearer: nil, json), .refuse(.methodNotAllowed, .loginNotGet)),
        (request("POST", "/api/ops"), .refuse(.forbidden, .opsNotJSON)),
        (request("POST", "/api/ops", [("Content-Type", "text/plain")]), .refuse(.forbidden, .opsNotJSON)),
        (
            request("POST", "/api/ops", [("Content-Type", "application/x-www-form-urlencoded")]),
            .refuse(.forbidden, .opsNotJSON)
        ),
        (
            request("POST", "/api/ops", json + [("Origin", "http://evil.example")]),
            .refuse(.forbidden, .opsFromElsewhere)
        ),
        (request("POST", "/api/ops", json + [("Origin", "null")]), .refuse(.forbidden, .opsFromElsewhere)),
        (
            request("POST", "/api/ops", json + [("Sec-Fetch-Site", "cross-site")]),
            .refuse(.forbidden, .opsFromElsewhere)
        ),
        (request("POST", "/api/ops", json + [("Sec-Fetch-Site", "same-site")]), .refuse(.forbidden, .opsFromElsewhere)),
    ]

    @Test(arguments: 0..<table.count) func routes(_ index: Int) {
        let (request, expected) = Self.table[index]
        #expect(Self.router.route(request) == expected, "\(request.method) \(request.target) \(request.headers)")
    }

    @Test func aConnectionIsThePhonesOnceItSendsTheRightToken() {
        #expect(Self.router.isAuthenticated(Self.request("GET", "/api/list")))
        #expect(Self.router.isAuthenticated(Self.request("GET", "/?t=\(Self.token)", bearer: nil)))
        #expect(!Self.router.isAuthenticated(Self.request("GET", "/", bearer: nil)))
        #expect(!Self.router.isAuthenticated(Self.request("GET", "/api/list", bearer: "nope")))
        #expect(!Self.router.isAuthenticated(Self.request("GET", "/api/list?t=\(Self.token)", bearer: nil)))
    }

    @Test func constantTimeComparison() {
        #expect(ServeRouter.constantTimeEqual(Self.token, Self.token))
        #expect(!ServeRouter.constantTimeEqual(Self.token + "0", Self.token))
        #expect(!ServeRouter.constantTimeEqual("", Self.token))
        #expect(!ServeRouter.constantTimeEqual(String(Self.token.dropLast()) + "0", Self.token))
    }

    @Test func hostsIncludeLocalhostAndPort80WithoutItsNumber() {
        #expect(
            ServeRouter.hosts(port: 80, addresses: ["10.0.0.2"]) == [
                "10.0.0.2:80", "10.0.0.2", "localhost:80", "localhost",
            ])
    }

    @Test func everyAnswerCarriesTheSecurityHeadersAndNoCORS() {
        var response = HTTPResponse.json(Array("{}".utf8), etag: "\"1\"")
        response.headers.append(("Access-Control-Allow-Origin", "*"))
        let text = String(decoding: response.bytes(contentSecurityPolicy: "default-src 'none'"), as: UTF8.self)
        for header in [
            "Content-Security-Policy: default-src 'none'", "X-Content-Type-Options: nosniff",
            "Referrer-Policy: no-referrer",
            "X-Frame-Options: DENY", "Cache-Control: no-store", "Content-Length: 2", "ETag: \"1\"",
        ] {
            #expect(text.contains(header + "\r\n"), "\(header)")
        }
        #expect(!text.lowercased().contains("access-control"))
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.hasSuffix("\r\n\r\n{}"))
        let head = HTTPResponse.text(.notFound, "no").bytes(contentSecurityPolicy: "x", headOnly: true)
        #expect(String(decoding: head, as: UTF8.self).hasSuffix("Content-Length: 3\r\n\r\n"))
    }
}
