import Foundation
import Testing

/// Automatic adds land where they belong (SPEC section 22): `recipe add` and `plan` use `--list` (or `SHOP_LIST`),
/// else the recipe's or plan's own `>> list:`, else the current list; `restock` puts items back on their home list;
/// `buy --all` buys the list in effect only.
@Suite(.serialized) struct ListAddsEndToEndTests {
    /// Milk on Groceries, a Party list; a cake recipe that names Party, a pancake recipe that names none.
    private func household() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["add", "milk"])
        try shop.run(["lists", "add", "Party"])
        try write(shop, "cake.cook", ">> list: Party\nMix @flour{200%g} and @sugar{100%g}.\n")
        try write(shop, "pancakes.cook", "Whisk @eggs{2} into @flour{100%g}.\n")
        return shop
    }

    private func write(_ shop: ShopProcess, _ name: String, _ text: String) throws {
        try text.write(to: shop.folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func path(_ shop: ShopProcess, _ name: String) -> String { shop.folder.appendingPathComponent(name).path }

    /// Each list's items, as `list --all-lists --json` names them: `"name list"`.
    private func placed(_ shop: ShopProcess) throws -> Set<String> {
        let outcome = try shop.run(["list", "--all-lists", "--json"])
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]], "\(outcome)")
        return Set(items.map { "\($0["name"]!) \($0["list"]!)" })
    }

    @Test func recipeAddUsesTheRecipesListElseTheCurrentList() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["lists", "use", "Party"])
        var outcome = try shop.run(["recipe", "add", path(shop, "pancakes.cook")])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(shop) == ["milk Groceries", "eggs Party", "flour Party"])
        try shop.run(["lists", "use", "Groceries"])
        try shop.run(["recipe", "remove", "pancakes"])
        outcome = try shop.run(["recipe", "add", path(shop, "cake.cook")])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(shop) == ["milk Groceries", "flour Party", "sugar Party"])
    }

    /// `--list` and `SHOP_LIST` beat the recipe's own list; an ingredient already on a list stays there.
    @Test func listAndShopListBeatTheRecipesList() throws {
        let shop = try household()
        defer { shop.remove() }
        try write(shop, "milkshake.cook", ">> list: Party\nBlend @milk{250%ml} and @ice cream{2%scoops}.\n")
        var outcome = try shop.run(["--list", "Groceries", "recipe", "add", path(shop, "cake.cook")])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(shop) == ["milk Groceries", "flour Groceries", "sugar Groceries"])
        outcome = try shop.run(
            ["recipe", "add", path(shop, "milkshake.cook")], environment: ["SHOP_LIST": "groceries"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(shop).contains("ice cream Groceries"))
        try shop.run(["recipe", "remove", "milkshake"])
        outcome = try shop.run(["recipe", "add", path(shop, "milkshake.cook")])
        #expect(try placed(shop).isSuperset(of: ["milk Groceries", "ice cream Party"]), "\(outcome)")
    }

    /// A recipe or plan naming a list that does not exist: one line naming it, exit 1, nothing changed.
    @Test(arguments: ["recipe", "plan"]) func anUnknownListInAFileIsRefused(kind: String) throws {
        let shop = try household()
        defer { shop.remove() }
        try write(shop, "garden.cook", ">> list: Garden\nPlant @tulip bulbs{10}.\n")
        try write(shop, "week.shopping-list", ">> list: Garden\n./pancakes\n")
        let before = try Data(contentsOf: shop.dataFile)
        let arguments =
            kind == "recipe"
            ? ["recipe", "add", path(shop, "garden.cook")] : ["plan", path(shop, "week.shopping-list")]
        let outcome = try shop.run(arguments)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: no list matches 'Garden'\n"), "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFile) == before)
    }

    /// A plan's `>> list:` that names nothing is damage in the plan (exit 65, naming the line), like a bad week start.
    @Test func aPlansEmptyListLineIsRefused() throws {
        let shop = try household()
        defer { shop.remove() }
        try write(shop, "week.shopping-list", "./pancakes\n>> list:\n")
        let before = try Data(contentsOf: shop.dataFile)
        let outcome = try shop.run(["plan", path(shop, "week.shopping-list")])
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains(":2") && outcome.stderr.contains("list: name the list"), "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFile) == before)
    }

    @Test func planUsesItsOwnListElseEachRecipesElseTheCurrentList() throws {
        let shop = try household()
        defer { shop.remove() }
        try write(shop, "week.shopping-list", "./pancakes\n./cake\nbutter{250%g}\n")
        var outcome = try shop.run(["plan", path(shop, "week.shopping-list")])
        #expect(outcome.status == 0, "\(outcome)")
        // Pancakes' flour went on Groceries first; the cake's flour finds it there.
        #expect(
            try placed(shop) == [
                "milk Groceries", "eggs Groceries", "flour Groceries", "sugar Party", "butter Groceries",
            ])
        try write(shop, "party.shopping-list", ">> list: Party\n./pancakes\nballoons{12}\n")
        try shop.run(["lists", "add", "Camping"])
        outcome = try shop.run(["plan", path(shop, "party.shopping-list")], environment: ["SHOP_LIST": "Camping"])
        #expect(try placed(shop).contains("balloons Camping"), "\(outcome)")
        try shop.run(["lists", "add", "Picnic"])
        try write(shop, "picnic.shopping-list", ">> list: Picnic\nlemonade{2}\n")
        outcome = try shop.run(["plan", path(shop, "picnic.shopping-list")])
        #expect(try placed(shop).contains("lemonade Picnic"), "\(outcome)")
    }

    /// `buy --all` buys the list in effect, never what waits on another list; an unknown `--list` changes nothing.
    @Test func buyAllBuysTheListInEffectOnly() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["--list", "Party", "add", "cake", "candles"])
        var outcome = try shop.run(["buy", "--all"])
        #expect(outcome.stderr == "Bought milk\n", "\(outcome)")
        #expect(try placed(shop) == ["cake Party", "candles Party"])
        outcome = try shop.run(["buy", "--all"], environment: ["SHOP_LIST": "Party"])
        #expect(outcome.stderr == "Bought cake, candles\n", "\(outcome)")
        let before = try Data(contentsOf: shop.dataFile)
        outcome = try shop.run(["--list", "Garden", "buy", "--all"])
        #expect(outcome.status == 1 && outcome.stderr.hasPrefix("Error: no list matches 'Garden'\n"), "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFile) == before)
    }

    /// ShoppingList14's items go on the current list (here Party), never on `Groceries` by default.
    @Test func shoppingList14ImportPutsEverythingOnTheCurrentList() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["lists", "use", "Party"])
        let folder = ReadmeTests.root.appendingPathComponent("SampleData/ShoppingList14").path
        let outcome = try shop.run(["import", folder])
        #expect(outcome.status == 0, "\(outcome)")
        let lists = try placed(shop).filter { !$0.hasPrefix("milk ") }
        #expect(!lists.isEmpty && lists.allSatisfy { $0.hasSuffix(" Party") }, "\(lists)")
        #expect(try placed(shop).contains("milk Groceries"))
    }

    /// An export carries its lists: into an empty file it comes back whole; merged into another household, its
    /// lists are matched by name (a new one made) and each item goes on its own list.
    @Test func exportAndImportCarryLists() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["--list", "Party", "add", "cake"])
        try shop.run(["lists", "add", "Camping"])
        let export = shop.folder.appendingPathComponent("export.json")
        try Data(try shop.run(["export"]).stdout.utf8).write(to: export)
        let empty = try ShopProcess()
        defer { empty.remove() }
        var outcome = try empty.run(["import", export.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(empty) == ["milk Groceries", "cake Party"])
        #expect(try empty.run(["lists"]).stdout.contains("Camping"))
        let other = try ShopProcess()
        defer { other.remove() }
        try other.run(["add", "bread"])
        try other.run(["lists", "add", "party"])
        outcome = try other.run(["import", export.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(other) == ["bread Groceries", "milk Groceries", "cake party"])
        #expect(try other.run(["lists"]).stdout.contains("Camping"))
    }

    /// An item bought off Party comes back on Party at `restock`, whatever the current list.
    @Test func restockPutsItemsBackOnTheirHomeList() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["--list", "Party", "add", "candles", "--every", "7"])
        try shop.run(["buy", "candles", "--date", "2020-01-01"])
        #expect(try placed(shop) == ["milk Groceries"])
        let outcome = try shop.run(["restock"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try placed(shop) == ["milk Groceries", "candles Party"])
    }
}
