import Foundation
import ShopFormatsTests
import ShopModelTests
import ShopRecipesTests
import ShopSharingTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopKit
@testable import ShopModel
@testable import ShopRecipes

/// `recipe add`, `recipe remove`, buying and `plan` on the list value (SPEC section 11.2).
@Suite struct RecipeListTests {
    static let lasagne = CooklangRecipe(
        parsing: """
            ---
            title: Lasagne
            servings: 4
            ---
            Brown @minced beef{500%g} with @onion{1} and @olive oil{2%tbsp}. Add @tomatoes{2%cans}, @salt
            and @?basil{1%bunch}. Layer with @cheese{200%g} and more @cheese{0.1%kg}.
            """)
    static let bolognese = CooklangRecipe(
        parsing: """
            >> servings: 2
            Cook @minced beef{1/2%lb}, @onion{1/2}, @tomatoes{1%can} and @spaghetti{200%g}.
            """)

    func request(
        _ recipe: CooklangRecipe, _ file: String, scale: RecipeScale = .factor(.one), label: String? = nil
    ) throws -> RecipeRequest {
        try RecipeRequest(recipe: recipe, fileName: file, scale: scale, label: label)
    }

    /// What the list shows: each item on it with its amount.
    func shown(_ list: ShoppingList) -> [String: String] {
        Dictionary(uniqueKeysWithValues: list.items.filter(\.onList).map { ($0.name, $0.amount.description) })
    }

