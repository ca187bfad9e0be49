import Foundation
import ShopKit
import Testing

@testable import shop

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20's fair limits on a real `shop serve`: idle strangers' sockets never keep the phone out, wrong
/// tokens are answered at most 20 a second while the right one is answered, and another process holding
/// the lock leaves reads answered (stale) and writes waiting as a command would.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeFairnessTests {
    @Test func sixteenIdleStrangersReopenedAsTheyCloseNeverKeepThePhoneOut() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        var strangers: [RawConnection] = []
        defer { for stranger in strangers { stranger.close() } }
        for _ in 0..<ServeLoop.maximumConnections { strangers.append(try RawConnection(port: server.port)) }
        for round in 0..<3 {
            usleep(1_100_000)  // the strangers are over a second old
            let phone = try RawConnection(port: server.port)
            defer { phone.close() }
            phone.send(server.request("GET", "/api/list"))
            let answer = phone.readResponse(timeout: 10)
            #expect(answer?.status == 200, "round \(round): \(String(describing: answer))")
            // The strangers reopen what was closed, at once.
            for (index, stranger) in strangers.enumerated() where stranger.isClosed(within: 0.01) {
                stranger.close()
                strangers[index] = try RawConnection(port: server.port)
            }
        }
        // The phone's own connection, once it sent the token, is never the one closed to make room.
        let held = try RawConnection(port: server.port)
        defer { held.close() }
        held.send(server.request("GET", "/api/list"))
        #expect(held.readResponse(timeout: 10)?.status == 200)
        usleep(1_100_000)
        var newcomers: [RawConnection] = []
        defer { for newcomer in newcomers { newcomer.close() } }
        for _ in 0..<40 { newcomers.append(try RawConnection(port: server.port)) }
        held.send(server.request("GET", "/api/list"))
        #expect(held.readResponse(timeout: 10)?.status == 200, "the phone's connection was kept")
    }

    @Test func wrongTokensAreAnsweredAtMost20ASecondAndTheRightOneMeanwhile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop)
        defer { server.stop() }
        let before = shop.savedBytes()
        let guessers = try (0..<12).map { _ in try RawConnection(port: server.port) }
        defer { for guesser in guessers { guesser.close() } }
        let started = Date()
        var wrong = 0
        var rightStatus: Int?
        for round in 0..<5 {
            for (index, guesser) in guessers.enumerated() {
                let guess = String(format: "%032x", round * 100 + index)
                let target = index % 2 == 0 ? "/api/list" : "/api/ops"
                guesser.send(
                    server.request(
                        index % 2 == 0 ? "GET" : "POST", target, token: guess,
                        headers: ["Content-Type: application/json"], body: index % 2 == 0 ? nil : #"{"ops": []}"#))
            }
            if round == 2 {
                // In the middle of the burst, the phone with the right token.
                rightStatus = try server.exchange(server.request("GET", "/api/list")).status
            }
            for guesser in guessers where guesser.readResponse(timeout: 20)?.status == 401 { wrong += 1 }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(rightStatus == 200)
        #expect(wrong == 60)
        // At most 20 a second: 60 answers take at least 59 intervals of 50 ms.
        #expect(elapsed >= 59 * ServeLoop.wrongCredentialDelay, "\(elapsed)")
        #expect(shop.savedBytes() == before)
    }

    @Test func whileAnotherProcessHoldsTheLockAReadIsStaleAndAPostWaits() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        let server = try ServeServer(shop, environment: ["SHOP_LOCK_TIMEOUT": "30"])
        defer { server.stop() }
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let fresh = try server.exchange(server.request("GET", "/api/list"))
        #expect(fresh.status == 200 && fresh.text.contains("\"stale\":false"))
        let lock = try HeldLock(shop)
        let post = try RawConnection(port: server.port)
        defer { post.close() }
        post.send(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(milk))]}"#))
        #expect(post.readResponse(timeout: 0.5) == nil, "the POST waits for the lock")
        let stale = try server.exchange(server.request("GET", "/api/list"))
        #expect(
            stale.status == 200 && stale.text.contains("\"stale\":true") && stale.text.contains("\"name\":\"milk\""))
        #expect(stale.header("etag") != fresh.header("etag"), "a stale answer is never taken for the fresh one")
        lock.release()
        let answer = post.readResponse(timeout: 20)
        #expect(answer?.status == 200)
        #expect(try answer.map(ServeProcessTests.results) == ["applied"])
        let after = try server.exchange(server.request("GET", "/api/list"))
        #expect(after.text.contains("\"stale\":false") && !after.text.contains("\"name\":\"milk\""))
    }

    @Test func aPostThatWaitedAsLongAsACommandWouldIs503AndChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let server = try ServeServer(shop, environment: ["SHOP_LOCK_TIMEOUT": "1"])
        defer { server.stop() }
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let before = shop.savedBytes()
        let lock = try HeldLock(shop)
        defer { lock.release() }
        let answer = try server.exchange(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(milk))]}"#), timeout: 20)
        #expect(answer.status == 503 && answer.text.contains("lock"), "\(answer)")
        #expect(shop.savedBytes() == before)
    }
}
