import Foundation
import Testing

@testable import ShopKit

/// Issue 26: a purchase leaves the merged log only through a deletion line (`unbuy`), never by missing
/// from one side; and `unbuy` takes the purchase logged last, whatever the dates.
@Suite struct PurchaseMergeUnionTests {
    @Test func aPurchaseMissingFromOneSideWithoutADeletionLineStays() throws {
        var base = try PurchaseLogTests.loaded()
        let milk = base.id("Milk")
        _ = try base.buy([milk], at: Clock.daysAgo(10))
        _ = try base.add(["Milk"])
        _ = try base.buy([milk], at: Clock.daysAgo(5))
        let purchases = base.purchaseLog.purchases
        #expect(purchases.count == 2)
        // Ours lost the second line (a log restored from a backup): no deletion line says so.
        var ours = base
        ours.purchaseLog = PurchaseLog(loaded: [purchases[0]])
        let theirs = base
        let merged = ShoppingList.merge(base: base, ours: ours, theirs: theirs).list
        #expect(merged.purchaseLog.purchases.map(\.id).sorted() == purchases.map(\.id).sorted())
        // A deletion line on either side does delete it.
        var unbought = base
        unbought.purchaseLog = PurchaseLog(loaded: [purchases[0]], deleted: [purchases[1].id])
        let deleted = ShoppingList.merge(base: base, ours: ours, theirs: unbought).list
        #expect(deleted.purchaseLog.purchases.map(\.id) == [purchases[0].id])
        #expect(deleted.item(milk)?.dateLastPurchased == Clock.daysAgo(10))
    }

    @Test func unbuyTakesThePurchaseLoggedLastNotTheLatestDate() throws {
        var list = try PurchaseLogTests.loaded()
        let milk = list.id("Milk")
        // Logged first, dated two days ahead (another device's fast clock); then one logged now.
        _ = try list.buy([milk], at: Clock.now.addingTimeInterval(2 * 86_400))
        _ = try list.add(["Milk"])
        _ = try list.buy([milk], at: Clock.now)
        let first = list.purchaseLog.purchases[0].id
        _ = try list.unbuy([milk], deletingLatestPurchase: true)
        #expect(list.purchaseLog.purchases.map(\.id) == [first])
        #expect(list.item(milk)?.dateLastPurchased == Clock.now.addingTimeInterval(2 * 86_400))
    }
}
