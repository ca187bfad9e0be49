import Foundation
import ShopHistory
import ShopJSON
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

@Suite struct SampleDataTests {
    /// The repository's SampleData/shop.json, read from disk (the embedded copy must be the same bytes).
    static let fileURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleData/shop.json")

    @Test func loadsAndObeysEveryRule() throws {
        let sample = try SampleData.load()
        #expect(sample.itemCount >= 100)
        #expect(sample.locations.count >= 20)
        // Re-validating through the checking initializer proves every rule of section 1 holds.
        let rebuilt = try ShoppingList(
            items: Array(sample.items), locations: Array(sample.locations), stores: Array(sample.stores),
            lists: sample.lists)
        #expect(rebuilt == sample)
        // A second list to show SPEC 22 on (README, "Several lists").
        #expect(sample.listsInNameOrder.map(\.name) == ["Groceries", "Party"])
        for item in sample.items {
            #expect(try Validation.name(item.name, kind: .item) == item.name)
            #expect(item.quantity.wholeCount.map(Validation.quantities.contains) == true)
        }
        for location in sample.locations where !location.isUnknown {
            #expect(try Validation.name(location.name, kind: .location) == location.name)
            #expect(Location.visitationOrders.contains(location.visitationOrder))
        }
    }

    @Test func isRealistic() throws {
        let sample = try SampleData.load()
        let onList = sample.walkingOrder(sample.items.filter(\.onList))
        #expect(onList.count >= 20)
        #expect(sample.view(of: onList, at: nil).groups.count >= 5)
        #expect(sample.items.contains { $0.price != nil })
        #expect(sample.items.contains { $0.starred })
        #expect(sample.items.contains { $0.note != nil })
        #expect(sample.items.contains { $0.restock != nil })
        #expect(sample.items.contains { !$0.isAvailable })
        #expect(sample.items.contains { $0.dateLastPurchased != nil && !$0.onList })
        #expect(sample.items.contains { $0.dateLastPurchased == nil })
        // Stores with different walks: a full supermarket and a small market with only some sections.
        #expect(sample.stores.count >= 2)
        let sizes = sample.stores.map(\.locationIDs.count)
        #expect(sizes.max()! >= sample.locations.count - 1 && sizes.min()! < 10)
    }

    @Test func fileIsInTheCanonicalFormatAndMatchesTheEmbeddedCopy() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fileURL))
        #expect(bytes == PackageResources.shop_json)
        #expect(DataFileStore.encode(try SampleData.load(), log: PurchaseLog(isLoaded: false)) == bytes)
    }

    /// The sample's purchase log: the file beside `SampleData/shop.json` is what is embedded, in the format
    /// `shop` itself writes, and it goes with the list (every purchase's item exists, and each bought item's
    /// date is its latest purchase, as `buy` keeps them).
    @Test func purchasesMatchTheEmbeddedLogAndTheList() throws {
        let file = Self.fileURL.deletingLastPathComponent().appendingPathComponent("shop.json.purchases")
        let bytes = try [UInt8](Data(contentsOf: file))
        #expect(bytes == PackageResources.shop_json_purchases)
        let purchases = try SampleData.purchases()
        let stock = try SampleData.stockEntries()
        #expect(
            PurchaseLogFile.lines(added: purchases, deleted: [], stock: stock) == bytes,
            "the log is in shop's own format")
        let sample = try SampleData.load()
        var latest: [Item.ID: Date] = [:]
        for purchase in purchases {
            let item = try #require(sample.item(purchase.itemID), "\(purchase.name) is not in the sample")
            #expect(item.name == purchase.name)
            latest[purchase.itemID] = max(latest[purchase.itemID] ?? purchase.date, purchase.date)
        }
        for (id, date) in latest { #expect(sample.item(id)?.dateLastPurchased == date, "\(sample.item(id)!.name)") }
        #expect(zip(purchases, purchases.dropFirst()).allSatisfy { $0.date <= $1.date }, "oldest first")
    }

    /// Enough history for every report: months, all three stores and none, prices and no price, and items
    /// bought at regular gaps (what `restock --suggest` suggests).
    @Test func purchasesGiveTheReportsSomethingToShow() throws {
        let purchases = try SampleData.purchases()
        let sample = try SampleData.load()
        #expect(purchases.count >= 100)
        #expect(Set(purchases.map(\.store)) == [nil, "Saturday Market", "Supermarket", "Warehouse Club"])
        #expect(purchases.contains { $0.price == nil } && purchases.contains { $0.price != nil })
        let months = Set(purchases.map { ISO8601DateFormatter().string(from: $0.date).prefix(7) })
        #expect(months.count >= 3)
        var workspace = Workspace(list: ShoppingList(), log: PurchaseLog())
        SampleData.install(sample, purchases: purchases, into: &workspace)
        #expect(workspace.list.itemCount == sample.itemCount && workspace.log.purchases.count == purchases.count)
        #expect(workspace.list.restockSuggestions(in: workspace.log).count >= 2)
        // Loading it again adds no purchase twice.
        SampleData.install(sample, purchases: purchases, into: &workspace)
        #expect(workspace.log.purchases.count == purchases.count)
    }
}
