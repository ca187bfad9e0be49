import Foundation
import ShopKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20, "an op is applied once", for every kind of op (``ServeOp/Kind``) on a real `shop serve`: the
/// batch written, the server killed before its ledger (`SHOP_TEST_SERVE_FAULT=kill-after-write`), a command
/// at the terminal changing the same thing meanwhile, then the batch sent again to a new server. Each resend
/// is `already` and leaves the data file and the log byte for byte as the terminal left them.
@Suite(.serialized, .enabled(if: ServeServer.unavailable == nil, "\(ServeServer.unavailable ?? "")"))
struct ServeOnceKindsTests {
    /// A tap's time as the page sends it (to the millisecond), taken now.
    static func tapTime() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    static func op(_ kind: String, item: String? = nil, name: String? = nil, extra: String = "") -> String {
        let item = item.map { #", "item": "\#($0)""# } ?? ""
        let name = name.map { #", "name": "\#($0)""# } ?? ""
        return #"{"id": "\#(UUID().uuidString)", "op": "\#(kind)"\#(item)\#(name), "at": "\#(tapTime())"\#(extra)}"#
    }

    /// Sends `op` to a server killed after its data file's write, runs `meanwhile` at the terminal, and
    /// sends `op` again: `already`, nothing written.
    static func killChangeAndResend(_ shop: ShopProcess, _ op: String, meanwhile: [String]) throws {
        let batch = #"{"ops": [\#(op)]}"#
        let untouched = shop.savedBytes()
        try ServeOnceTests.sendAndKill(shop, batch)
        #expect(shop.savedBytes() != untouched, "the op was written before the kill")
        try shop.run(meanwhile)
        let before = shop.savedBytes()
        let server = try ServeServer(shop)
        defer { server.stop() }
        let answer = try server.exchange(server.postOps(batch))
        #expect(try ServeProcessTests.results(answer) == ["already"], "\(answer.text)")
        #expect(shop.savedBytes() == before, "the change made meanwhile stands, byte for byte")
    }

    static func show(_ shop: ShopProcess, _ name: String) throws -> [String: Any] {
        let data = Data(try shop.run(["show", name, "--json"]).stdout.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func buy() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        try Self.killChangeAndResend(shop, Self.op("buy", item: milk), meanwhile: ["add", "milk"])
        #expect(try Self.show(shop, "milk")["onList"] as? Bool == true)
        #expect(try ServeOnceTests.history(shop).count == 1)
    }

    @Test func unbuy() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "eggs"])
        let eggs = try ServeProcessTests.itemID(shop, "eggs")
        let buy = UUID().uuidString
        do {
            let server = try ServeServer(shop)
            defer { server.stop() }
            let answer = try server.exchange(server.postOps(#"{"ops": [\#(ServeProcessTests.buy(eggs, id: buy))]}"#))
            #expect(try ServeProcessTests.results(answer) == ["applied"])
        }
        let unbuy = Self.op("unbuy", item: eggs, extra: #", "purchase": "\#(buy)""#)
        try Self.killChangeAndResend(shop, unbuy, meanwhile: ["buy", "eggs"])
        #expect(try Self.show(shop, "eggs")["onList"] as? Bool == false)
        #expect(try ServeOnceTests.history(shop).count == 1)
    }

    @Test func addOfANewItem() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.killChangeAndResend(shop, Self.op("add", name: "bread"), meanwhile: ["buy", "bread"])
        #expect(try Self.show(shop, "bread")["onList"] as? Bool == false)
    }

    @Test func addOfAnItemThatExists() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try shop.run(["buy", "milk"])
        try Self.killChangeAndResend(shop, Self.op("add", name: "milk"), meanwhile: ["buy", "milk", "--again"])
        #expect(try Self.show(shop, "milk")["onList"] as? Bool == false)
    }

    /// The page's move (SPEC 21): resent after the kill, with the terminal having moved the item on meanwhile.
    @Test func move() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["location", "add", "Dairy"])
        try shop.run(["location", "add", "Deli"])
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let dairy = try ServeMoveTests.locationID(shop, "Dairy")
        // A tap after the add's stamps (milliseconds).
        Thread.sleep(forTimeInterval: 0.01)
        let move = Self.op("move", item: milk, extra: #", "location": "\#(dairy)""#)
        try Self.killChangeAndResend(shop, move, meanwhile: ["edit", "milk", "--location", "Deli"])
        #expect(try Self.show(shop, "milk")["location"] as? String == "Deli")
    }

