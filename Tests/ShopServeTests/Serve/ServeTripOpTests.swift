import Foundation
import ShopFormats
import ShopHistory
import ShopModel
import ShopModelTests
import ShopServe
import ShopTestSupport
import Testing

/// The phone's second trip (SPEC 17) in ShopKit: the phone's name on purchases, the cart row's form
/// replacing the tap's purchase, and no tap lost (an item removed elsewhere, an item added offline).
@Suite struct ServeTripOpTests {
    static func buy(_ item: Item.ID?, name: String, by: String? = "Anna's phone") -> ServeOp {
        var op = ServeOp(id: .random(), kind: .buy, item: item, name: name, at: Clock.now.addingTimeInterval(-60))
        op.by = by
        return op
    }

    @Test func aPurchaseCarriesThePhonesName() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        _ = list.apply([.success(Self.buy(list.id("Milk"), name: "Milk"))], seen: [], now: Clock.now, log: &log)
        #expect(log.purchases.first?.by == "Anna's phone")
    }

    @Test func theFormReplacesTheTapsPurchaseNeverAddsOne() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        let tap = Self.buy(list.id("Milk"), name: "Milk")
        var form = Self.buy(list.id("Milk"), name: "Milk")
        form.purchase = Purchase.ID(tap.id.uuid)
        form.receipt = ServeOp.Receipt(quantity: try Validation.amount("12"), paid: try Validation.price("1.94"))
        let results = list.apply([.success(tap), .success(form)], seen: [], now: Clock.now, log: &log)
        #expect(results == [.applied(summary: "buy Milk"), .applied(summary: "buy Milk")])
        #expect(log.purchases.count == 1)
        let purchase = try #require(log.purchases.first)
        let paid = try Validation.price("1.94")
        #expect(purchase.id.uuid == form.id.uuid && purchase.lineTotal == paid)
        #expect(purchase.date == Clock.now.addingTimeInterval(-60), "at the tap's time")
        #expect(
            list.loggedLineTotals([.success(tap), .success(form)], results, in: log) == [form.id: purchase.lineTotal!])
    }

    @Test func aTapOnAnItemRemovedElsewhereIsStillLogged() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        let id = list.id("Milk")
        _ = try list.remove([id])
        var tap = Self.buy(id, name: "Milk")
        tap.shownTotal = try Validation.price("3.49")
        let results = list.apply([.success(tap)], seen: [], now: Clock.now, log: &log)
        guard case .applied(_, let note?) = results.first else {
            Issue.record("\(results)")
            return
        }
        #expect(note.hasPrefix("Milk"))
        #expect(log.purchases.first?.name == "Milk")
        let shown = try Validation.price("3.49")
        #expect(log.purchases.first?.lineTotal == shown)
        #expect(list.item(named: "Milk")?.onList == false)
        // Marking a removed item unavailable cannot mean anything: gone.
        let out = ServeOp(id: .random(), kind: .unavailable, item: .random(), name: "Nothing")
        #expect(list.apply([.success(out)], seen: [], now: Clock.now, log: &log) == [.gone])
    }

    @Test func aTapOnAnItemAddedOfflineFollowsItsAdd() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        let add = ServeOp(id: .random(), kind: .add, name: "Batteries")
        let tap = Self.buy(Item.ID(add.id.uuid), name: "Batteries")
        let results = list.apply([.success(add), .success(tap)], seen: [], now: Clock.now, log: &log)
        #expect(results == [.applied(summary: "add Batteries"), .applied(summary: "buy Batteries")])
        #expect(log.purchases.map(\.name) == ["Batteries"])
    }
}
