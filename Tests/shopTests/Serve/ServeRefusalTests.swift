import Foundation
import ShopKit
import ShopTools
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `shop serve --port 0` probed with raw sockets: every refusal of SPEC section 13, each with its
/// status, the security headers on every answer, and the data file untouched by all of them.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeRefusalTests {
    @Test func everyRefusalHasItsStatusAndTheDataFileIsUntouched() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.dataBytes()
        let ops = #"{"ops": []}"#
        let json = "Content-Type: application/json"
        let tooMany = "{\"ops\": [" + Array(repeating: "{}", count: 501).joined(separator: ",") + "]}"
        let cases: [(String, String, Int)] = [
            ("a method other than GET, HEAD and POST", server.request("PUT", "/api/ops", body: ops), 405),
            ("DELETE", server.request("DELETE", "/"), 405),
            (
                "a head over 8 KiB",
                server.request("GET", "/", headers: ["X-Pad: " + String(repeating: "a", count: 9000)]), 431
            ),
            ("a body over 1 MiB", server.request("POST", "/api/ops", headers: [json, "Content-Length: 1048577"]), 413),
            ("more than 500 ops", server.postOps(tooMany), 413),
            (
                "a chunked body",
                server.request("POST", "/api/ops", headers: [json, "Transfer-Encoding: chunked"])
                    + "2\r\n{}\r\n0\r\n\r\n", 501
            ),
            ("no Content-Length", server.request("POST", "/api/ops", headers: [json]), 411),
            (
                "two Content-Lengths",
                server.request("POST", "/api/ops", headers: [json, "Content-Length: 11", "Content-Length: 11"]) + ops,
                400
            ),
            (
                "a Content-Length that is no number",
                server.request("POST", "/api/ops", headers: [json, "Content-Length: eleven"]), 400
            ),
            ("a body that is not the ops", server.postOps("[1, 2]"), 400),
            (
                "another Host (DNS rebinding)",
                server.request("GET", "/").replacingOccurrences(of: "Host: 127.0.0.1", with: "Host: evil.example"), 421
            ),
            (
                "a POST without application/json",
                server.request("POST", "/api/ops", headers: ["Content-Type: text/plain"], body: ops), 403
            ),
            ("a POST from another origin", server.postOps(ops, headers: ["Origin: http://evil.example"]), 403),
            ("a POST another site made", server.postOps(ops, headers: ["Sec-Fetch-Site: cross-site"]), 403),
            ("no token", server.request("GET", "/api/list", token: nil), 401),
            (
                "the token in a cookie (SPEC 20: never a cookie)",
                server.request("GET", "/api/list", token: nil, headers: ["Cookie: shop_token=\(server.token)"]), 401
            ),
            (
                "no token, a POST from elsewhere too",
                server.request(
                    "POST", "/api/ops", token: nil, headers: ["Origin: http://evil.example", json], body: ops), 401
            ),
            ("a wrong token", server.request("GET", "/api/list", token: "0123456789abcdef0123456789abcdef"), 401),
            ("a wrong link", server.request("GET", "/?t=0123456789abcdef0123456789abcdef", token: nil), 401),
            ("a path out of the table", server.request("GET", "/../shop.json"), 404),
            ("an escaped path", server.request("GET", "/%2e%2e/shop.json"), 404),
            ("the data file by name", server.request("GET", "/shop.json"), 404),
            ("the token file by name", server.request("GET", "/shop.json.serve-token"), 404),
            ("a known path, another method", server.request("POST", "/api/list", headers: [json], body: ops), 405),
            ("HTTP/2", "GET / HTTP/2.0\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", 505),
            ("a bare LF", "GET / HTTP/1.1\nHost: x\n\n", 400),
            ("binary", "\u{0}\u{1}\u{2}\r\n\r\n", 400),
        ]
        for (what, request, status) in cases {
            let response = try server.exchange(request)
            #expect(response.status == status, "\(what): \(response)")
            Self.expectSecurityHeaders(response, what)
        }
        #expect(shop.dataBytes() == before, "no refusal changed the data file")
        #expect(server.stop() == 0, "\(server.errors)")
    }

    /// The headers every answer carries, and no CORS header.
    static func expectSecurityHeaders(
        _ response: RawResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let csp = response.header("content-security-policy") ?? ""
        #expect(
            csp.contains("script-src 'sha256-") && csp.contains("frame-ancestors 'none'"), "\(what)",
            sourceLocation: sourceLocation)
        #expect(response.header("x-content-type-options") == "nosniff", "\(what)", sourceLocation: sourceLocation)
        #expect(response.header("referrer-policy") == "no-referrer", "\(what)", sourceLocation: sourceLocation)
        #expect(
            !response.headers.contains { $0.0.hasPrefix("access-control-") }, "\(what)", sourceLocation: sourceLocation)
    }

    @Test func theLinkServesThePageWithNoCookieAndWrongTokensAreSlowed() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let server = try ServeServer(shop)
        defer { server.stop() }
        let page = try server.exchange(server.request("GET", "/?t=\(server.token)", token: nil))
        #expect(page.status == 200 && page.header("content-type") == "text/html; charset=utf-8")
        #expect(page.header("set-cookie") == nil && page.header("location") == nil, "SPEC 20: no cookie")
        #expect(try server.exchange(server.request("GET", "/", token: nil)).status == 200, "the page holds no data")
        // The page's script is the one the policy allows, by its hash; nothing is loaded from elsewhere.
        let html = page.text
        let script = try #require(
            html.range(of: "<script>").flatMap { start in
                html.range(of: "</script>").map { String(html[start.upperBound..<$0.lowerBound]) }
            })
        let hash = SHA256.base64(SHA256.digest(Array(script.utf8)))
        #expect(page.header("content-security-policy")?.contains("script-src 'sha256-\(hash)'") == true)
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("innerHTML"))
        // Twenty wrong tokens in a row take at least a second.
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        let started = Date()
        for attempt in 0..<20 {
            connection.send(server.request("GET", "/?t=\(String(format: "%032x", attempt))", token: nil))
            #expect(connection.readResponse()?.status == 401)
        }
        #expect(Date().timeIntervalSince(started) >= 1.0)
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200, "the right token still works")
    }

    @Test func aBadPortIsAUsageErrorAndAPortInUseIsExit74() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        for word in ["abc", "70000", "-1", "8425x", ""] {
            let outcome = try shop.run(["serve", "--port", word])
            #expect(outcome.status == 64, "\(word): \(outcome)")
            #expect(outcome.stderr.contains("--port"), "\(outcome)")
        }
        let server = try ServeServer(shop)
        defer { server.stop() }
        try shop.expectFailure(
            ["serve", "--port", "\(server.port)"], status: 74, mentioning: "port \(server.port) is in use")
    }

    @Test func theTokenFileIsPrivateAndANewTokenSignsEveryPhoneOut() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let tokenPath = shop.dataFile.path + ".serve-token"
        let first = try ServeServer(shop)
        let oldToken = first.token
        #expect(first.stop() == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: tokenPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let again = try ServeServer(shop)
        #expect(again.token == first.token, "the token is kept across runs")
        again.stop()
        let renewed = try ServeServer(shop, arguments: ["--port", "0", "--new-token"])
        defer { renewed.stop() }
        #expect(renewed.token != first.token)
        #expect(try renewed.exchange(renewed.request("GET", "/api/list", token: oldToken)).status == 401)
        #expect(try renewed.exchange(renewed.request("GET", "/api/list")).status == 200)
    }
}
