import Foundation
import ShopHistory
import ShopModelTests
import Testing

@testable import ShopFormats
@testable import ShopModel

/// Version 4 files (amounts with units, prices without one) load forever, and each price keeps the meaning
/// it was shown with: per the unit of the item's first part (SPEC section 12).
@Suite struct VersionFourFixtureTests {
    /// A version 4 data file as `shop` wrote it just before version 5: the sample data, the stew recipe
    /// of `stew.cook` for `mon` (beef 2 kg, onion ×5, butter 3 tbsp, garlic 3 cloves), prices set on
    /// them, flour 1.5 kg, canned tomatoes 3 cans, milk 2 l, a store Aldi and one purchase of eggs there
    /// (`shop.json.purchases`); `list.json` is its `list --json`. Kept for good.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/version4")

    /// The line totals today's `list` showed for the fixture's priced items.
    static let shownTotals: [String: String] = [
        "beef": "23.98", "butter": "0.15", "canned tomatoes": "2.67", "onion": "2.50", "Flour": "3.00",
        "Milk": "2.20", "Garlic": "0.79", "Eggs": "3.00",
    ]

    @Test func versionFourFixtureLoadsWithItsLineTotals() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("shop.json")))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\" : 4\n"))
        let list = try DataFileCodec.decode(bytes, path: "v4")
        #expect(list.itemCount == 118 && list.stores.count == 4)
        #expect(list.recipesInNameOrder.map(\.name) == ["stew"])
        for (name, total) in Self.shownTotals {
            #expect(list.item(named: name)?.lineTotal == Price(parsing: total), "\(name)")
        }
    }
}
