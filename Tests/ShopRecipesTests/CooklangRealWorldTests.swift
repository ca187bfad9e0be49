import ShopHistory
import ShopJSON
import ShopModel
import ShopRecipes
import ShopTestSupport
import Testing

/// Shapes found in real recipe collections (written here for the purpose, none copied), read as the
/// official Cooklang parser reads them (SPEC section 14), down to what goes on the list.
@Suite struct CooklangRealWorldTests {
    /// What a recipe puts on the list: ingredient name → amount as shown (`""` for none).
    private func needs(_ source: String, scale: RecipeScale = .factor(.one)) throws -> [String: String] {
        var list = ShoppingList()
        let request = try RecipeRequest(recipe: CooklangRecipe(parsing: source), fileName: "r.cook", scale: scale)
        _ = try list.addRecipes([request])
        var result: [String: String] = [:]
        for need in list.recipeNeeds {
            let name = try #require(list.item(need.itemID)).name
            result[name] = try #require(list.item(need.itemID)).recipeNeed.description
        }
        for item in list.items where result[item.name] == nil { result[item.name] = "" }
        return result
    }

    @Test func aCountThenAUnitAndAUnitThenACount() throws {
        let countFirst = "Crush @tumeric root{3} and grate @ginger{2%cm}.\nAdd more @tumeric root{6%cm}.\n"
        #expect(try needs(countFirst)["tumeric root"] == "×3 + 6 cm")
        let unitFirst = "Grate @tumeric root{6%cm}, then crush @tumeric root{3}.\n"
        #expect(try needs(unitFirst)["tumeric root"] == "6 cm + ×3")
        #expect(try needs("Pour @milk{2} then @milk{3%cups}.")["milk"] == "×2 + 3 cups")
        #expect(try needs("Zest @lemon{1%tbsp} and squeeze @lemon{1}.")["lemon"] == "1 tbsp + ×1")
    }

    @Test func fixedAmountsAreReadAndNeverScaled() throws {
        let recipe = "---\nservings: 2\n---\nSeason with @salt{=1%tsp} and add @rice{200%g}.\n"
        #expect(try needs(recipe)["salt"] == "1 tsp")
        let doubled = try needs(recipe, scale: .servings(ExactNumber(whole: 4)))
        #expect(doubled["salt"] == "1 tsp")
        #expect(doubled["rice"] == "400 g")
        #expect(try needs("Add @pepper{= 2 %pinch}.")["pepper"] == "2 pinches")
    }

    @Test func ingredientsInNotesAreText() throws {
        let recipe = """
            Fry @yellow onion{1} in @butter{20%g}.
            > Alternatively, add @yellow onion{1} and @garlic{2%cloves} for more taste.
            >> servings: 2
            Serve.
            """
        let found = try needs(recipe)
        #expect(found["yellow onion"] == "1")
        #expect(found["garlic"] == nil)
        #expect(CooklangRecipe(parsing: recipe).servings == ExactNumber(whole: 2))
    }

    @Test func capitalTIsATablespoonAndSmallTATeaspoon() throws {
        let found = try needs("Mix @sugar{1%T} with @sugar{1%t} and @oil{2%TBSP} and @oil{1%Tbsp}.")
        #expect(found["sugar"] == "1.333 tbsp")
        #expect(found["oil"] == "3 tbsp")
        #expect(MeasureUnit(parsing: "T")?.symbol == "tbsp")
        #expect(MeasureUnit(parsing: "t")?.symbol == "tsp")
        #expect(MeasureUnit(parsing: "Cups")?.symbol == "cup")
    }

