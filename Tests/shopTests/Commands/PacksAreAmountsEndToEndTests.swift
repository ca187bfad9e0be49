import Foundation
import Testing

/// Packs are amounts (SPEC section 23, issue 47): for an item bought in packs a count is a count of packs, needs in
/// the pack's family add to it, and a lot of packs is its measure at home. One test per defect the household found.
@Suite struct PacksAreAmountsEndToEndTests {
    static let now = ["SHOP_NOW": "2026-11-20T10:00:00Z", "TZ": "UTC"]

    @discardableResult
    static func ok(_ shop: ShopProcess, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> ShopProcess.Outcome
    {
        let outcome = try shop.run(arguments, environment: now)
        #expect(outcome.status == 0, "\(arguments)\n\(outcome)", sourceLocation: sourceLocation)
        return outcome
    }

    static func recipe(_ shop: ShopProcess, _ text: String) throws -> String {
        let file = shop.folder.appendingPathComponent("bake.cook")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// 4 packs of 250 g butter at home cover a recipe's 50 g: nothing goes on the list (it put `1 pack (50 g)` there).
    @Test func packsAtHomeCoverARecipesNeedInTheirMeasure() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "butter", "--pack", "250g", "--stock"])
        try Self.ok(shop, ["buy", "butter", "-q", "4"])
        let stock = try Self.ok(shop, ["stock", "--json"]).stdout
        #expect(stock.contains("\"unit\" : \"kg\"") || stock.contains("\"unit\" : \"g\""), "\(stock)")
        let added = try Self.ok(shop, ["recipe", "add", Self.recipe(shop, "Melt @butter{50%g}.\n")])
        #expect(added.stderr.contains("at home: butter"), "\(added)")
        let list = try Self.ok(shop, ["list"]).stdout
        #expect(!list.contains("butter"), "\(list)")
    }

    /// `use milk -q 1l` of a 1 l pack uses that pack (it was refused with a hint about millilitres); `use -q 1` and
    /// `use -q "1 pack"` use one pack; another family is still refused, naming the measure at home.
    @Test func useTakesPacksByTheirMeasureOrByCount() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "milk", "--pack", "1l", "--stock"])
        try Self.ok(shop, ["add", "butter", "--pack", "250g", "--stock"])
        try Self.ok(shop, ["buy", "milk", "-q", "2"])
        try Self.ok(shop, ["buy", "butter", "-q", "4"])
        let milk = try Self.ok(shop, ["use", "milk", "-q", "1l"])
        #expect(milk.stderr.contains("Used milk: 1 l left"), "\(milk)")
        let oneMore = try Self.ok(shop, ["use", "milk", "-q", "1"])
        #expect(oneMore.stderr.contains("Used milk: none left"), "\(oneMore)")
        let butter = try Self.ok(shop, ["use", "butter", "-q", "1"])
        #expect(butter.stderr.contains("Used butter: 750 g left"), "\(butter)")
        let pack = try Self.ok(shop, ["use", "butter", "-q", "1 pack"])
        #expect(pack.stderr.contains("Used butter: 500 g left"), "\(pack)")
        let grams = try Self.ok(shop, ["use", "butter", "-q", "50g"])
        #expect(grams.stderr.contains("Used butter: 450 g left"), "\(grams)")
        let before = try Data(contentsOf: shop.dataFile.appendingPathExtension("purchases"))
        let refused = try shop.run(["use", "butter", "-q", "1 cup"], environment: Self.now)
        #expect(refused.status == 1 && refused.stderr.contains("'butter' is at home in 450 g"), "\(refused)")
        #expect(try Data(contentsOf: shop.dataFile.appendingPathExtension("purchases")) == before)
    }

    /// An item on the list by hand (`×1`) that a recipe also needs in grams is one amount of packs: shown
    /// `2 packs (1.175 kg)` (never `×1 + 1 pack (175 g)`), priced as two packs, logged as two packs, one lot at home.
    @Test func aCountByHandAndARecipesGramsAreOneAmountOfPacks() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "flour", "--pack", "1kg", "--price", "1.49", "--stock"])
        try Self.ok(shop, ["recipe", "add", Self.recipe(shop, "Mix @flour{175%g}.\n")])
        try Self.ok(shop, ["add", "flour", "-q", "1"])
        let list = try Self.ok(shop, ["list"]).stdout
        #expect(list.contains("flour 2 packs (1.175 kg)  2.98"), "\(list)")
        #expect(!list.contains("×1"), "\(list)")
        try Self.ok(shop, ["buy", "flour"])
        let history = try Self.ok(shop, ["history", "--json"]).stdout
        let purchases = try #require(JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(purchases.count == 1)
        #expect(purchases.first?["quantity"] as? Int == 2 && purchases.first?["unit"] as? String == "pack")
        #expect(purchases.first?["lineTotal"] as? Double == 2.98, "\(purchases)")
        let stock = try Self.ok(shop, ["stock"]).stdout
        #expect(stock == "flour: 2 kg\n  2 kg, bought 2026-11-20\n", "\(stock)")
    }

    /// A price or a paid total typed for a packed item is per pack, a count bought is packs: 3 packs of milk for 3.27
    /// log 1.09 a pack (the page's form sends them as typed), and the receipt's lines add up to what was paid.
    @Test func aPriceOrTotalTypedForAPackedItemIsPerPack() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "milk", "--pack", "1l", "-q", "4", "--price", "1.09"])
        try Self.ok(shop, ["add", "butter", "--pack", "250g", "-q", "300g"])
        try Self.ok(shop, ["buy", "milk", "-q", "3", "--paid", "3.27"])
        try Self.ok(shop, ["buy", "butter", "--price", "2.49"])
        let history = try Self.ok(shop, ["history", "--json"]).stdout
        let purchases = try #require(JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        let milk = try #require(purchases.first { $0["name"] as? String == "milk" })
        #expect(milk["quantity"] as? Int == 3 && milk["unit"] as? String == "pack", "\(milk)")
        #expect(milk["price"] as? Double == 1.09 && milk["priceUnit"] as? String == "pack", "\(milk)")
        #expect(milk["lineTotal"] as? Double == 3.27)
        let butter = try #require(purchases.first { $0["name"] as? String == "butter" })
        #expect(butter["quantity"] as? Int == 2 && butter["lineTotal"] as? Double == 4.98, "\(butter)")
        #expect(try Self.ok(shop, ["history"]).stdout.contains("8.25 in total"))
    }
}
