import Foundation
import ShopKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20, "an op is applied once", on a real `shop serve`: a real SIGKILL between the data file's write
/// and the ledger's (the fault hook `SHOP_TEST_SERVE_FAULT`, read only by the tests), a ledger that cannot
/// be written, a purchase id already in the log, taps dated out of reach, FIFOs at the ledger and the
/// token, and a batch of 500 ops that fits the body limit.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeOnceTests {
    static func history(_ shop: ShopProcess) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(try shop.run(["history", "--json"]).stdout.utf8))
            as? [[String: Any]] ?? []
    }

    /// Sends `batch` to a server that kills itself right after writing the data file; it dies unanswered.
    static func sendAndKill(_ shop: ShopProcess, _ batch: String) throws {
        let server = try ServeServer(shop, environment: ["SHOP_TEST_SERVE_FAULT": "kill-after-write"])
        let connection = try RawConnection(port: server.port)
        defer { connection.close() }
        connection.send(server.postOps(batch))
        #expect(connection.readResponse(timeout: 20) == nil, "killed before answering")
        #expect(server.waitForExit())
        #expect(server.process.terminationReason == .uncaughtSignal && server.process.terminationStatus == SIGKILL)
    }

    @Test func aKillBetweenTheDataFileAndTheLedgerNeverAppliesAnOpTwice() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let eggs = try ServeProcessTests.itemID(shop, "eggs")
        let buyEggs = UUID().uuidString
        let batch = #"""
            {"ops": [\#(ServeProcessTests.buy(milk)), \#(ServeProcessTests.buy(eggs, id: buyEggs)),
              {"id": "\#(UUID().uuidString)", "op": "add", "name": "bread"}]}
            """#
        try Self.sendAndKill(shop, batch)
        #expect(try Self.history(shop).count == 2, "the batch was written before the kill")
        // Meanwhile, at the terminal: milk is wanted again.
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let resent = try server.exchange(server.postOps(batch))
        #expect(try ServeProcessTests.results(resent) == ["already", "already", "already"])
        #expect(try Self.history(shop).count == 2, "no second purchase")
        let list = try shop.run(["list"]).stdout
        #expect(list.contains("milk"), "the add made meanwhile stands")
        #expect(list.components(separatedBy: "bread").count == 2, "one bread: \(list)")
        // The unbuy of the eggs, killed the same way, then sent again.
        let unbuy = #"""
            {"ops": [{"id": "\#(UUID().uuidString)", "op": "unbuy", "item": "\#(eggs)", "purchase": "\#(buyEggs)"}]}
            """#
        #expect(server.stop() == 0)
        try Self.sendAndKill(shop, unbuy)
        #expect(try Self.history(shop).count == 1)
        try shop.run(["buy", "eggs"])
        let again = try ServeServer(shop)
        defer { again.stop() }
        #expect(try ServeProcessTests.results(try again.exchange(again.postOps(unbuy))) == ["already"])
        #expect(try Self.history(shop).count == 2, "the purchase made meanwhile stands")
    }

    @Test func aLedgerThatCannotBeWrittenIsNever500AndNeverTwice() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let server = try ServeServer(shop, environment: ["SHOP_TEST_SERVE_FAULT": "ledger-full"])
        defer { server.stop() }
        let batch = #"{"ops": [\#(ServeProcessTests.buy(milk))]}"#
        let first = try server.exchange(server.postOps(batch))
        #expect(first.status == 200, "\(first)")
        #expect(try ServeProcessTests.results(first) == ["applied"])
        #expect(server.errors.contains("No space left on device"), "\(server.errors)")
        try shop.run(["add", "milk"])
        let second = try server.exchange(server.postOps(batch))
        #expect(try ServeProcessTests.results(second) == ["already"])
        #expect(try Self.history(shop).count == 1)
        #expect(try shop.run(["list"]).stdout.contains("milk"))
    }

    @Test func anOpWhoseIdIsAPurchaseInTheLogIsAlready() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try shop.run(["buy", "milk"])
        try shop.run(["add", "milk"])
        let purchase = try #require(try Self.history(shop).first?["id"] as? String)
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.savedBytes()
        let answer = try server.exchange(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(milk, id: purchase))]}"#))
        #expect(try ServeProcessTests.results(answer) == ["already"])
        #expect(shop.savedBytes() == before)
    }

    @Test func tapsBefore1970OrMoreThanADayAheadAreRefused() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.savedBytes()
        let ahead = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3 * 86_400))
        let dates = ["0001-01-01T00:00:00Z", "1969-12-31T23:59:59Z", ahead, "2999-01-01T00:00:00Z"]
        let ops = dates.map { ServeProcessTests.buy(milk, at: $0) }.joined(separator: ",")
        let answer = try server.exchange(server.postOps("{\"ops\": [\(ops)]}"))
        #expect(try ServeProcessTests.results(answer) == ["refused", "refused", "refused", "refused"], "\(answer)")
        #expect(answer.text.contains("before 1970 or more than a day after"), "\(answer.text)")
        #expect(shop.savedBytes() == before)
    }

    @Test func fifosAtTheLedgerAndTheTokenAreRefusedWithoutBlocking() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let server = try ServeServer(shop)
        defer { server.stop() }
        #expect(mkfifo(shop.dataFile.path + ".serve-ops", 0o600) == 0)
        let before = shop.savedBytes()
        let answer = try server.exchange(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(milk))]}"#))
        #expect(answer.status == 500 && answer.text.contains("not a regular file"), "\(answer)")
        #expect(shop.savedBytes() == before)
        #expect(try server.exchange(server.request("GET", "/api/list")).status == 200, "still serving")
        #expect(server.stop() == 0)
        // The token: `shop serve` refuses to start, at once.
        let token = shop.dataFile.path + ".serve-token"
        #expect(unlink(token) == 0 && mkfifo(token, 0o600) == 0)
        let refused = try shop.spawn(["serve", "--port", "0"])
        let started = Date()
        while refused.isRunning && Date().timeIntervalSince(started) < 20 { usleep(20_000) }
        if refused.isRunning { kill(refused.processIdentifier, SIGKILL) }
        refused.waitUntilExit()
        #expect(refused.terminationReason == .exit && refused.terminationStatus == 74)
    }

    @Test func fiveHundredOpsWithTheLongestNamesFitTheBodyLimit() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let server = try ServeServer(shop)
        defer { server.stop() }
        // The page's longest name: 200 characters, each three bytes in UTF-8.
        let ops = (0..<ServeBatch.maximumOps).map { index in
            let name = String(repeating: "€", count: 196) + String(format: "%04d", index)
            return #"{"id": "\#(UUID().uuidString)", "op": "add", "name": "\#(name)", "at": "2026-11-22T10:00:00Z", "#
                + #""store": "\#(UUID().uuidString)", "item": null}"#
        }
        let body = "{\"ops\": [\(ops.joined(separator: ", "))]}"
        #expect(body.utf8.count <= HTTPParser.maximumBodyLength)
        let answer = try server.exchange(server.postOps(body), timeout: 120)
        #expect(answer.status == 200, "\(answer)")
        #expect(try ServeProcessTests.results(answer) == Array(repeating: "applied", count: ServeBatch.maximumOps))
    }
}
