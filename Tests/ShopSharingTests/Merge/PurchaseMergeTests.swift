import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopModel
import ShopModelTests
import ShopSharing
import ShopTestSupport
import Testing

/// Purchases merge by id (SPEC section 10).
@Suite struct PurchaseMergeTests {
    @Test func purchasesOnBothSidesSurviveAndADeletionStaysDeleted() throws {
        var base = Workspace(try ShoppingList.fixture(), PurchaseLog())
        let milk = base.list.id("Milk")
        _ = try base.list.buy([milk], at: Clock.daysAgo(10), log: &base.log)
        _ = try base.list.add(["Milk"])
        _ = try base.list.buy([milk], at: Clock.daysAgo(5), log: &base.log)
        var ours = base
        var theirs = base
        // Ours: the purchase of 5 days ago was a mistake.
        _ = try ours.list.unbuy([milk], deletingLatestPurchase: true, log: &ours.log)
        // Theirs: apples bought.
        _ = try theirs.list.buy([theirs.list.id("apples")], at: Clock.now, log: &theirs.log)
        let merged = Workspace.merge(base: base, ours: ours, theirs: theirs)
        #expect(Set(merged.log.purchases.map(\.name)) == ["Milk", "apples"])
        #expect(merged.log.purchases.count == 2)
        // The date follows the merged log, not the later of the two sides' dates.
        #expect(merged.list.item(milk)?.dateLastPurchased == Clock.daysAgo(10))
        #expect(merged.list.item(named: "apples")?.dateLastPurchased == Clock.now)
    }
}
