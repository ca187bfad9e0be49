import Foundation
import Testing

/// Recipes, meal plans and amounts through the real binary (SPEC section 11): what a person sees and
/// what scripts read, with every error's exit code and the data file untouched.
@Suite struct RecipeEndToEndTests {
    static let lasagne = """
        ---
        title: Lasagne
        servings: 4
        ---
        Brown @minced beef{500%g} with @onion{1} and @olive oil{2%tbsp}.
        Add @tomatoes{2%cans}, @salt and @?basil{1%bunch}. Layer with @cheese{200%g}. -- not @this
        Serve with @./Salad{}.
        """
    static let bolognese = """
        >> servings: 2
        Cook @minced beef{1/2%kg}, @onion{1/2}, @tomatoes{1%can} and @spaghetti{200%g}; season with @salt.
        """

    /// A sandbox with the two recipes in `meals/`.
    func kitchen() throws -> ShopProcess {
        let shop = try ShopProcess()
        let meals = shop.folder.appendingPathComponent("meals")
        try FileManager.default.createDirectory(at: meals, withIntermediateDirectories: true)
        try Self.lasagne.write(to: meals.appendingPathComponent("lasagne.cook"), atomically: true, encoding: .utf8)
        try Self.bolognese.write(to: meals.appendingPathComponent("Bolognese.cook"), atomically: true, encoding: .utf8)
        return shop
    }

    func path(_ shop: ShopProcess, _ name: String) -> String {
        shop.folder.appendingPathComponent("meals/" + name).path
    }

