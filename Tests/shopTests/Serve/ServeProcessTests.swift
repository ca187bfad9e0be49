import Foundation
import ShopKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `shop serve` under load and signals (SPEC section 13): slow clients, idle connections, SIGTERM
/// in the middle of a POST, a batch sent twice, and a batch racing six `shop add` processes.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeProcessTests {
    /// The id of item `name` in the sandbox's list.
    static func itemID(_ shop: ShopProcess, _ name: String) throws -> String {
        let data = Data(try shop.run(["show", name, "--json"]).stdout.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["id"] as? String)
    }

    static func buy(_ item: String, id: String = UUID().uuidString, at: String = "2026-11-22T10:00:00Z") -> String {
        #"{"id": "\#(id)", "op": "buy", "item": "\#(item)", "at": "\#(at)", "store": null}"#
    }

    /// The results' words of an ops answer.
    static func results(_ response: RawResponse) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (object["results"] as? [[String: Any]] ?? []).compactMap { $0["result"] as? String }
    }

    @Test func aSlowRequestGets408AndIsClosedAfter10Seconds() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let server = try ServeServer(shop)
        defer { server.stop() }
        let slow = try RawConnection(port: server.port)
        let silent = try RawConnection(port: server.port)
        defer {
            slow.close()
            silent.close()
        }
        let started = Date()
        // Slowloris: a byte of the head every half second, never finishing it.
        let head = Array(server.request("GET", "/api/list").utf8)
        var answer: RawResponse?
        for byte in head.prefix(30) {
            slow.send([byte])
            if let response = slow.readResponse(timeout: 0.5) {
                answer = response
                break
            }
        }
        if answer == nil { answer = slow.readResponse(timeout: 5) }
        let elapsed = Date().timeIntervalSince(started)
        #expect(answer?.status == 408, "\(String(describing: answer))")
        #expect(elapsed >= 9.5 && elapsed < 13, "\(elapsed)")
        #expect(slow.isClosed(within: 3))
        #expect(silent.readResponse(timeout: 3)?.status == 408, "a connection that sends nothing is closed too")
        #expect(silent.isClosed(within: 3))
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200)
    }

    @Test func fiftyIdleConnectionsDoNotStopAHeldOneBeingAnswered() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let held = try RawConnection(port: server.port)
        defer { held.close() }
        var idle: [RawConnection] = []
        defer { for connection in idle { connection.close() } }
        for _ in 0..<50 { idle.append(try RawConnection(port: server.port)) }
        // Those past 16 are refused at once with 503.
        var refused = 0
        for connection in idle where connection.readResponse(timeout: 0.2)?.status == 503 { refused += 1 }
        #expect(refused == 50 - 15, "16 connections at once: the held one and 15 idle ones")
        let started = Date()
        held.send(server.request("GET", "/api/list"))
        let response = held.readResponse(timeout: 5)
        #expect(response?.status == 200)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func sigtermDuringAPostFinishesItThenExits0() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        let server = try ServeServer(shop)
        let milk = try Self.itemID(shop, "milk")
        let request = server.postOps(#"{"ops": [\#(Self.buy(milk, at: "2026-11-22T10:00:07Z"))]}"#)
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        let bytes = Array(request.utf8)
        connection.send(Array(bytes.prefix(bytes.count - 20)))
        usleep(300_000)
        kill(server.process.processIdentifier, SIGTERM)
        usleep(500_000)
        #expect(server.process.isRunning, "the request in flight is waited for")
        #expect((try? RawConnection(port: server.port)) == nil, "no new connection is accepted")
        connection.send(Array(bytes.suffix(20)))
        let response = connection.readResponse(timeout: 5)
        #expect(response?.status == 200)
        #expect(try response.map(Self.results) == ["applied"])
        #expect(server.stop() == 0, "\(server.errors)")
        let history = try shop.run(["history", "--json"]).stdout
        #expect(
            history.contains("\"date\" : \"2026-11-22T10:00:07Z\"") && history.contains("\"name\" : \"milk\""),
            "\(history)")
    }

    @Test func aBatchSentTwiceIsLoggedOnceAndIsOneNamedUndoStep() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let milk = try Self.itemID(shop, "milk")
        let eggs = try Self.itemID(shop, "eggs")
        let batch = #"""
            {"ops": [\#(Self.buy(milk, at: "2026-11-22T10:00:01Z")), \#(Self.buy(eggs, at: "2026-11-22T10:02:30Z")),
              {"id": "\#(UUID().uuidString)", "op": "add", "name": "<img src=x onerror=alert(1)>"},
              {"id": "\#(UUID().uuidString)", "op": "available", "item": "\#(UUID().uuidString)"}]}
            """#
        let first = try server.exchange(
            server.postOps(batch, headers: ["User-Agent: Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile"]))
        #expect(first.status == 200 && first.header("cache-control") == "no-store")
        #expect(try Self.results(first) == ["applied", "applied", "applied", "gone"])
        let second = try server.exchange(server.postOps(batch))
        #expect(try Self.results(second) == ["already", "already", "already", "gone"])
        let history = try shop.run(["history", "--json"]).stdout
        #expect(history.components(separatedBy: "\"itemId\"").count - 1 == 2, "\(history)")
        #expect(history.contains("2026-11-22T10:02:30Z") && history.contains("2026-11-22T10:00:01Z"))
        let steps = try shop.run(["undo", "--list"]).stdout
        #expect(steps.contains("serve: buy milk, eggs; add <img src=x onerror=alert(1)> (Android phone)"), "\(steps)")
        #expect(try shop.run(["undo"]).status == 0)
        #expect(try shop.run(["history", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(try shop.run(["list"]).stdout.contains("milk"), "undo took the whole batch back")
    }

    @Test func theListHasAnETagAnd304WhenUnchanged() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["sample"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let list = try server.exchange(server.request("GET", "/api/list"))
        let etag = try #require(list.header("etag"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(list.body)) as? [String: Any])
        #expect((object["groups"] as? [Any])?.isEmpty == false && (object["stores"] as? [Any])?.count == 3)
        let unchanged = try server.exchange(server.request("GET", "/api/list", headers: ["If-None-Match: \(etag)"]))
        #expect(unchanged.status == 304 && unchanged.body.isEmpty)
        try shop.run(["add", "tea"])
        let changed = try server.exchange(server.request("GET", "/api/list", headers: ["If-None-Match: \(etag)"]))
        #expect(changed.status == 200 && changed.header("etag") != etag && changed.text.contains("\"name\":\"tea\""))
        // The current store is this device's (the device file): choosing one is a new list too.
        let store = try #require((object["stores"] as? [[String: Any]])?.first?["name"] as? String)
        #expect(try shop.run(["store", "use", store]).status == 0)
        let picked = try server.exchange(server.request("GET", "/api/list"))
        #expect(picked.header("etag") != changed.header("etag") && picked.text.contains("\"store\":\""), "\(picked)")
        let head = try RawConnection(port: server.port)
        defer { head.close() }
        head.send(server.request("HEAD", "/api/list"))
        #expect(head.readResponse(headOnly: true)?.status == 200)
    }

    @Test func aBatchRacingSixAddProcessesLosesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let names = (0..<40).map { "item \($0)" }
        try shop.run(["add"] + names)
        let server = try ServeServer(shop)
        defer { server.stop() }
        var ids: [String] = []
        for name in names { ids.append(try Self.itemID(shop, name)) }
        let adders = try (0..<6).map { process in
            try shop.spawn(["add"] + (0..<10).map { "racer \(process)-\($0)" })
        }
        var answers: [[String]] = []
        for chunk in stride(from: 0, to: ids.count, by: 10) {
            let ops = ids[chunk..<(chunk + 10)].map { Self.buy($0) }.joined(separator: ",")
            answers.append(try Self.results(try server.exchange(server.postOps("{\"ops\": [\(ops)]}"), timeout: 30)))
        }
        for adder in adders { adder.waitUntilExit() }
        #expect(answers.flatMap { $0 } == Array(repeating: "applied", count: 40))
        #expect(adders.allSatisfy { $0.terminationStatus == 0 })
        let list = try shop.run(["list"]).stdout
        for process in 0..<6 {
            for index in 0..<10 { #expect(list.contains("racer \(process)-\(index)"), "racer \(process)-\(index)") }
        }
        #expect(!list.contains("item "), "every item bought")
        let history = try shop.run(["history", "--json"]).stdout
        #expect(history.components(separatedBy: "\"itemId\"").count - 1 == 40)
    }
}
