import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopModel
import ShopModelTests
import ShopSharing
import ShopTestSupport
import Testing

/// Issue 26: a purchase leaves the merged log only through a deletion line (`unbuy`), never by missing
/// from one side; and `unbuy` takes the purchase logged last, whatever the dates.
@Suite struct PurchaseMergeUnionTests {
    @Test func aPurchaseMissingFromOneSideWithoutADeletionLineStays() throws {
        var log = PurchaseLog()
        var base = try ShoppingList.fixture()
        let milk = base.id("Milk")
        _ = try base.buy([milk], at: Clock.daysAgo(10), log: &log)
        _ = try base.add(["Milk"])
        _ = try base.buy([milk], at: Clock.daysAgo(5), log: &log)
        let purchases = log.purchases
        #expect(purchases.count == 2)
        // Ours lost the second line (a log restored from a backup): no deletion line says so.
        let ours = Workspace(base, PurchaseLog(loaded: [purchases[0]]))
        let theirs = Workspace(base, log)
        let merged = Workspace.merge(base: Workspace(base, log), ours: ours, theirs: theirs)
        #expect(merged.log.purchases.map(\.id).sorted() == purchases.map(\.id).sorted())
        // A deletion line on either side does delete it.
        let unbought = Workspace(base, PurchaseLog(loaded: [purchases[0]], deleted: [purchases[1].id]))
        let deleted = Workspace.merge(base: Workspace(base, log), ours: ours, theirs: unbought)
        #expect(deleted.log.purchases.map(\.id) == [purchases[0].id])
        #expect(deleted.list.item(milk)?.dateLastPurchased == Clock.daysAgo(10))
    }

    @Test func unbuyTakesThePurchaseLoggedLastNotTheLatestDate() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        // Logged first, dated two days ahead (another device's fast clock); then one logged now.
        _ = try list.buy([milk], at: Clock.now.addingTimeInterval(2 * 86_400), log: &log)
        _ = try list.add(["Milk"])
        _ = try list.buy([milk], at: Clock.now, log: &log)
        let first = log.purchases[0].id
        _ = try list.unbuy([milk], deletingLatestPurchase: true, log: &log)
        #expect(log.purchases.map(\.id) == [first])
        #expect(list.item(milk)?.dateLastPurchased == Clock.now.addingTimeInterval(2 * 86_400))
    }
}
