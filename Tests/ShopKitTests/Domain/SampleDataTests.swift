import Foundation
import Testing
@testable import ShopKit

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
            timer: sample.timer)
        #expect(rebuilt == sample)
        for item in sample.items {
            #expect(try Validation.name(item.name, kind: .item) == item.name)
            #expect(Validation.quantities.contains(item.quantity))
        }
        for location in sample.locations where !location.isUnknown {
            #expect(try Validation.name(location.name, kind: .location) == location.name)
            #expect(Location.visitationOrders.contains(location.visitationOrder))
        }
    }

    @Test func isRealistic() throws {
        let sample = try SampleData.load()
        let onList = sample.listInWalkingOrder
        #expect(onList.count >= 20)
        #expect(sample.groupedByLocation(onList).count >= 5)
        #expect(sample.items.contains { $0.price != nil })
        #expect(sample.items.contains { $0.starred })
        #expect(sample.items.contains { $0.note != nil })
        #expect(sample.items.contains { $0.every != nil })
        #expect(sample.items.contains { !$0.isAvailable })
        #expect(sample.items.contains { $0.dateLastPurchased != nil && !$0.onList })
        #expect(sample.items.contains { $0.dateLastPurchased == nil })
        // Stores with different walks: a full supermarket and a small market with only some sections.
        #expect(sample.stores.count >= 2)
        let sizes = sample.stores.map(\.locationIDs.count)
        #expect(sizes.max()! >= sample.locations.count - 1 && sizes.min()! < 10)
        #expect(sample.currentStoreID == nil, "the sample walks in visitation order until a store is chosen")
    }

    @Test func fileIsInTheCanonicalFormatAndMatchesTheEmbeddedCopy() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fileURL))
        #expect(bytes == PackageResources.shop_json)
        #expect(DataFileStore.encode(try SampleData.load()) == bytes)
    }
}