    @Test func twoRecipesSharingIngredientsAddUpExactly() throws {
        var list = ShoppingList()
        _ = try list.add(["onion"], applying: ItemChanges(quantity: 2))
        let outcomes = try list.addRecipes([
            try request(Self.lasagne, "lasagne.cook", label: "tuesday"), try request(Self.bolognese, "bolognese.cook"),
        ])
        #expect(outcomes.map(\.kind) == [.added, .added])
        #expect(outcomes[0].recipe.name == "Lasagne" && outcomes[1].recipe.name == "bolognese")
        let items = shown(list)
        // 500 g + 1/2 lb (226.796185 g) stays in grams, exactly.
        #expect(items["minced beef"] == "726.796 g")
        #expect(
            list.item(named: "minced beef")?.amount.parts.first?.quantity
                == ExactNumber(parsing: "726.796185", maximumFractionDigits: 6))
        // 2 (the person's) + 1 + 1/2, shown rounded up.
        #expect(items["onion"] == "4")
        #expect(items["tomatoes"] == "3 cans")
        #expect(items["cheese"] == "300 g")
        #expect(items["salt"] == "1")
        #expect(items["basil"] == nil)  // optional, left out
        #expect(list.item(named: "spaghetti")?.recipesOnly == true)
        #expect(list.item(named: "onion")?.recipesOnly == false)
    }

    @Test func scalingByServingsOrFactor() throws {
        var list = ShoppingList()
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook", scale: .servings(ExactNumber(whole: 6)))])
        #expect(shown(list)["minced beef"] == "750 g")
        #expect(shown(list)["olive oil"] == "3 tbsp")
        var other = ShoppingList()
        _ = try other.addRecipes([try request(Self.lasagne, "l.cook", scale: .factor(ExactNumber(whole: 4)))])
        #expect(shown(other)["minced beef"] == "2 kg")
        #expect(throws: RecipeError.self) {
            try request(CooklangRecipe(parsing: "@salt{1%g}"), "x.cook", scale: .servings(.one))
        }
        #expect(throws: RecipeError.core(.invalidAmount("minced beef 500 g", problem: .tooLarge))) {
            try request(Self.lasagne, "l.cook", scale: .factor(ExactNumber(whole: 100_000)))
        }
    }

    @Test func addingTheSameRecipeAndLabelAgainChangesNothing() throws {
        var list = ShoppingList()
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook", label: "tuesday")])
        let once = list
        let again = try list.addRecipes([try request(Self.lasagne, "l.cook", label: "Tuesday")])
        #expect(again.map(\.kind) == [.alreadyOnList] && list == once)
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook", label: "friday")])
        #expect(shown(list)["minced beef"] == "1 kg")
    }

    @Test func removalRestoresTheListExactlyAndKeepsWhatThePersonPut() throws {
        var list = ShoppingList()
        _ = try list.add(["onion", "cheese"], applying: ItemChanges(quantity: try Amount(parsing: "100 g")))
        let before = shown(list)
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook"), try request(Self.bolognese, "bolognese.cook")])
        let removed = list.removeRecipes(try list.recipes(named: "lasagne", label: nil).map(\.id))
        #expect(
            removed.count == 1 && removed[0].leftList.map { list.item($0)!.name }.sorted() == ["olive oil", "salt"])
        _ = list.removeRecipes(try list.recipes(named: "bolognese", label: nil).map(\.id))
        #expect(shown(list) == before)
        #expect(list.recipesInNameOrder.isEmpty && list.recipeNeeds.isEmpty)
    }

    /// What `recipe remove` took back is in item name order, as `shop recipes` lists it, whatever order the
    /// records happen to be kept in (it was the order of a hashed dictionary, different on every run).
    @Test func removalReportsNeedsInNameOrder() throws {
        var list = ShoppingList()
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook")])
        let removed = list.removeRecipes(try list.recipes(named: "lasagne", label: nil).map(\.id))
        let names = try #require(removed.first).needs.map { list.item($0.itemID)!.name }
        #expect(names == ["cheese", "minced beef", "olive oil", "onion", "salt", "tomatoes"])
    }

    @Test func pantryStaplesStayOffTheList() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        _ = try list.add(["salt", "olive oil"], applying: ItemChanges(pantry: true))
        _ = try list.buy([list.item(named: "salt")!.id, list.item(named: "olive oil")!.id], at: Date(), log: &log)
        let outcome = try list.addRecipes([try request(Self.lasagne, "l.cook")])[0]
        #expect(outcome.pantry.map { list.item($0)!.name } == ["olive oil", "salt"])
        #expect(shown(list)["salt"] == nil && shown(list)["olive oil"] == nil)
        var pantryOnly = ShoppingList()
        _ = try pantryOnly.add(["salt"], applying: ItemChanges(pantry: true))
        let before = pantryOnly
        let nothing = try pantryOnly.addRecipes([try request(CooklangRecipe(parsing: "@salt{}"), "s.cook")])
        #expect(nothing.map(\.kind) == [.nothingToBuy] && pantryOnly == before)
    }

    @Test func buyingSettlesWhatRecipesAdded() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        _ = try list.addRecipes([try request(Self.lasagne, "l.cook")])
        let beef = list.item(named: "minced beef")!.id
        _ = try list.buy([beef], at: Date(), log: &log)
        #expect(list.item(beef)?.onList == false && list.item(beef)?.recipeNeed.isEmpty == true)
        // Removing the recipe now takes back only what is not bought; the bought item stays bought.
        _ = list.removeRecipes(list.recipesInNameOrder.map(\.id))
        #expect(list.item(beef)?.onList == false && list.item(beef)?.dateLastPurchased != nil)
        #expect(shown(list).isEmpty)
    }

    @Test func aPlanRunTwiceChangesNothingAndAnEditTakesBackExactly() throws {
        var list = ShoppingList()
        let week = [
            try request(Self.lasagne, "l.cook"), try request(Self.bolognese, "bolognese.cook"),
            RecipeRequest(name: "lemons", ingredients: [.init(name: "lemons", amount: 3)]),
        ].enumerated().map { index, request in
            var request = request
            request.plan = "~/meals/.shopping-list"
            request.entry = "line \(index)"
            return request
        }
        let first = try list.applyPlan("~/meals/.shopping-list", requests: week)
        #expect(first.added.count == 3 && !first.changedNothing)
        let once = list
        let second = try list.applyPlan("~/meals/.shopping-list", requests: week)
        #expect(second.changedNothing && list == once)
        // The plan loses the bolognese: exactly its amounts go.
        let edited = try list.applyPlan("~/meals/.shopping-list", requests: [week[0], week[2]])
        #expect(edited.removed.map(\.recipe.name) == ["bolognese"])
        var expected = ShoppingList()
        _ = try expected.addRecipes([try request(Self.lasagne, "l.cook")])
        _ = try expected.add(["lemons"], applying: ItemChanges(quantity: 3))
        #expect(shown(list) == shown(expected))
    }

    @Test func anyAddsAndRemovesThenRemovingAllLeavesTheListAsItWas() throws {
        var log = PurchaseLog()
        var random = SeededGenerator(seed: 19)
        let recipes = [
            Self.lasagne, Self.bolognese, CooklangRecipe(parsing: "@onion{3} @salt @milk{1%cup} @milk{200%ml}"),
        ]
        for _ in 0..<40 {
            var list = ShoppingList()
            _ = try list.add(["onion", "tomatoes"], applying: ItemChanges(quantity: try Amount(parsing: "2 cans")))
            _ = try list.add(["milk"], applying: ItemChanges(quantity: 1))
            let before = shown(list)
            var bought = Set<String>()
            for _ in 0..<12 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let recipe = Int.random(in: 0..<recipes.count, using: &random)
                    let label = ["mon", "tue", nil].randomElement(using: &random)!
                    let factor = ExactNumber(numerator: Int128(Int.random(in: 1...6, using: &random)), denominator: 2)!
                    _ = try list.addRecipes([
                        try request(recipes[recipe], "r\(recipe).cook", scale: .factor(factor), label: label)
                    ])
                case 6..<9:
                    if let recipe = list.recipesInNameOrder.randomElement(using: &random) {
                        _ = list.removeRecipes([recipe.id])
                    }
                default:
                    if let item = list.items.filter(\.onList).randomElement(using: &random) {
                        bought.insert(item.name)
                        _ = try list.buy([item.id], at: Date(), log: &log)
                    }
                }
            }
            _ = list.removeRecipes(list.recipesInNameOrder.map(\.id))
            #expect(list.recipeNeeds.isEmpty)
            #expect(shown(list) == before.filter { !bought.contains($0.key) })
        }
    }

    @Test func recipesRoundTripThroughTheDataFile() throws {
        var list = ShoppingList()
        _ = try list.addRecipes([
            try request(Self.lasagne, "l.cook", label: "tue"), try request(Self.bolognese, "bolognese.cook"),
        ])
        list.stampChanges(since: ShoppingList(), at: Date(timeIntervalSince1970: 1_800_000_000))
        let bytes = DataFileCodec.encode(list)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains("\"version\" : 12") && text.contains("\"recipeNeeds\" : [") && text.contains("\"0.5 lb\""))
        let decoded = try DataFileCodec.decode(bytes, path: "x")
        #expect(decoded == list)
        #expect(shown(decoded) == shown(list))
    }
}
