import Foundation
import ShopKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20 on a real `shop serve`, through raw sockets: no header carries request bytes (the `?store=`
/// ETag injection, CR/LF/NUL in targets and headers, fuzzed), and pipelined requests that are never read
/// keep the server's memory bounded.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeHostileRequestTests {
    /// The headers an answer may carry; anything else came from somewhere it should not.
    static let knownHeaders: Set<String> = [
        "content-type", "etag", "content-security-policy", "x-content-type-options", "referrer-policy",
        "x-frame-options", "cross-origin-opener-policy", "cross-origin-resource-policy", "cache-control",
        "content-length", "connection",
    ]

    /// Every header known, and none holding the word the attack sent.
    static func expectClean(_ response: RawResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        for (name, value) in response.headers {
            #expect(Self.knownHeaders.contains(name), "\(what): header \(name)", sourceLocation: sourceLocation)
            #expect(!value.lowercased().contains("evil"), "\(what): \(name): \(value)", sourceLocation: sourceLocation)
        }
    }

    @Test func theStoreParameterNeverReachesTheETag() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.savedBytes()
        let refused = [
            "/api/list?store=%0d%0aSet-Cookie:%20evil=1%0d%0a%0d%0a%3Cscript%3Eevil()%3C/script%3E",
            "/api/list?store=%0Aevil", "/api/list?store=%0Devil", "/api/list?store=evil%00", "/api/list?store=%zzevil",
            "/api/list?store=evil%", "/api/list?store=evil%0", "/api/list?store=%7Fevil", "/?t=%0d%0aevil",
        ]
        for target in refused {
            let response = try server.exchange(server.request("GET", target))
            #expect(response.status == 400, "\(target): \(response)")
            Self.expectClean(response, target)
        }
        // Printable but foreign: answered (an unknown store is none), the ETag of the server's data only.
        for target in ["/api/list?store=evil\"", "/api/list?store=%22evil%22%20x", "/api/list?store=EVIL-1234"] {
            let response = try server.exchange(server.request("GET", target))
            #expect(response.status == 200, "\(target): \(response)")
            Self.expectClean(response, target)
            let etag = response.header("etag") ?? ""
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("-none\""), "\(etag)")
        }
        #expect(shop.savedBytes() == before)
    }

    @Test func controlBytesInTargetsAndHeadersAreRefusedAndFuzzedOnesEchoNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.savedBytes()
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let bearer = "Authorization: Bearer \(server.token)\r\n"
        let fixed = [
            "GET /api/list?store=a\rb HTTP/1.1\r\n\(host)\(bearer)\r\n",
            "GET /api/list?store=a\u{0}b HTTP/1.1\r\n\(host)\(bearer)\r\n",
            "GET /api/list?store=a\nSet-Cookie: evil HTTP/1.1\r\n\(host)\(bearer)\r\n",
            "GET /api/list HTTP/1.1\r\n\(host)\(bearer)If-None-Match: a\rSet-Cookie: evil\r\n\r\n",
            "GET /api/list HTTP/1.1\r\n\(host)\(bearer)If-None-Match: a\u{0}evil\r\n\r\n",
            "GET /api/list HTTP/1.1\r\n\(host)\(bearer)X: a\nSet-Cookie: evil\r\n\r\n",
        ]
        for request in fixed {
            let response = try server.exchange(request)
            #expect(response.status == 400, "\(request.debugDescription): \(response)")
            Self.expectClean(response, request.debugDescription)
        }
        // Seeded: CR, LF, NUL and escapes put anywhere in a request's target or headers.
        var random = SplitMix64(state: 0x38_5e7e)
        let base = Array(
            "GET /api/list?store=evil HTTP/1.1\r\n\(host)\(bearer)If-None-Match: \"evil\"\r\nUser-Agent: evil\r\n\r\n"
                .utf8)
        let insertions: [[UInt8]] =
            [[13], [10], [0], [13, 10], Array("%0d%0a".utf8), Array("%00".utf8), Array("%".utf8)]
            + [Array("%g1".utf8), Array("\r\nSet-Cookie: evil=1".utf8), Array("\r\n\r\nHTTP/1.1 200 OK".utf8)]
        var statuses: [Int: Int] = [:]
        for _ in 0..<100 {
            var bytes = base
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let position = 4 + Int(random.next() % UInt64(bytes.count - 8))
                bytes.insert(contentsOf: insertions[Int(random.next() % UInt64(insertions.count))], at: position)
            }
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            connection.send(bytes)
            // A head left incomplete by the insertion is not answered here (408 comes after 10 s).
            while let response = connection.readResponse(timeout: 0.5) {
                statuses[response.status, default: 0] += 1
                Self.expectClean(response, String(decoding: bytes, as: UTF8.self).debugDescription)
            }
        }
        #expect(Set(statuses.keys).isSubset(of: [200, 304, 400, 401, 404, 405, 421, 505]), "\(statuses)")
        #expect(statuses[400, default: 0] > 40, "\(statuses)")
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200)
        #expect(shop.savedBytes() == before, "no fuzzed request changed the data file or the log")
        #expect(server.stop() == 0, "\(server.errors)")
    }

    @Test func pipelinedRequestsNeverReadKeepMemoryBounded() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200)
        let baseline = server.residentKiB
        let request = Array(server.request("GET", "/api/list").utf8)
        let burst = Array(repeating: request, count: 40_000).flatMap { $0 }
        var pipes: [RawConnection] = []
        defer { for pipe in pipes { pipe.close() } }
        var offered = 0
        for _ in 0..<6 {
            let pipe = try RawConnection(port: server.port)
            _ = fcntl(pipe.descriptor, F_SETFL, fcntl(pipe.descriptor, F_GETFL) | O_NONBLOCK)
            pipes.append(pipe)
        }
        // Each sends what the server takes for up to 3 s, and never reads an answer.
        let started = Date()
        var offsets = Array(repeating: 0, count: pipes.count)
        while Date().timeIntervalSince(started) < 3 {
            var progressed = false
            for (index, pipe) in pipes.enumerated() where offsets[index] < burst.count {
                let sent = burst.withUnsafeBytes {
                    send(
                        pipe.descriptor, $0.baseAddress! + offsets[index], $0.count - offsets[index],
                        Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    offsets[index] += sent
                    offered += sent
                    progressed = true
                }
            }
            if !progressed { usleep(20_000) }
        }
        let grown = server.residentKiB - baseline
        if ProcessInfo.processInfo.environment["SHOP_TEST_TRACE"] != nil {
            print("pipelining: \(offered) bytes offered, \(offsets) taken, grown \(grown) KiB")
        }
        #expect(grown < 48 * 1024, "the server grew by \(grown) KiB under \(offered) bytes of pipelined requests")
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200, "others still answered")
        for pipe in pipes { pipe.close() }
        pipes = []
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200)
    }
}
