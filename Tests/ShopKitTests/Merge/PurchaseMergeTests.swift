import Foundation
import Testing

@testable import ShopKit

/// Purchases merge by id (SPEC section 10).
@Suite struct PurchaseMergeTests {
    @Test func purchasesOnBothSidesSurviveAndADeletionStaysDeleted() throws {
        var base = try PurchaseLogTests.loaded()
        let milk = base.id("Milk")
        _ = try base.buy([milk], at: Clock.daysAgo(10))
        _ = try base.add(["Milk"])
        _ = try base.buy([milk], at: Clock.daysAgo(5))
        var ours = base
        var theirs = base
        // Ours: the purchase of 5 days ago was a mistake.
        _ = try ours.unbuy([milk], deletingLatestPurchase: true)
        // Theirs: apples bought.
        _ = try theirs.buy([theirs.id("apples")], at: Clock.now)
        let merged = ShoppingList.merge(base: base, ours: ours, theirs: theirs).list
        #expect(Set(merged.purchaseLog.purchases.map(\.name)) == ["Milk", "apples"])
        #expect(merged.purchaseLog.purchases.count == 2)
        // The date follows the merged log, not the later of the two sides' dates.
        #expect(merged.item(milk)?.dateLastPurchased == Clock.daysAgo(10))
        #expect(merged.item(named: "apples")?.dateLastPurchased == Clock.now)
    }
}
