import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopModel
@testable import ShopServe

/// An availability or an add of an existing item applied once by its fields' stamps (SPEC 20): the tap's
/// time on each field it changed, and a field stamped at or after the tap holds it off.
@Suite struct ServeOnceOpTests {
    static func op(_ kind: ServeOp.Kind, _ item: Item.ID? = nil, name: String? = nil, at: Date?) -> ServeOp {
        ServeOp(id: .random(), kind: kind, item: item, name: name, at: at)
    }

    @Test func anAvailabilityStampsItsFieldWithTheTapAndIsAlreadyWhenSentAgain() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        let tap = Clock.now.addingTimeInterval(-90.25)
        let unavailable = Self.op(.unavailable, list.id("Milk"), at: tap)
        #expect(
            list.apply([.success(unavailable)], seen: [], now: Clock.now, log: &log) == [
                .applied(summary: "unavailable Milk")
            ])
        let milk = try #require(list.item(named: "Milk"))
        #expect(!milk.isAvailable && milk.modifiedAt["isAvailable"] == tap)
        // The ledger lost it: the stamp alone says it was done, and nothing changes.
        let before = list
        #expect(list.apply([.success(unavailable)], seen: [], now: Clock.now, log: &log) == [.already])
        #expect(list == before)
    }

    @Test func aChangeAfterTheTapStandsAndAnEarlierOneGivesWay() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        var milk = try #require(list.item(named: "Milk"))
        milk.isAvailable = false
        milk.modifiedAt["isAvailable"] = Clock.now.addingTimeInterval(-60)
        list.replace(milk)
        let before = list
        // Tapped before that change: it gives way to it.
        let early = Self.op(.available, milk.id, at: Clock.now.addingTimeInterval(-61))
        #expect(list.apply([.success(early)], seen: [], now: Clock.now, log: &log) == [.already])
        #expect(list == before)
        // Tapped after it: applied. Two taps in one second are two changes (milliseconds are kept).
        let late = Self.op(.available, milk.id, at: Clock.now.addingTimeInterval(-59.5))
        let again = Self.op(.unavailable, milk.id, at: Clock.now.addingTimeInterval(-59.4))
        #expect(
            list.apply([.success(late)], seen: [], now: Clock.now, log: &log) == [.applied(summary: "available Milk")]
                && list.apply([.success(again)], seen: [], now: Clock.now, log: &log) == [
                    .applied(summary: "unavailable Milk")
                ])
        #expect(list.item(named: "Milk")?.isAvailable == false)
    }

    @Test func aStampMoreThanADayAheadDoesNotHoldTapsOff() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        var milk = try #require(list.item(named: "Milk"))
        milk.modifiedAt["isAvailable"] = Clock.now.addingTimeInterval(3 * 365 * 86_400)
        list.replace(milk)
        let tap = Clock.now.addingTimeInterval(-5)
        let unavailable = Self.op(.unavailable, milk.id, at: tap)
        #expect(
            list.apply([.success(unavailable)], seen: [], now: Clock.now, log: &log) == [
                .applied(summary: "unavailable Milk")
            ])
        #expect(list.item(named: "Milk")?.modifiedAt["isAvailable"] == tap)
    }

    @Test func anAddOfAnExistingItemIsAppliedOnceAndGivesWayToALaterBuy() throws {
        var log = PurchaseLog()
        var list = try ServeOpTests.loaded()
        var milk = try #require(list.item(named: "Milk"))
        milk.onList = false
        milk.modifiedAt["onList"] = Clock.now.addingTimeInterval(-600)
        list.replace(milk)
        let add = Self.op(.add, name: "milk", at: Clock.now.addingTimeInterval(-300))
        #expect(list.apply([.success(add)], seen: [], now: Clock.now, log: &log) == [.applied(summary: "add Milk")])
        #expect(list.item(named: "Milk")?.onList == true)
        #expect(list.item(named: "Milk")?.modifiedAt["onList"] == Clock.now.addingTimeInterval(-300))
        // Bought at the terminal since: the add sent again leaves it bought.
        milk = try #require(list.item(named: "Milk"))
        milk.onList = false
        milk.modifiedAt["onList"] = Clock.now.addingTimeInterval(-100)
        list.replace(milk)
        #expect(list.apply([.success(add)], seen: [], now: Clock.now, log: &log) == [.already])
        #expect(list.item(named: "Milk")?.onList == false)
    }

    @Test func aTapsTimeKeepsItsMilliseconds() {
        #expect(ServeBatch.parseTime("2026-11-22T10:00:00.250Z") == Date(timeIntervalSince1970: 1_795_341_600.25))
        #expect(ServeBatch.parseTime("2026-11-22T10:00:00Z") == Date(timeIntervalSince1970: 1_795_341_600))
        #expect(ServeBatch.parseTime("2026-11-22T10:00:00.Z") == nil)
    }
}
