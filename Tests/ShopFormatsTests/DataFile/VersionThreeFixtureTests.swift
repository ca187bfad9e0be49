import Foundation
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 3 files (written before amounts, SPEC section 11) load forever, read exactly as before, and
/// become version 4 at their next change.
@Suite struct VersionThreeFixtureTests {
    /// A version 3 data file as `shop` wrote it just before version 4 (sample data plus a price, a star, a
    /// note, intervals, a store and a purchase), kept for good.
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/version3/shop.json")

    @Test func versionThreeFixtureLoadsWithWholeCounts() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixture))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 3\n"))
        let list = try DataFileCodec.decode(bytes, path: "v3")
        #expect(list.itemCount == 115 && list.stores.count == 4)
        #expect(list.items.allSatisfy { $0.quantity.wholeCount != nil && !$0.pantry && !$0.recipesOnly })
        #expect(list.item(named: "eggs")?.quantity == 12 && list.item(named: "coffee")?.amount == 2)
        #expect(list.recipesInNameOrder.isEmpty)
    }

    @Test func aChangeWritesVersionFourAndKeepsEverything() throws {
        try withTemporaryDirectory { folder in
            let path = folder + "/shop.json"
            try writeBytes(try [UInt8](Data(contentsOf: Self.fixture)), path)
            let store = DataFileStore(path: path)
            let before = try store.load()
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                _ = try list.add(["flour"], applying: ItemChanges(quantity: try Amount(parsing: "1.5 kg")))
            }
            let text = String(decoding: try readBytes(path), as: UTF8.self)
            #expect(text.contains("\"version\" : 12\n") && text.contains("\"quantity\" : \"1.5 kg\""))
            let after = try store.load()
            for item in before.items where item.name != "Flour" { #expect(after.item(item.id) == item) }
            #expect(after.item(named: "flour")?.amount.description == "1.5 kg")
        }
    }
}
