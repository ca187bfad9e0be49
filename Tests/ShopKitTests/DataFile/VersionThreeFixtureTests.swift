import Foundation
import Testing

@testable import ShopKit

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
            #expect(text.contains("\"version\" : 5\n") && text.contains("\"quantity\" : \"1.5 kg\""))
            let after = try store.load()
            for item in before.items where item.name != "Flour" { #expect(after.item(item.id) == item) }
            #expect(after.item(named: "flour")?.amount.description == "1.5 kg")
        }
    }
}

/// The exact text of amounts in the data file, and the limits.
@Suite struct AmountExactTextTests {
    @Test func exactTextRoundTrips() throws {
        let third = Amount(ExactNumber(numerator: 1, denominator: 3)!, .count)
        let mixed = try Amount(parsing: "1.5 cups").adding(try Amount(parsing: "200 g")).adding(
            try Amount(parsing: "2 fl oz"))
        for amount in [third, mixed, try Amount(parsing: "1500 g"), try Amount(parsing: "3 cans"), 7] {
            #expect(Amount(exactText: amount.exactText) == amount, "\(amount.exactText)")
        }
        #expect(third.exactText == "1/3" && third.description == "1")
        #expect(mixed.exactText == "1.75 cup + 200 g")
        #expect(mixed.description == "1.75 cups + 200 g")
        #expect(
            Amount(exactText: "0") == nil && Amount(exactText: "x g") == nil && Amount(exactText: "10000 kg") == nil)
    }

    @Test func displayAndPrices() throws {
        #expect(try Amount(parsing: "1500 g").description == "1.5 kg")
        #expect(try Amount(parsing: "2 l").lineTotal(at: Price(parsing: "1.20")) == Price(parsing: "2.40"))
        #expect(try Amount(parsing: "250g").lineTotal(at: Price(parsing: "9.99")) == Price(parsing: "2.50"))
        #expect(try Amount(parsing: "3 cans").wholeCountForExport == (1, false))
        #expect(Amount(ExactNumber(numerator: 1, denominator: 2)!, .count).wholeCountForExport == (1, false))
        #expect(Amount(count: 4).wholeCountForExport == (4, true))
        var item = Item(
            name: "flour", quantity: try Amount(parsing: "500 g"), locationID: .random(), price: Price(parsing: "2.00"))
        #expect(item.lineTotal == Price(parsing: "1.00"))
        item.quantity = 3
        #expect(item.lineTotal == Price(parsing: "6.00"))
        #expect(throws: ShopError.invalidAmount("9999.5 kg", problem: .tooLarge)) { try Amount(parsing: "9999.5 kg") }
        #expect(throws: (any Error).self) { try Validation.amount(Amount(count: 10_000)) }
    }
}
