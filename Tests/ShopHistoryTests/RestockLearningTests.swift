import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

/// `--every auto`: what the estimator learns.
@Suite struct RestockLearningTests {
    static func purchases(_ days: [Double], quantities: [Int]? = nil) -> [Purchase] {
        let item = Item.ID.random()
        return days.enumerated().map { index, day in
            Purchase(itemID: item, name: "coffee", date: Clock.daysAgo(day), quantity: quantities?[index] ?? 1)
        }
    }

    @Test func needsThreePurchases() {
        #expect(RestockLearning.learn(from: Self.purchases([14, 7])) == nil)
        let learned = RestockLearning.learn(from: Self.purchases([14, 7, 0]))
        #expect(
            learned?.days == 7 && learned?.purchaseCount == 3
                && learned?.nextDue == Clock.now.addingTimeInterval(7 * 86_400))
    }

    @Test func aBulkBuyLastsLonger() {
        // Every week one; then three at once: due in three weeks, not one.
        let learned = RestockLearning.learn(from: Self.purchases([28, 21, 14, 7, 0], quantities: [1, 1, 1, 1, 3]))
        #expect(learned?.daysPerUnit == 7 && learned?.days == 21)
        // After the bulk buy the gap was three weeks: still a week per unit.
        let after = RestockLearning.learn(from: Self.purchases([28, 21, 14, 0], quantities: [1, 1, 2, 1]))
        #expect(after?.daysPerUnit == 7)
    }

    @Test func oneOddGapHardlyMovesIt() {
        let learned = RestockLearning.learn(from: Self.purchases([60, 53, 46, 39, 7, 0]))
        #expect(learned?.days == 7)
    }

    @Test func sameDayPurchasesAreOneTrip() {
        let learned = RestockLearning.learn(from: Self.purchases([14, 7, 7.1, 0], quantities: [2, 1, 1, 2]))
        #expect(learned?.purchaseCount == 3 && learned?.daysPerUnit == 3.5)
    }

    @Test func suggestionsNeedFourRegularPurchasesAndNoInterval() throws {
        var log = PurchaseLog()
        var list = try PurchaseLogTests.loaded()
        let milk = list.id("Milk")
        let apples = list.id("apples")
        for day in [21.0, 14, 7, 0] {
            _ = try list.add(["Milk", "apples"])
            _ = try list.buy([milk], at: Clock.daysAgo(day), log: &log)
            _ = try list.buy([apples], at: Clock.daysAgo(day == 7 ? 1 : day), log: &log)  // irregular
        }
        #expect(list.restockSuggestions(in: log).map(\.item.name) == ["Milk"])
        _ = try list.edit(
            milk,
            {
                var changes = ItemChanges()
                changes.restock = .set(.learned)
                return changes
            }())
        #expect(list.restockSuggestions(in: log).isEmpty)
        let decision = try #require(list.restockDecision(for: list.item(milk)!, in: log, at: Clock.now))
        guard case .learned(let learned) = decision.reason else {
            Issue.record("not learned: \(decision)")
            return
        }
        #expect(learned.days == 7 && !decision.isDue)
        #expect(
            list.restockDecision(for: list.item(milk)!, in: log, at: Clock.now.addingTimeInterval(7 * 86_400))?.isDue
                == true)
    }

    @Test func tooFewPurchasesLeaveTheItemAlone() throws {
        var log = PurchaseLog()
        var list = try PurchaseLogTests.loaded()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.daysAgo(3), log: &log)
        var changes = ItemChanges()
        changes.restock = .set(.learned)
        _ = try list.edit(milk, changes)
        #expect(list.item(milk)?.restock == .learned)
        #expect(list.restockDecision(for: list.item(milk)!, in: log, at: Clock.now)?.reason == .tooFewPurchases(1))
        #expect(list.dueForRestock(at: Clock.now.addingTimeInterval(400 * 86_400), in: log).isEmpty)
        // A fixed interval turns learning off.
        _ = try list.edit(milk, ItemChanges(restock: .set(.days(5))))
        #expect(list.item(milk)?.restock == .days(5))
    }
}
