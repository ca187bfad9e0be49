import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopPlacing
import ShopServe
import ShopTestSupport
import Testing

/// The request parser of `shop serve` (SPEC section 13): tables of requests, and random bytes.
@Suite struct HTTPParserTests {
    static func parse(_ text: String) -> HTTPParser.Outcome { HTTPParser.parse(Array(text.utf8)) }

    static let host = "Host: 127.0.0.1:8425\r\n"

    /// Each request and the status it is refused with.
    static let refusals: [(String, HTTPStatus)] = [
        ("PUT / HTTP/1.1\r\n\(host)\r\n", .methodNotAllowed),
        ("DELETE /api/ops HTTP/1.1\r\n\(host)\r\n", .methodNotAllowed),
        ("OPTIONS * HTTP/1.1\r\n\(host)\r\n", .methodNotAllowed),
        ("GET / HTTP/2.0\r\n\(host)\r\n", .versionNotSupported),
        ("GET / HTTP/1.1\r\n\r\n", .badRequest),  // no Host
        ("GET / HTTP/1.1\r\n\(host)\(host)\r\n", .badRequest),  // two Hosts
        ("GET / HTTP/1.1\n\(host)\r\n", .badRequest),  // a bare LF
        ("GET  / HTTP/1.1\r\n\(host)\r\n", .badRequest),  // two spaces
        ("GET http://evil/ HTTP/1.1\r\n\(host)\r\n", .badRequest),  // absolute form
        ("GET / HTTP/1.1\r\n\(host) folded\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\(host)Bad Name: x\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\(host)Name : x\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\(host)X: a\u{1}b\r\n\r\n", .badRequest),
        ("GARBAGE\r\n\r\n", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)\r\n", .lengthRequired),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: 1e3\r\n\r\n", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: \r\n\r\n", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: 1048577\r\n\r\n", .contentTooLarge),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: 99999999999999\r\n\r\n", .badRequest),
        ("POST /api/ops HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", .notImplemented),
        ("POST /api/ops HTTP/1.1\r\n\(host)Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", .notImplemented),
        ("GET / HTTP/1.1\r\n\(host)X: \(String(repeating: "a", count: 9000))\r\n\r\n", .headerFieldsTooLarge),
        // SPEC 20: no target holds a control character, raw or escaped, or a bad escape.
        ("GET /api/list?store=%0d%0aX-Evil:%201 HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=%0A HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=%00 HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=%7f HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=%zz HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=%2 HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /api/list?store=% HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /a\u{0}b HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET /a\rb HTTP/1.1\r\n\(host)\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\(host)X: a\u{0}b\r\n\r\n", .badRequest),
        ("GET / HTTP/1.1\r\n\(host)X: a\rb\r\n\r\n", .badRequest),
    ]

    @Test(arguments: 0..<refusals.count) func refusesWithItsStatus(_ index: Int) {
        let (text, status) = Self.refusals[index]
        #expect(Self.parse(text) == .refused(status), "\(text.prefix(80))")
    }

    @Test func aHeadPast8KiBIsRefusedBeforeItEnds() {
        #expect(
            Self.parse("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 8200)) == .refused(.headerFieldsTooLarge)
        )
    }

    @Test func readsARequestWithItsHeadersAndBody() throws {
        let text =
            "POST /api/ops?x=1 HTTP/1.1\r\n\(Self.host)Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}GET"
        guard case .request(let request, let length) = Self.parse(text) else {
            Issue.record("not read")
            return
        }
        #expect(request.method == "POST" && request.path == "/api/ops" && request.body == Array("{}".utf8))
        #expect(request.header("content-type") == "application/json" && request.header("host") == "127.0.0.1:8425")
        #expect(length == text.utf8.count - 3, "the next request's bytes are left")
        #expect(request.keepsAlive)
    }

    @Test func escapesThatAreNotControlsPass() {
        guard
            case .request(let request, _) = Self.parse(
                "GET /api/list?store=a%20b%C3%A9%7E HTTP/1.1\r\n\(Self.host)\r\n")
        else {
            Issue.record("not read")
            return
        }
        #expect(request.query("store") == "a bé~")
    }

    @Test func waitsForTheRestOfAHeadOrABody() {
        #expect(Self.parse("GET / HTTP/1.1\r\n\(Self.host)") == .incomplete)
        #expect(Self.parse("POST /api/ops HTTP/1.1\r\n\(Self.host)Content-Length: 5\r\n\r\n{\"o") == .incomplete)
        #expect(Self.parse("") == .incomplete)
    }

    @Test func queryAndConnection() {
        let request = HTTPRequest(
            method: "GET", target: "/?t=ab%20c+d&store=&x", version: "HTTP/1.0",
            headers: [("Connection", "keep-alive")])
        #expect(request.query("t") == "ab c d" && request.query("store") == "" && request.query("x") == "")
        #expect(request.query("missing") == nil)
        #expect(request.keepsAlive)
        #expect(!HTTPRequest(method: "GET", target: "/", headers: [("Connection", "close")]).keepsAlive)
        #expect(HTTPRequest(method: "GET", target: "/?t=%zz").query("t") == nil)
    }

    static let validSeeds = [
        "GET /api/list?store=1 HTTP/1.1\r\n\(host)Authorization: Bearer 1\r\n\r\n",
        "POST /api/ops HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"ops\": []}",
        "GET /api/list?store=%41 HTTP/1.1\r\n\(host)\r\n",
        "HEAD / HTTP/1.0\r\n\r\n",
    ]

    /// 2,000 seeded random byte strings (random bytes, and valid requests with bytes changed, cut or
    /// added): each is read as a request, refused with a status of the spec, or still incomplete (then
    /// the server's 10 s limit answers 408 and closes). Nothing traps.
    @Test func randomBytesGetADefinedAnswer() {
        var random = SeededGenerator(seed: 0x5e7e)
        let defined: Set<HTTPStatus> = [
            .badRequest, .methodNotAllowed, .lengthRequired, .contentTooLarge, .headerFieldsTooLarge, .notImplemented,
            .versionNotSupported,
        ]
        // The valid requests weigh as much as the refusals together, so that mutations of them are read too.
        let seeds =
            Self.refusals.map(\.0) + Array(repeating: Self.validSeeds, count: 10).flatMap { $0 }
        var counts: [String: Int] = [:]
        for round in 0..<2000 {
            var bytes: [UInt8]
            if round % 4 == 0 {
                bytes = (0..<random.next(upTo: 300)).map { _ in UInt8(random.next(upTo: 256)) }
            } else {
                bytes = Array(seeds[random.next(upTo: seeds.count)].utf8)
                for _ in 0..<(1 + random.next(upTo: 4)) {
                    let position = random.next(upTo: bytes.count + 1)
                    switch random.next(upTo: 3) {
                    case 0 where position < bytes.count: bytes[position] = UInt8(random.next(upTo: 256))
                    case 1:
                        bytes.insert(
                            contentsOf: [13, 10, 32, 58, 0, 0xFF][random.next(upTo: 6)...].prefix(2), at: position)
                    default: bytes = Array(bytes.prefix(position))
                    }
                }
            }
            switch HTTPParser.parse(bytes) {
            case .incomplete:
                counts["incomplete", default: 0] += 1
                #expect(bytes.count <= HTTPParser.maximumHeadLength + HTTPParser.maximumBodyLength + 4)
            case .request(let request, let length):
                counts["request", default: 0] += 1
                #expect(["GET", "HEAD", "POST"].contains(request.method) && length <= bytes.count)
            case .refused(let status):
                counts["\(status.rawValue)", default: 0] += 1
                #expect(defined.contains(status), "\(status) for \(bytes)")
            }
        }
        #expect(counts["request", default: 0] > 10 && counts["400", default: 0] > 100, "\(counts)")
    }
}

extension SeededGenerator {
    /// A number in 0..<bound (0 for an empty range).
    mutating func next(upTo bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
