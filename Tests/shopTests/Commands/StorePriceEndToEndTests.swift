import Foundation
import Testing

@testable import shop

/// A store's prices, exactly (SPEC 12, 17), through the real `shop` binary: the last price paid at a store
/// is kept to four decimals and multiplied unrounded, so `list`, `buy`, `history` and `spending` agree to
/// the cent (Bananas ×10 at 0.1617 is 1.62, never 10 × 0.16); an item's own price stays in cents.
@Suite struct StorePriceEndToEndTests {
    static let now = ["SHOP_NOW": "2026-03-02T10:15:00Z"]

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    static func logBytes(_ shop: ShopProcess) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"))
    }

    /// Bananas at 0.29 of their own, bought once at Aldi for 0.1617 each and back on the list, ×10.
    static func bananasAtAldi() throws -> ShopProcess {
        var shop = try ShopProcess()
        shop.environment.merge(now) { $1 }
        try shop.ok(["store", "add", "Aldi"])
        try shop.ok(["add", "Bananas", "-q", "10", "--price", "0.29"])
        try shop.ok(["buy", "Bananas", "--store", "Aldi", "-q", "1", "--price", "0.1617", "--date", "2026-02-23"])
        try shop.ok(["add", "Bananas", "-q", "10"])
        return shop
    }

    @Test func buyTakesFourDecimalsAndLogsThemExactly() throws {
        let shop = try Self.bananasAtAldi()
        defer { shop.remove() }
        let first = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(first["price"] as? Double == 0.1617 && first["lineTotal"] as? Double == 0.16)
        // The item's own price (cents) is left alone at a store; the store's price is kept exactly.
        #expect(try shop.ok(["show", "Bananas"]).stdout.contains("0.1617"))
        #expect(try Self.json(shop.ok(["list", "--json"]).stdout).first?["price"] as? Double == 0.29)
        try shop.ok(["buy", "Bananas", "--store", "Aldi"])
        let latest = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(latest["price"] as? Double == 0.1617 && latest["quantity"] as? Int == 10)
        #expect(latest["lineTotal"] as? Double == 1.62, "10 × 0.1617 = 1.617, rounded only then")
    }

    @Test func listAtTheStoreShowsItsExactPriceAndTheLineTotalBuyWillLog() throws {
        let shop = try Self.bananasAtAldi()
        defer { shop.remove() }
        let item = try #require(try Self.json(shop.ok(["list", "--store", "Aldi", "--json"]).stdout).first)
        #expect(item["price"] as? Double == 0.1617 && item["itemPrice"] as? Double == 0.29)
        #expect(item["lineTotal"] as? Double == 1.62)
        let text = try shop.ok(["list", "--store", "Aldi"]).stdout
        #expect(text.contains("1.62") && text.contains("Total: 1.62") && !text.contains("1.60"), "\(text)")
        let csv = try shop.ok(["list", "--store", "Aldi", "--format", "csv"]).stdout
        #expect(csv.contains(",0.1617,"), "\(csv)")
        // Without the store, the item's own price in cents.
        #expect(try shop.ok(["list"]).stdout.contains("Total: 2.90"))
    }

    @Test func historyAndSpendingAddUpToTheListsTotalToTheCent() throws {
        let shop = try Self.bananasAtAldi()
        defer { shop.remove() }
        let listed = try #require(try Self.json(shop.ok(["list", "--store", "Aldi", "--json"]).stdout).first)
        try shop.ok(["buy", "Bananas", "--store", "Aldi"])
        let history = try Self.json(shop.ok(["history", "--json"]).stdout)
        #expect(history.first?["lineTotal"] as? Double == listed["lineTotal"] as? Double)
        let text = try shop.ok(["history"]).stdout
        #expect(text.contains("× 0.1617") && text.contains("1.62"), "\(text)")
        #expect(text.hasSuffix("2 purchases, 1.78 in total\n"), "\(text)")
        let spending = try Self.json(shop.ok(["spending", "--by", "store", "--json"]).stdout)
        #expect(spending.count == 1 && spending.first?["total"] as? Double == 1.78, "\(spending)")
        #expect(spending.first?["group"] as? String == "Aldi" && spending.first?["purchases"] as? Int == 2)
    }

    @Test func aPaidTotalIsLoggedAsGivenAndItsExactUnitPriceKeptAtTheStore() throws {
        var shop = try ShopProcess()
        shop.environment.merge(Self.now) { $1 }
        defer { shop.remove() }
        try shop.ok(["store", "add", "Rewe"])
        try shop.ok(["add", "apples", "-q", "1.1kg"])
        try shop.ok(["buy", "apples", "--store", "Rewe", "--paid", "8.08", "--date", "2026-02-23"])
        let bought = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(bought["lineTotal"] as? Double == 8.08 && bought["price"] as? Double == 7.3455)
        #expect(bought["priceUnit"] as? String == "kg")
        // The same weight again at Rewe: 1.1 × 7.3455 = 8.08005, 8.08 as paid, not 1.1 × 7.35 = 8.09.
        try shop.ok(["add", "apples", "-q", "1.1kg"])
        let item = try #require(try Self.json(shop.ok(["list", "--store", "Rewe", "--json"]).stdout).first)
        #expect(item["price"] as? Double == 7.3455 && item["lineTotal"] as? Double == 8.08)
        try shop.ok(["buy", "apples", "--store", "Rewe"])
        let again = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(again["lineTotal"] as? Double == 8.08 && again["price"] as? Double == 7.3455)
        #expect(try shop.ok(["history"]).stdout.hasSuffix("2 purchases, 16.16 in total\n"))
    }

    /// SPEC 17's example: 12 for 1.94 is 97/600 each, kept exact (shown 0.1617), so 50 more are 8.08 in
    /// `list` and in `buy` (50 × 0.1617 would be 8.085, 8.09); `unbuy` of the 50 gives the 12's price back
    /// exactly, and the files keep the fraction (version 8).
    @Test func aPriceFromAPaidTotalIsMultipliedExactly() throws {
        var shop = try ShopProcess()
        shop.environment.merge(Self.now) { $1 }
        defer { shop.remove() }
        try shop.ok(["store", "add", "Aldi"])
        try shop.ok(["add", "Bananas"])
        try shop.ok(["buy", "Bananas", "--store", "Aldi", "-q", "12", "--paid", "1.94", "--date", "2026-02-23"])
        try shop.ok(["add", "Bananas", "-q", "50"])
        let listed = try #require(try Self.json(shop.ok(["list", "--store", "Aldi", "--json"]).stdout).first)
        #expect(listed["price"] as? Double == 0.1617 && listed["lineTotal"] as? Double == 8.08, "\(listed)")
        let data = String(decoding: shop.dataBytes() ?? Data(), as: UTF8.self)
        #expect(
            data.contains(" 0.1617 2026-02-23T") && data.contains("Z 97/600\"") && data.contains("\"version\" : 12"),
            "\(data)")
        try shop.ok(["buy", "Bananas", "--store", "Aldi"])
        let bought = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(bought["lineTotal"] as? Double == 8.08 && bought["price"] as? Double == 0.1617, "\(bought)")
        #expect(bought["priceExact"] == nil, "--json shows four fraction digits only")
        let log = String(decoding: Self.logBytes(shop) ?? Data(), as: UTF8.self)
        #expect(log.components(separatedBy: "\"priceExact\":\"97/600\"").count == 3, "\(log)")
        #expect(try shop.ok(["history"]).stdout.hasSuffix("2 purchases, 10.02 in total\n"))
        // Taken back: the store's price is the 12's again, still exact.
        try shop.ok(["unbuy", "Bananas"])
        let again = try #require(try Self.json(shop.ok(["list", "--store", "Aldi", "--json"]).stdout).first)
        #expect(again["lineTotal"] as? Double == 8.08, "\(again)")
        // A unit price typed with four decimals is that price: 50 × 0.1617 = 8.085, 8.09.
        try shop.ok(["buy", "Bananas", "--store", "Aldi", "--price", "0.1617"])
        let typed = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first)
        #expect(typed["lineTotal"] as? Double == 8.09, "\(typed)")
    }

    @Test func anItemsOwnPriceStaysInCentsAndBadPricesChangeNothing() throws {
        let shop = try Self.bananasAtAldi()
        defer { shop.remove() }
        let cases: [([String], Int32, String)] = [
            (["edit", "Bananas", "--price", "0.1617"], 1, "price 0.1617 has more than two decimals"),
            (["add", "Kiwis", "--price", "0.333"], 1, "price 0.333 has more than two decimals"),
            (["buy", "Bananas", "--price", "0.16175"], 1, "invalid price '0.16175'"),
            (["buy", "Bananas", "--price", "0.16175/kg"], 1, "invalid price '0.16175'"),
        ]
        for (arguments, status, fragment) in cases {
            let data = shop.dataBytes()
            let log = Self.logBytes(shop)
            let outcome = try shop.run(arguments)
            #expect(outcome.status == status, "\(arguments): \(outcome.description)")
            #expect(outcome.stderr.contains(fragment), "\(arguments): \(outcome)")
            #expect(shop.dataBytes() == data && Self.logBytes(shop) == log, "\(arguments) changed a file")
        }
    }
}
