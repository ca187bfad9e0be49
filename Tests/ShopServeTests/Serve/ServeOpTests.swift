import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopPlacing
import ShopServe
import ShopTestSupport
import Testing

/// The phone's ops applied to a list (SPEC section 13): each result, tap times, and undo step names.
@Suite struct ServeOpTests {
    static func op(
        _ kind: ServeOp.Kind, _ item: Item.ID? = nil, name: String? = nil, at: Date? = nil, purchase: Purchase.ID? = nil
    )
        -> ServeOp
    {
        ServeOp(id: .random(), kind: kind, item: item, name: name, at: at, purchase: purchase)
    }

    static func loaded() throws -> ShoppingList {
        try ShoppingList.fixture()
    }

    @Test func aTapIsAPurchaseAtTheTapsSecondWithTheOpsId() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let tap = Clock.now.addingTimeInterval(-125)
        let buy = Self.op(.buy, list.id("Milk"), at: tap)
        let results = list.apply([.success(buy)], seen: [], now: Clock.now, log: &log)
        #expect(results == [.applied(summary: "buy Milk")])
        let purchase = try #require(log.purchases.first)
        #expect(purchase.date == tap && purchase.id.uuid == buy.id.uuid && purchase.name == "Milk")
        #expect(list.item(named: "Milk")?.onList == false)
    }

    @Test func aTapTimeAheadOfTheServersClockIsNow() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        _ = list.apply(
            [.success(Self.op(.buy, list.id("Milk"), at: Clock.now.addingTimeInterval(3600)))], seen: [],
            now: Clock.now, log: &log)
        #expect(log.purchases.first?.date == Clock.now)
    }

    @Test func unbuyDeletesThePurchaseOfItsBuyAndPutsTheItemBack() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let buy = Self.op(.buy, list.id("Milk"), at: Clock.now)
        _ = list.apply([.success(buy)], seen: [], now: Clock.now, log: &log)
        let unbuy = Self.op(.unbuy, list.id("Milk"), purchase: Purchase.ID(buy.id.uuid))
        #expect(list.apply([.success(unbuy)], seen: [], now: Clock.now, log: &log) == [.applied(summary: "unbuy Milk")])
        #expect(log.purchases.isEmpty && list.item(named: "Milk")?.onList == true)
        #expect(list.item(named: "Milk")?.dateLastPurchased == nil)
        #expect(
            list.apply(
                [.success(Self.op(.unbuy, list.id("Milk"), purchase: .random()))], seen: [], now: Clock.now, log: &log)
                == [
                    .gone
                ])
    }

    @Test func eachOpGetsItsOwnResult() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let seen = Self.op(.buy, list.id("Yogurt"))
        let missing = Self.op(.buy, Item.ID.random())
        let twice = Self.op(.add, name: "Bread")
        let results = list.apply(
            [
                .success(seen), .success(missing), .success(Self.op(.add, name: "  ")), .success(twice),
                .success(twice),
                .success(Self.op(.unavailable, list.id("apples"))), .success(Self.op(.buy, list.id("Batteries"))),
                .success(Self.op(.buy, list.id("Batteries"))),
                .failure(ServeOpProblem(id: nil, message: "an op needs an \"id\" that is a UUID")),
            ], seen: [seen.id], now: Clock.now, log: &log)
        #expect(results[0] == .already && results[1] == .gone && results[3] == .applied(summary: "add Bread"))
        guard case .refused(.invalidName(_, kind: .item, problem: .empty)) = results[2] else {
            Issue.record("a blank name is refused as add refuses it: \(results[2])")
            return
        }
        #expect(results[4] == .already, "the same id twice in one batch applies once")
        #expect(
            results[5] == .applied(summary: "unavailable apples") && list.item(named: "apples")?.isAvailable == false)
        #expect(results[6] == .applied(summary: "buy Batteries"))
        #expect(results[7] == .declined("Batteries is not on the list: it was bought already"))
        #expect(results[8].word == "refused")
        #expect(list.item(named: "Yogurt")?.onList == true, "an op seen before is not applied again")
        #expect(log.purchases.count == 1)
        #expect(
            ServeBatch.undoDescription(results, client: "Android phone")
                == "serve: add Bread; unavailable apples; buy Batteries (Android phone)")
    }

    @Test func readsABatch() throws {
        let body = """
            {"ops": [
              {"id": "6f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "buy", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10",
               "at": "2026-11-22T10:00:00.123Z", "store": null},
              {"id": "7f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "add", "name": "<b>x</b>"},
              {"id": "nope", "op": "add", "name": "x"},
              {"id": "8f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "eat"},
              {"id": "9f1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "buy", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10", "at": "yesterday"},
              {"id": "af1c0e3b-0f4e-4c39-9d0b-2f6b8e1c7a10", "op": "unbuy", "item": "5A1C0E3B-0F4E-4C39-9D0B-2F6B8E1C7A10"}
            ]}
            """
        let ops = try ServeBatch.parse(Array(body.utf8)).get()
        let buy = try ops[0].get()
        // The tap's milliseconds are kept (SPEC 20: compared with field stamps); a purchase drops them.
        let milliseconds = buy.at.map { ($0.timeIntervalSince(Clock.now) * 1000).rounded() }
        #expect(buy.kind == .buy && milliseconds == 123 && buy.store == nil)
        #expect(try ops[1].get().name == "<b>x</b>")
        #expect((0..<ops.count).filter { (try? ops[$0].get()) == nil } == [2, 3, 4, 5])
        #expect(ServeBatch.parse(Array("[]".utf8)) == .failure(.malformed("the body is not {\"ops\": [...]}")))
        let many = "{\"ops\": [" + Array(repeating: "{}", count: 501).joined(separator: ",") + "]}"
        #expect(ServeBatch.parse(Array(many.utf8)) == .failure(.tooMany(501)))
    }

    @Test func clientNames() {
        let pixel =
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"
        #expect(ServeBatch.clientName(userAgent: pixel) == "Android phone")
        #expect(
            ServeBatch.clientName(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1")
                == "iPhone")
        #expect(
            ServeBatch.clientName(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")
                == "Firefox on Linux")
        #expect(ServeBatch.clientName(userAgent: "curl/8.0") == "browser")
    }
}