    /// `list --json` as name → amount shown (`500 g`, `3`).
    func amounts(_ shop: ShopProcess) throws -> [String: String] {
        let outcome = try shop.run(["list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        var result: [String: String] = [:]
        for item in items {
            let parts = (item["amounts"] as? [[String: Any]] ?? []).map { part in
                "\(part["quantity"]!)" + ((part["unit"] as? String).map { " " + $0 } ?? "")
            }
            result[item["name"] as! String] = parts.joined(separator: " + ")
        }
        return result
    }

    @Test func amountsOnItemsAreShownAndReadByScripts() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "flour", "-q", "1500g", "--price", "2.00"])
        try shop.ok(["add", "milk", "-q", "1.5 l"])
        try shop.ok(["add", "lemon", "-q", "1/2"])
        try shop.ok(["add", "beans", "-q", "3 cans"])
        try shop.ok(["add", "eggs", "-q", "12"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.ok(["list", "--json"]).stdout.utf8)) as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: json.map { ($0["name"] as! String, $0) })
        #expect(byName["flour"]?["quantity"] as? Double == 1.5 && byName["flour"]?["unit"] as? String == "kg")
        #expect(byName["eggs"]?["quantity"] as? Int == 12 && byName["eggs"]?["unit"] is NSNull)
        #expect(byName["lemon"]?["quantity"] as? Int == 1)
        #expect(byName["beans"]?["unit"] as? String == "can")
        let text = try shop.ok(["list"]).stdout
        #expect(text.contains("flour 1.5 kg") && text.contains("beans 3 cans") && text.contains("eggs ×12"))
        #expect(text.contains("3.00"))  // 1.5 kg at 2.00 a kg
        let csv = try shop.ok(["list", "--format", "csv"]).stdout
        #expect(csv.contains("flour,1.5 kg,") && csv.contains("eggs,12,"))
        #expect(try shop.ok(["show", "flour"]).stdout.contains("2.00 per kg, 3.00 for 1.5 kg"))
    }

    @Test func twoRecipesSharingIngredientsScaledAndTakenBackExactly() throws {
        let shop = try kitchen()
        defer { shop.remove() }
        try shop.ok(["add", "onion", "-q", "2"])
        try shop.ok(["add", "salt", "--pantry"])
        try shop.ok(["buy", "salt"])
        let before = try amounts(shop)
        let added = try shop.ok(["recipe", "add", path(shop, "lasagne.cook"), "--for", "tuesday", "--json"])
        #expect(added.stderr.contains("left out (pantry staples): salt"))
        let recipes = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [[String: Any]])
        #expect(recipes.first?["name"] as? String == "Lasagne" && recipes.first?["label"] as? String == "tuesday")
        try shop.ok(["recipe", "add", path(shop, "Bolognese.cook"), "--servings", "4"])
        var now = try amounts(shop)
        #expect(now["minced beef"] == "1.5 kg")
        #expect(now["onion"] == "4")  // 2 + 1 + 1/2 × 2
        #expect(now["tomatoes"] == "4 can")
        #expect(now["spaghetti"] == "400 g" && now["salt"] == nil && now["basil"] == nil)
        // The same recipe and label again: nothing changes (for cron).
        let bytes = shop.dataBytes()
        let again = try shop.ok(["recipe", "add", path(shop, "lasagne.cook"), "--for", "tuesday"])
        #expect(again.stderr.contains("already on the list") && shop.dataBytes() == bytes)
        try shop.ok(["recipe", "remove", "lasagne", "--for", "tuesday"])
        now = try amounts(shop)
        #expect(now["minced beef"] == "1 kg" && now["cheese"] == nil && now["onion"] == "3")
        try shop.ok(["recipe", "remove", "Bolognese"])
        #expect(try amounts(shop) == before)
        #expect(try shop.ok(["recipes"]).stdout.contains("No recipes"))
        // Undo brings the last removal back.
        try shop.ok(["undo"])
        #expect(try amounts(shop)["spaghetti"] == "400 g")
    }

    @Test func buyingSettlesAndOptionalIngredientsComeWithOptional() throws {
        let shop = try kitchen()
        defer { shop.remove() }
        try shop.ok(["recipe", "add", path(shop, "lasagne.cook"), "--optional", "--scale", "1/2"])
        #expect(try amounts(shop)["basil"] == "0.5 bunch" && amounts(shop)["minced beef"] == "250 g")
        try shop.ok(["buy", "minced beef"])
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.ok(["recipes", "--json"]).stdout.utf8)) as? [[String: Any]]
        )
        let items = (listed.first?["added"] as? [[String: Any]] ?? []).map { $0["item"] as! String }
        #expect(!items.contains("minced beef") && items.contains("cheese"))
        try shop.ok(["recipe", "remove", "lasagne"])
        #expect(try amounts(shop).isEmpty)
        #expect(try shop.ok(["purchased", "--json"]).stdout.contains("minced beef"))
    }

    @Test func anyRecipeAddsAndRemovesThenRemovingAllRestoreTheList() throws {
        let shop = try kitchen()
        defer { shop.remove() }
        try shop.ok(["add", "onion", "tomatoes", "-q", "2"])
        let before = try amounts(shop)
        var random = SeededRandom(seed: 1119)
        var bought = Set<String>()
        var added: [[String]] = []
        for _ in 0..<14 {
            switch random.next(10) {
            case 0..<6:
                let file = ["lasagne.cook", "Bolognese.cook"][random.next(2)]
                let label = ["mon", "tue", "wed"][random.next(3)]
                try shop.ok(["recipe", "add", path(shop, file), "--for", label, "--scale", "\(1 + random.next(3))"])
                added.append([file == "lasagne.cook" ? "Lasagne" : "Bolognese", label])
            case 6..<9:
                guard !added.isEmpty else { continue }
                let which = added.remove(at: random.next(added.count))
                _ = try shop.run(["recipe", "remove", which[0], "--for", which[1]])
            default:
                let onList = try amounts(shop).keys.sorted()
                guard !onList.isEmpty else { continue }
                let name = onList[random.next(onList.count)]
                try shop.ok(["buy", name])
                bought.insert(name)
            }
        }
        for recipe in added { _ = try shop.run(["recipe", "remove", recipe[0], "--for", recipe[1]]) }
        #expect(try amounts(shop) == before.filter { !bought.contains($0.key) })
    }

    @Test func aPlanRunTwiceEditedAndReRun() throws {
        let shop = try kitchen()
        defer { shop.remove() }
        let plan = path(shop, ".shopping-list")
        try """
        -- this week
        ./lasagne{2}
          ./Bolognese
        olive oil{500%ml}
        lemons{3}
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        try shop.ok(["add", "lemons", "-q", "2"])
        let first = try shop.ok(["plan", plan])
        #expect(first.stderr.contains("4 added"))
        var now = try amounts(shop)
        #expect(now["minced beef"] == "1.5 kg" && now["lemons"] == "5" && now["olive oil"] == "559.147 ml")
        let bytes = shop.dataBytes()
        let second = try shop.ok(["plan", plan])
        #expect(second.stderr.contains("nothing changed") && shop.dataBytes() == bytes)
        // The bolognese goes, the lemons become limes: exactly those are taken back.
        try """
        ./lasagne{2}
        olive oil{500%ml}
        limes{2}
        """.write(toFile: plan, atomically: true, encoding: .utf8)
        let dry = try shop.ok(["plan", plan, "--dry-run"])
        #expect(dry.stderr.contains("would change") && shop.dataBytes() == bytes)
        try shop.ok(["plan", plan])
        now = try amounts(shop)
        #expect(now["minced beef"] == "1 kg" && now["spaghetti"] == nil && now["lemons"] == "2" && now["limes"] == "2")
        let recipes = try shop.ok(["recipes", "--json"]).stdout
        #expect(recipes.contains("\"plan\" : \"") && recipes.contains(".shopping-list\""))
    }

    @Test func everyErrorHasItsExitCodeAndChangesNothing() throws {
        let shop = try kitchen()
        defer { shop.remove() }
        try shop.ok(["add", "milk"])
        let lasagne = path(shop, "lasagne.cook")
        try shop.expectFailure(["recipe", "add", path(shop, "missing.cook")], status: 74, mentioning: "missing.cook")
        try shop.expectFailure(["recipe", "add", lasagne, "--scale", "lots"], status: 64, mentioning: "'lots'")
        try shop.expectFailure(["recipe", "add", lasagne, "--servings", "many"], status: 64, mentioning: "'many'")
        try shop.expectFailure(["recipe", "add", lasagne, "--scale", "0"], status: 1, mentioning: "not above zero")
        try shop.expectFailure(["recipe", "add", lasagne, "--servings", "-2"], status: 1, mentioning: "not above zero")
        try shop.expectFailure(
            ["recipe", "add", lasagne, "--scale", "2", "--servings", "2"], status: 64, mentioning: "together")
        try shop.expectFailure(
            ["recipe", "add", lasagne, "--scale", "100000"], status: 1, mentioning: "invalid amount")
        try shop.expectFailure(
            ["recipe", "add", lasagne, path(shop, "nope.cook")], status: 74, mentioning: "nope.cook")
        try shop.expectFailure(["recipe", "remove", "nothing"], status: 1, mentioning: "no recipe")
        try shop.expectFailure(
            ["plan", path(shop, "none.shopping-list")], status: 74, mentioning: "none.shopping-list")
        let bad = path(shop, "bad.shopping-list")
        try "   ./lasagne\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try shop.expectFailure(["plan", bad], status: 65, mentioning: "bad.shopping-list")
        try "./gone\n".write(toFile: bad, atomically: true, encoding: .utf8)
        try shop.expectFailure(["plan", bad], status: 74, mentioning: "gone.cook")
        try shop.expectFailure(["add", "flour", "-q", "10000 kg"], status: 1, mentioning: "invalid amount")
        try shop.expectFailure(["add", "flour", "-q", "1.2345 kg"], status: 1, mentioning: "invalid amount")
        try shop.expectFailure(["add", "flour", "-q", "0 g"], status: 1, mentioning: "invalid amount")
        try shop.expectFailure(["add", "flour", "-q", "kg"], status: 64, mentioning: "'kg'")
        // A recipe whose amount would take an item past the limits (9999 kg) changes nothing.
        try shop.ok(["add", "flour", "-q", "9000 kg"])
        try "Knead @flour{1000%kg}.".write(toFile: path(shop, "big.cook"), atomically: true, encoding: .utf8)
        try shop.expectFailure(["recipe", "add", path(shop, "big.cook")], status: 1, mentioning: "invalid amount")
        try shop.expectFailure(
            ["recipe", "add", path(shop, "big.cook"), "--servings", "2"], status: 1, mentioning: "servings")
        // A recipe with nothing to buy says so and exits 0.
        try "Season with @salt.".write(toFile: path(shop, "salt.cook"), atomically: true, encoding: .utf8)
        try shop.ok(["add", "salt", "--pantry"])
        let bytes = shop.dataBytes()
        let nothing = try shop.ok(["recipe", "add", path(shop, "salt.cook")])
        #expect(nothing.stderr.contains("nothing to buy") && shop.dataBytes() == bytes)
    }

    @Test func aVersionThreeFileReadsExactlyAsBefore() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ShopFormatsTests/Fixtures/version3")
        try FileManager.default.createDirectory(
            at: shop.dataFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("shop.json"), to: shop.dataFile)
        for (command, file) in [("list", "list.json"), ("purchased", "purchased.json")] {
            let now = try #require(
                try JSONSerialization.jsonObject(with: Data(shop.ok([command, "--json"]).stdout.utf8))
                    as? [[String: Any]])
            let then = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent(file)))
                    as? [[String: Any]])
            let added = [
                "amounts", "pantry", "unit", "lineTotal", "list", "pack", "packs", "priceUnit", "stock", "keeps",
                "keepsOpen",
                "minStock",
            ]
            let stripped = now.map { $0.filter { !added.contains($0.key) } }
            #expect(NSArray(array: stripped).isEqual(to: then), "\(command)")
        }
    }
}

/// A small seeded generator for reproducible command sequences.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
