import Foundation
import Testing

/// What recipes and plans say about what is at home (SPEC section 18), end to end: `plan` names what it
/// found at home, as `recipe add` does, and `shop recipes` shows beside a need of a stocked item what is at
/// home of it now, in the need's unit (expired lots left out).
@Suite struct StockRecipesEndToEndTests {
    /// A folder with a recipe needing cheese (0.75 kg), milk (300 ml) and cream; 500 g of cheese and a
    /// litre of milk at home.
    static func kitchen() throws -> (ShopProcess, URL) {
        let shop = try ShopProcess()
        let folder = shop.dataFile.deletingLastPathComponent().deletingLastPathComponent()
        try Data("Grate @cheese{0.75%kg} into @milk{300%ml} and @cream{2%dl}.".utf8)
            .write(to: folder.appendingPathComponent("gratin.cook"))
        try StockEndToEndTests.ok(shop, ["add", "cheese", "--stock", "-q", "500g", "--keeps", "10"])
        try StockEndToEndTests.ok(shop, ["add", "milk", "--stock", "-q", "1 l"])
        try StockEndToEndTests.ok(shop, ["buy", "cheese", "milk"])
        return (shop, folder)
    }

    @Test func recipesShowsWhatIsAtHomeBesideAStockedNeed() throws {
        let (shop, folder) = try Self.kitchen()
        defer { shop.remove() }
        let added = try StockEndToEndTests.ok(
            shop, ["recipe", "add", folder.appendingPathComponent("gratin.cook").path])
        #expect(added.stderr == "Added gratin: cheese 0.25 kg, cream 2 dl (1 new item)\n  at home: milk\n")
        #expect(
            try StockEndToEndTests.ok(shop, ["recipes"]).stdout == """
                gratin
                  cheese 0.25 kg (0.5 kg at home)
                  cream 2 dl
                  milk (1 l at home)

                """)
        // Ten days on the cheese is past its best-before: not at home for recipes any more.
        let later = try shop.run(["recipes"], environment: ["SHOP_NOW": "2026-12-01T10:00:00Z", "TZ": "UTC"])
        #expect(
            later.status == 0 && later.stdout == "gratin\n  cheese 0.25 kg\n  cream 2 dl\n  milk (1 l at home)\n",
            "\(later)")
    }

    @Test func planNamesWhatItFoundAtHome() throws {
        let (shop, folder) = try Self.kitchen()
        defer { shop.remove() }
        let plan = folder.appendingPathComponent("week.shopping-list")
        try Data("./gratin\nmilk{300%ml}\n".utf8).write(to: plan)
        let before = try StockEndToEndTests.ok(shop, ["plan", plan.path, "--dry-run"])
        let said = """
            : 1 added, 0 taken back, 0 unchanged
              + gratin (for 2026-W47): cheese 0.25 kg, cream 2 dl; at home: milk
              (milk (for 2026-W47): nothing to buy; at home: milk)

            """
        #expect(before.stderr == "Plan \(plan.path) (for 2026-W47) would change" + said, "\(before)")
        let done = try StockEndToEndTests.ok(shop, ["plan", plan.path])
        #expect(done.stderr == "Plan \(plan.path) (for 2026-W47)" + said, "\(done)")
    }
}
