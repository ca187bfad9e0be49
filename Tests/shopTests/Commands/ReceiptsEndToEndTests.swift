import Foundation
import Testing

@testable import shop

/// Receipts that match (SPEC section 12), through the real `shop` binary: what `buy` logs is what was
/// bought and paid, prices keep their unit, packs, unplanned purchases, prices and availability per
/// store, `unbuy` giving the price back, who bought what; and every bad value leaving both files as they
/// were.
@Suite struct ReceiptsEndToEndTests {
    static let now = ["SHOP_NOW": "2026-03-02T10:15:00Z"]

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// A shop sandbox whose clock is fixed at ``now``, with `stew.cook` in its folder.
    static func sandbox() throws -> ShopProcess {
        var shop = try ShopProcess()
        shop.environment.merge(now) { $1 }
        try "Brown @beef{2%kg} and @onion{5}.\n".write(
            to: shop.folder.appendingPathComponent("stew.cook"), atomically: true, encoding: .utf8)
        return shop
    }

    static func logBytes(_ shop: ShopProcess) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"))
    }

    @Test func theStewLogsWhatTheListShowedAndHistoryAddsUpToTheReceipts() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["recipe", "add", shop.folder.appendingPathComponent("stew.cook").path, "--for", "mon"])
        try shop.ok(["edit", "beef", "--price", "11.99"])
        try shop.ok(["edit", "onion", "--price", "0.50"])
        let list = try shop.ok(["list"]).stdout
        #expect(list.contains("beef 2 kg  23.98") && list.contains("onion ×5    2.50") && list.contains("Total: 26.48"))
        try shop.ok(["buy", "beef"])
        try shop.ok(["buy", "onion", "-q", "1", "--price", "2.49"])

        let history = try Self.json(shop.ok(["history", "--json"]).stdout)
        let beef = try #require(history.first { $0["name"] as? String == "beef" })
        #expect(beef["quantity"] as? Int == 2 && beef["unit"] as? String == "kg")
        #expect(beef["price"] as? Double == 11.99 && beef["priceUnit"] as? String == "kg")
        #expect(beef["lineTotal"] as? Double == 23.98)
        let onion = try #require(history.first { $0["name"] as? String == "onion" })
        #expect(onion["quantity"] as? Int == 1 && onion["unit"] is NSNull && onion["lineTotal"] as? Double == 2.49)
        #expect(onion["priceUnit"] is NSNull && onion["by"] is String)
        let text = try shop.ok(["history"]).stdout
        #expect(text.contains("beef   2 kg × 11.99/kg  23.98"), "\(text)")
        #expect(text.hasSuffix("2 purchases, 26.47 in total\n"), "\(text)")
        // The recipe's need is settled; the price per kg stays per kg.
        #expect(try shop.ok(["show", "beef"]).stdout.contains("Price:        11.99 per kg"))
    }

    @Test func aMixedTripSpendsExactlyTheSumEntered() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["add", "eggs", "-q", "12", "--price", "0.25"])
        try shop.ok(["add", "cheese", "-q", "400g", "--price", "17.45/kg"])
        try shop.ok(["add", "butter", "-q", "300g", "--pack", "250g", "--price", "3.49"])
        try shop.ok(["add", "mince", "--price", "9.99/kg"])
        try shop.ok(["add", "bananas", "-q", "6", "--price", "0.29"])
        // The list shows whole packs with the need beside, priced per pack.
        let list = try shop.ok(["list"]).stdout
        #expect(list.contains("butter 2 packs (300 g)") && list.contains("6.98"), "\(list)")
        let butterJSON = try #require(
            try Self.json(shop.ok(["list", "--json"]).stdout).first { $0["name"] as? String == "butter" })
        #expect(butterJSON["packs"] as? Int == 2 && butterJSON["priceUnit"] as? String == "pack")
        #expect((butterJSON["pack"] as? [String: Any])?["quantity"] as? Int == 250)

        // The receipt: 3.00 (eggs), 6.98 (cheese, 400 g at 17.45/kg), 6.98 (two packs), 4.54 (a 650 g
        // pack of mince, paid), 1.91 (bananas, paid), 0.79 (a lemon, unplanned, paid).
        try shop.ok(["buy", "eggs"])
        try shop.ok(["buy", "cheese"])
        try shop.ok(["buy", "butter"])
        try shop.ok(["buy", "mince", "-q", "650g", "--paid", "4.54"])
        try shop.ok(["buy", "bananas", "-q", "7", "--paid", "1.91"])
        try shop.ok(["add", "lemon"])
        try shop.ok(["drop", "lemon"])
        try shop.ok(["buy", "lemon", "--paid", "0.79"])
        // In cents, so the sum is exact.
        let entered = [300, 698, 698, 454, 191, 79].reduce(0, +)

        let spending = try Self.json(shop.ok(["spending", "--json"]).stdout)
        #expect(spending.count == 1 && spending[0]["purchases"] as? Int == 6 && spending[0]["unpriced"] as? Int == 0)
        #expect(Int((try #require(spending[0]["total"] as? Double) * 100).rounded()) == entered && entered == 2420)
        #expect(try shop.ok(["history"]).stdout.hasSuffix("6 purchases, 24.20 in total\n"))

        let history = try Self.json(shop.ok(["history", "--json"]).stdout)
        func row(_ name: String) throws -> [String: Any] {
            try #require(history.first { $0["name"] as? String == name })
        }
        // 650 g paid 4.54: 6.9846 per kg, kept to four places; the item keeps 6.98 per kg.
        #expect(try row("mince")["price"] as? Double == 6.9846 && row("mince")["quantity"] as? Double == 650)
        #expect(try row("butter")["quantity"] as? Int == 2 && row("butter")["unit"] as? String == "pack")
        #expect(try row("bananas")["quantity"] as? Int == 7 && row("bananas")["price"] as? Double == 0.2729)
        let csv = try shop.ok(["history", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("date,name,quantity,price,lineTotal,store,priceUnit,by,list\r\n"))
        #expect(csv.contains(",mince,650 g,6.9846,4.54,,kg,"), "\(csv)")
        let mince = try shop.ok(["show", "mince"]).stdout
        #expect(mince.contains("6.98 per kg"), "\(mince)")
    }

    @Test func aPriceIsNeverReadInAnotherFamily() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["add", "butter", "--price", "3.49"])
        try shop.ok(["drop", "butter"])
        try "Melt @butter{3%tbsp}.\n".write(
            to: shop.folder.appendingPathComponent("roux.cook"), atomically: true, encoding: .utf8)
        try shop.ok(["recipe", "add", shop.folder.appendingPathComponent("roux.cook").path])
        let items = try Self.json(shop.ok(["list", "--json"]).stdout)
        let butter = try #require(items.first { $0["name"] as? String == "butter" })
        #expect(butter["price"] as? Double == 3.49 && butter["priceUnit"] is NSNull && butter["lineTotal"] is NSNull)
        let list = try shop.ok(["list"]).stdout
        #expect(!list.contains("0.15") && !list.contains("Total"), "\(list)")
        #expect(try shop.ok(["show", "butter"]).stdout.contains("Price:        3.49 each, no total for"))
        // Per head: garlic's cloves are not heads.
        try shop.ok(["add", "garlic", "-q", "3 cloves", "--price", "0.79/head"])
        let garlic = try #require(
            try Self.json(shop.ok(["list", "--json"]).stdout).first { $0["name"] as? String == "garlic" })
        #expect(garlic["priceUnit"] as? String == "head" && garlic["lineTotal"] is NSNull)
    }

    @Test func everyBadValueIsRefusedWithItsExitCodeAndChangesNothing() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "butter", "--price", "1.00"])
        try shop.ok(["buy", "milk"])
        let cases: [([String], Int32, String)] = [
            (["buy", "butter", "--paid", "-1"], 1, "-1"),
            (["buy", "butter", "--paid", "abc"], 64, "abc"),
            (["buy", "butter", "-q", "0g"], 1, "0g"),
            (["buy", "butter", "-q", "many"], 64, "many"),
            (["buy", "butter", "--price", "2", "--paid", "2"], 64, "--paid"),
            (["edit", "butter", "--pack", "0"], 1, "invalid amount '0'"),
            (["edit", "butter", "--pack", "20000"], 1, "invalid amount '20000'"),
            (["edit", "butter", "--pack", "250g", "--no-pack"], 64, "--no-pack"),
            (["edit", "butter", "--price", "1/0"], 1, "1/0"),
            (["edit", "butter", "--price", "5/"], 1, "5/"),
            (["edit", "butter", "--price", "abc"], 64, "abc"),
            (["buy", "butter", "--price", "1/0"], 1, "1/0"),
            (["buy", "butter", "--store", "bad\u{01}name"], 1, "name"),
            (["buy", "butter"], 1, "SHOP_STORE"),
        ]
        for (arguments, status, fragment) in cases {
            let data = shop.dataBytes()
            let log = Self.logBytes(shop)
            let environment = arguments == ["buy", "butter"] ? ["SHOP_STORE": "Nowhere"] : [:]
            let outcome = try shop.run(arguments, environment: environment)
            #expect(outcome.status == status, "\(arguments): \(outcome.description)")
            #expect(outcome.stderr.contains(fragment) || fragment == "SHOP_STORE", "\(arguments): \(outcome)")
            #expect(shop.dataBytes() == data && Self.logBytes(shop) == log, "\(arguments) changed a file")
        }
    }

    @Test func anUnplannedPurchaseIsLoggedOncePerDayUnlessAgain() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["add", "bananas", "--price", "0.29"])
        try shop.ok(["drop", "bananas"])
        #expect(try shop.ok(["buy", "bananas", "-q", "6"]).stderr.contains("Bought bananas"))
        let again = try shop.ok(["buy", "bananas"])
        #expect(again.stderr.contains("already bought today"), "\(again)")
        try shop.ok(["buy", "bananas", "--again", "-q", "2"])
        #expect(try shop.ok(["history"]).stdout.hasSuffix("2 purchases, 2.32 in total\n"))
        // A shop that is no store is logged by its name, with no store id, and said.
        let market = try shop.ok(["buy", "bananas", "--again", "--store", "farmers market", "--paid", "1.20"])
        #expect(market.stderr.contains("'farmers market' is not one of the stores"), "\(market)")
        let row = try #require(
            try Self.json(shop.ok(["history", "--json"]).stdout).first { $0["store"] as? String == "farmers market" })
        #expect(row["storeId"] is NSNull && row["lineTotal"] as? Double == 1.2)
        #expect(try shop.ok(["stores"]).stdout.contains("farmers") == false)
    }

    @Test func eachStoreHasItsLastPriceAndItsAvailability() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["store", "add", "Aldi"])
        try shop.ok(["store", "add", "Costco"])
        try shop.ok(["add", "coffee", "--price", "8.00"])
        try shop.ok(["buy", "coffee", "--store", "Aldi", "--price", "6.49"])
        try shop.ok(["add", "coffee"])
        try shop.ok(["buy", "coffee", "--store", "Costco", "--paid", "7.25"])
        try shop.ok(["add", "coffee"])
        // Buying at a store left the item's own price alone.
        #expect(try shop.ok(["list"]).stdout.contains("8.00"))
        #expect(try shop.ok(["list", "--store", "Aldi"]).stdout.contains("6.49"))
        let costco = try #require(try Self.json(shop.ok(["list", "--store", "Costco", "--json"]).stdout).first)
        #expect(costco["price"] as? Double == 7.25 && costco["itemPrice"] as? Double == 8)
        let show = try shop.ok(["show", "coffee"]).stdout
        #expect(show.contains("Aldi 6.49 (2026-03-02), Costco 7.25 (2026-03-02)"), "\(show)")

        // Unavailable at Costco only.
        try shop.ok(["unavailable", "coffee", "--store", "Costco"])
        let atAldi = try #require(try Self.json(shop.ok(["list", "--store", "Aldi", "--json"]).stdout).first)
        let atCostco = try #require(try Self.json(shop.ok(["list", "--store", "Costco", "--json"]).stdout).first)
        #expect(atAldi["isAvailable"] as? Bool == true && atCostco["isAvailable"] as? Bool == false)
        #expect(try shop.ok(["show", "coffee"]).stdout.contains("yes, but not at Costco"))
        #expect(
            try shop.ok(["buy", "--all", "--store", "Costco"]).stderr.contains("Still on the list, unavailable: coffee")
        )
        try shop.ok(["available", "coffee", "--store", "Costco"])
        #expect(try shop.ok(["show", "coffee"]).stdout.contains("Available:    yes\n"))

        // unbuy gives back the price the purchase replaced, and the store's price before it.
        let later = ["SHOP_NOW": "2026-03-02T11:00:00Z"]
        #expect(try shop.run(["buy", "coffee", "--price", "9.10"], environment: later).status == 0)
        #expect(try shop.ok(["show", "coffee"]).stdout.contains("Price:        9.10"))
        #expect(try shop.run(["unbuy", "coffee"], environment: later).status == 0)
        #expect(try shop.ok(["show", "coffee"]).stdout.contains("Price:        8.00"))
    }

    @Test func historyNamesTheDeviceAndFiltersByIt() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        try shop.ok(["add", "tea", "--price", "2.00"])
        try shop.ok(["buy", "tea"])
        let by = try #require(try Self.json(shop.ok(["history", "--json"]).stdout).first?["by"] as? String)
        #expect(!by.isEmpty)
        #expect(try shop.ok(["history", "--device", by]).stdout.contains("1 purchase, 2.00 in total"))
        #expect(try shop.ok(["history", "--device", "nobody"]).stdout.contains("No purchases."))
        let devices = try Self.json(shop.ok(["spending", "--by", "device", "--json"]).stdout)
        #expect(devices.count == 1 && devices[0]["group"] as? String == by && devices[0]["total"] as? Double == 2)
        // One device: history does not repeat its name on every line.
        #expect(!(try shop.ok(["history"]).stdout.contains("by \(by)")))
    }

    /// A version 4 file (written by the `shop` of just before version 5) reads as it was shown: every
    /// price per the unit of its item's first part, the same line totals, the same `list --json` but for
    /// the keys version 5 added.
    @Test func aVersionFourFileKeepsItsPricesMeaning() throws {
        let shop = try Self.sandbox()
        defer { shop.remove() }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ShopFormatsTests/Fixtures/version4")
        try FileManager.default.createDirectory(
            at: shop.dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("shop.json"), to: shop.dataFile)
        let now = try Self.json(shop.ok(["list", "--json"]).stdout)
        let then = try Self.json(
            String(decoding: try Data(contentsOf: fixtures.appendingPathComponent("list.json")), as: UTF8.self))
        let added = ["lineTotal", "list", "pack", "packs", "priceUnit", "stock", "keeps", "keepsOpen", "minStock"]
        #expect(NSArray(array: now.map { $0.filter { !added.contains($0.key) } }).isEqual(to: then))
        func row(_ name: String) throws -> [String: Any] { try #require(now.first { $0["name"] as? String == name }) }
        #expect(try row("beef")["priceUnit"] as? String == "kg" && row("beef")["lineTotal"] as? Double == 23.98)
        #expect(try row("butter")["priceUnit"] as? String == "l" && row("butter")["lineTotal"] as? Double == 0.15)
        #expect(try row("Garlic")["priceUnit"] is NSNull && row("Garlic")["lineTotal"] as? Double == 0.79)
        #expect(try row("canned tomatoes")["priceUnit"] as? String == "can")
        #expect(try shop.ok(["show", "butter"]).stdout.contains("Price:        3.49 per l, 0.15 for 3 tbsp"))
        // Written as version 5 at the next change, the prices' units now stored.
        try shop.ok(["add", "tea"])
        let text = String(decoding: try Data(contentsOf: shop.dataFile), as: UTF8.self)
        #expect(text.contains("\"version\" : 12\n") && text.contains("\"priceUnit\" : \"l\""))
        #expect(
            try Self.json(shop.ok(["list", "--json"]).stdout).first { $0["name"] as? String == "butter" }?["lineTotal"]
                as? Double == 0.15)
    }
}