    @Test func unavailable() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        try Self.killChangeAndResend(shop, Self.op("unavailable", item: milk), meanwhile: ["available", "milk"])
        #expect(try Self.show(shop, "milk")["isAvailable"] as? Bool == true)
    }

    @Test func available() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try shop.run(["unavailable", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        try Self.killChangeAndResend(shop, Self.op("available", item: milk), meanwhile: ["unavailable", "milk"])
        #expect(try Self.show(shop, "milk")["isAvailable"] as? Bool == false)
    }

    @Test func unavailableAtTheStoreThePhonePicked() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["store", "add", "Aldi"])
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let stores = try JSONSerialization.jsonObject(with: Data(shop.run(["stores", "--json"]).stdout.utf8))
        let aldi = try #require((stores as? [[String: Any]])?.first?["id"] as? String)
        let op = Self.op("unavailable", item: milk, extra: #", "store": "\#(aldi)""#)
        try Self.killChangeAndResend(shop, op, meanwhile: ["available", "milk", "--store", "Aldi"])
        let atAldi = try JSONSerialization.jsonObject(
            with: Data(shop.run(["--store", "Aldi", "list", "--json"]).stdout.utf8))
        #expect((atAldi as? [[String: Any]])?.first?["isAvailable"] as? Bool == true)
    }

    /// A buy and then an add of the same item, tapped offline minutes before the batch reaches the server:
    /// the add came later, so the item is back on the list; sent again after a kill, both are `already`.
    @Test func aQueuedBuyThenAddOfOneItemEndsOnTheListOnce() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let milk = try ServeProcessTests.itemID(shop, "milk")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let buyAt = formatter.string(from: Date().addingTimeInterval(-120))
        let addAt = formatter.string(from: Date().addingTimeInterval(-60))
        let buy = ServeProcessTests.buy(milk, at: buyAt)
        let add = #"{"id": "\#(UUID().uuidString)", "op": "add", "name": "milk", "at": "\#(addAt)"}"#
        let batch = #"{"ops": [\#(buy), \#(add)]}"#
        try ServeOnceTests.sendAndKill(shop, batch)
        let written = shop.savedBytes()
        #expect(try Self.show(shop, "milk")["onList"] as? Bool == true, "the add was tapped after the buy")
        let server = try ServeServer(shop)
        defer { server.stop() }
        let answer = try server.exchange(server.postOps(batch))
        #expect(try ServeProcessTests.results(answer) == ["already", "already"], "\(answer.text)")
        #expect(shop.savedBytes() == written)
        #expect(try ServeOnceTests.history(shop).count == 1)
    }

    /// A buy of an item bought elsewhere meanwhile (declined: not on the list), then an add of it, in one
    /// batch killed after its write: sent again, the buy is declined again rather than looked at afresh
    /// (the add has put the item back, so it would now apply), and the list stays as the first answer
    /// left it.
    @Test func anOpTurnedDownIsTurnedDownAgainWhenResent() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "bread"])
        let bread = try ServeProcessTests.itemID(shop, "bread")
        try shop.run(["buy", "bread"])
        let buy = ServeProcessTests.buy(bread, at: Self.tapTime())
        let add = Self.op("add", name: "bread")
        let batch = #"{"ops": [\#(buy), \#(add)]}"#
        try ServeOnceTests.sendAndKill(shop, batch)
        let written = shop.savedBytes()
        #expect(try Self.show(shop, "bread")["onList"] as? Bool == true)
        let server = try ServeServer(shop)
        defer { server.stop() }
        let answer = try server.exchange(server.postOps(batch))
        #expect(try ServeProcessTests.results(answer) == ["refused", "already"], "\(answer.text)")
        #expect(answer.text.contains(ShoppingList.declinedBeforeMessage), "\(answer.text)")
        #expect(shop.savedBytes() == written)
        #expect(try Self.show(shop, "bread")["onList"] as? Bool == true)
        #expect(try ServeOnceTests.history(shop).count == 1, "the terminal's purchase only")
    }

    @Test func everyKindOfOpIsCoveredHere() {
        // A new kind of op needs its own kill-and-resend test above.
        #expect(ServeOp.Kind.allCases.map(\.rawValue) == ["buy", "unbuy", "add", "unavailable", "available", "move"])
    }
}
