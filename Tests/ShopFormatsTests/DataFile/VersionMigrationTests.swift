import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 1 files (written by shop before stores) load forever and become version 2 at their next change;
/// `modifiedAt` stamps follow every change and only changes.
@Suite struct VersionMigrationTests {
    /// A version 1 data file as shop 0.1.0 wrote it (the sample data of that release), kept for good.
    static let versionOneFixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/version1/shop.json")

    private let later = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func versionOneFixtureLoadsWithEveryRecord() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.versionOneFixture))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 1\n"))
        let contents = try DataFileCodec.decodeContents(consuming: bytes, path: "v1")
        let (list, device) = (contents.list, contents.legacyDevice)
        #expect(list.itemCount == 114 && list.locations.count == 21)
        #expect(list.stores.isEmpty && device.currentStoreID == nil)
        #expect(list.items.allSatisfy { $0.modifiedAt.isEmpty })
    }

    @Test func aChangeWritesVersionThreeAndKeepsEverything() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            try writeBytes(try [UInt8](Data(contentsOf: Self.versionOneFixture)), path)
            let store = DataFileStore(path: path, clock: { [later] in later })
            let before = try store.load()
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["saffron"])
            }
            let text = String(decoding: try readBytes(path), as: UTF8.self)
            #expect(text.contains("\"version\" : 12\n") && text.contains("\"stores\" : ["))
            let after = try store.load()
            #expect(after.itemCount == before.itemCount + 1)
            // Only the new item carries a stamp; every old record is as it was.
            let stamped = after.items.filter { !$0.modifiedAt.isEmpty }
            #expect(stamped.map(\.name) == ["saffron"] && stamped[0].modifiedAt["name"] == later)
            for item in before.items { #expect(after.item(item.id) == item) }
            for location in before.locations { #expect(after.location(location.id) == location) }
        }
    }

    @Test func stampsFollowChangesAndOnlyChanges() throws {
        var list = try ShoppingList.fixture()
        let original = list
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        list.stampChanges(since: ShoppingList(), at: first)
        #expect(list.items.allSatisfy { $0.modifiedAt["name"] == first && $0.modifiedAt.newest == first })
        let read = list

        // An edit stamps the edited field only; a store added is stamped.
        _ = try list.edit(list.id("Milk"), ItemChanges(quantity: 3))
        let market = try list.addStore(named: "Market", walking: [])
        list.stampChanges(since: read, at: later)
        #expect(list.item(named: "Milk")?.modifiedAt["quantity"] == later)
        #expect(list.item(named: "Milk")?.modifiedAt["name"] == first)
        #expect(list.item(named: "Yogurt")?.modifiedAt.newest == first)
        #expect(list.store(market.id)?.modifiedAt["name"] == later)

        // An edit back to the old value, as an import of the same file does, keeps the old stamp.
        var again = read
        _ = try again.edit(again.id("Milk"), ItemChanges(quantity: 2))
        _ = try again.edit(again.id("Milk"), ItemChanges(quantity: 1))
        again.stampChanges(since: read, at: later)
        #expect(again == read)
        #expect(original.items.allSatisfy { $0.modifiedAt.isEmpty })
    }

    @Test func aRemovedLocationStampsTheStoresAndItemsItTouched() throws {
        var list = try ShoppingList.fixture()
        let dairy = list.location(named: "Dairy")!.id
        _ = try list.addStore(named: "Market", walking: [dairy])
        _ = try list.addStore(named: "Other", walking: [])
        list.stampChanges(since: ShoppingList(), at: Date(timeIntervalSince1970: 1))
        let read = list
        _ = try list.removeLocation(dairy)
        list.stampChanges(since: read, at: later)
        #expect(list.store(named: "Market")?.modifiedAt["locationIds"] == later)
        #expect(list.store(named: "Other")?.modifiedAt.newest == Date(timeIntervalSince1970: 1))
        #expect(list.item(named: "Milk")?.modifiedAt["locationId"] == later)
        #expect(list.item(named: "apples")?.modifiedAt.newest != later)
    }

    @Test func importingTheSameExportTwiceChangesNothing() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            let store = DataFileStore(path: path, clock: { [later] in later })
            try store.save(try SampleData.load())
            let exported = DataFileStore.encode(try store.load(), log: PurchaseLog(isLoaded: false))
            let batch = try ImportBatch.fromExport(exported)
            let laterStore = DataFileStore(path: path, clock: { Date(timeIntervalSince1970: 1_900_000_000) })
            let summary = try laterStore.update(loadingLog: true) {
                (list: inout ShoppingList, log: inout PurchaseLog) throws(ShopError) in list.merge(batch, log: &log)
            }
            #expect(summary.items.added == 0 && summary.items.updated == 0 && summary.stores.unchanged == 3)
            #expect(try readBytes(path) == exported)
        }
    }
}

extension ImportBatch {
    /// A batch holding one `shop export`, as `shop import` reads it.
    static func fromExport(_ bytes: [UInt8]) throws -> ImportBatch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder)
        return try ImportReader.read([folder.path])
    }
}