    @Test func frenchUnitsAndPluralsStayAsWritten() throws {
        let recipe = """
            Ajouter @ail{2%gousses}, puis @ail{1%gousse}.
            Ajouter @thym{2%branches} et @thym{1%branche}.
            Saler avec @sel{1%gros} et @sel{2%gros}.
            Ajouter @persil{1%bouquet}.
            """
        let found = try needs(recipe)
        #expect(found["ail"] == "3 gousses")
        #expect(found["thym"] == "3 branches")
        #expect(found["sel"] == "3 gros")
        #expect(found["persil"] == "1 bouquet")
        // English word units of the table still meet their plurals.
        #expect(
            try needs("@parsley{1%bunch} @parsley{2%bunches} @bay{2%leaves} @bay{1%leaf}")["parsley"] == "3 bunches")
    }

    @Test func frontMatterThatIsNotValidYAMLGivesNoMetadataButTheSteps() throws {
        let recipe = """
            ---
            title: Pasta: the best
            tags: [quick
            servings: 4
            ---
            Boil @pasta{500%g} in @water{2%l}.
            """
        let parsed = CooklangRecipe(parsing: recipe)
        #expect(parsed.title == nil)
        #expect(parsed.servings == nil)
        #expect(parsed.ingredients.map(\.name) == ["pasta", "water"])
        let valid = CooklangRecipe(parsing: "---\ntitle: \"Pasta\"\nservings: 4\ntags:\n  - quick\n---\n@pasta{500%g}")
        #expect(valid.title == "Pasta" && valid.servings == ExactNumber(whole: 4))
    }

    @Test func cookwareWithoutANameDoesNotSwallowIngredients() throws {
        let found = try needs("Put @flour{200%g} in a # and whisk with @olive oil{2%tbsp} in the #{} then #.\n")
        #expect(found["flour"] == "200 g")
        #expect(found["olive oil"] == "2 tbsp")
        #expect(found.count == 2)
    }

    @Test func aQuantityTheOfficialParserReadsAsANumberMustBeAboveZero() throws {
        for quantity in ["1000000000000000000000000000000%kg", "-1%kg", "1/0", "0", "1e30", "-0", "0.0", "2/0%cup"] {
            #expect(throws: RecipeError.self, "\(quantity)") { try needs("@flour{\(quantity)}") }
        }
        #expect(
            throws: RecipeError.invalidIngredientQuantity(
                source: "r.cook: @flour", quantity: "1/0", problem: .notANumber)
        ) {
            try needs("@flour{1/0}")
        }
        #expect(
            throws: RecipeError.invalidIngredientQuantity(source: "r.cook: @flour", quantity: "-1", problem: .negative)
        ) {
            try needs("@flour{-1%kg}")
        }
        #expect(try needs("@thyme{few%sprigs} @salt{a pinch}") == ["thyme": "", "salt": ""])
        #expect(try needs("@flour{+2%kg}")["flour"] == "2 kg")
    }

    /// SPEC 23 (19 amends 14): the official parser reads a range as text, so shop does too: the item goes on the
    /// list with no amount, and a range that is no amount to buy (`3-2`, `0-2`) is no error either.
    @Test func aRangeIsTextAsTheOfficialParserReadsIt() throws {
        #expect(try needs("@eggs{2-3} @flour{1/2 - 3/4%cup}") == ["eggs": "", "flour": ""])
        #expect(try needs("@eggs{3-2} @milk{0-2%l}") == ["eggs": "", "milk": ""])
        #expect(try needs("@eggs{-2-3}") == ["eggs": ""])
    }

    /// SPEC 19 amends 14: what the official parser reads as text is text, with no amount; the quantities
    /// of real recipes that the earlier rule refused.
    @Test func aQuantityTheOfficialParserReadsAsTextIsNoAmount() throws {
        let texts = [
            "01/2", "7 k", "1½", "25g", "1 cup", "2tsp", "4 1/2 to 5", "15-ounce can", "2 large", "1 à 2", "2*15", "2-",
            "2-3-4", "1 . 5", "14.", "1 000", "007",
        ]
        for quantity in texts {
            #expect(try needs("@flour{\(quantity)}") == ["flour": ""], "\(quantity)")
        }
        #expect(try needs("@flour{0.03%kg} @sugar{.5%cup} @eggs{1 1/2} @salt{2*}")["flour"] == "0.03 kg")
        #expect(try needs("@flour{1 1/2%kg}")["flour"] == "1.5 kg")
        #expect(try needs("@salt{2*%tsp}")["salt"] == "2 tsp")
    }

    @Test func unitsFollowRuleOne() throws {
        #expect(throws: RecipeError.core(.invalidUnit("x\u{1b}]0;PWN\u{07}", problem: .controlCharacter))) {
            try needs("@flour{2%x\u{1b}]0;PWN\u{07}}")
        }
        let long = String(repeating: "u", count: 61)
        #expect(throws: RecipeError.core(.invalidUnit(long, problem: .tooLong(length: 61)))) {
            try needs("@flour{2%\(long)}")
        }
        #expect(throws: RecipeError.core(.invalidUnit("a+b", problem: .plusSign))) { try needs("@flour{2%a+b}") }
    }
}
