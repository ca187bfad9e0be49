import ShopHistory
import ShopJSON
import ShopModel
import ShopRecipes
import Testing

/// The reader against the cases of the Cooklang specification's canonical tests that concern
/// ingredients and metadata (restated here as expectations; the specification's files are not copied).
@Suite struct CooklangRecipeTests {
    private typealias Expected = (name: String, quantity: String?, unit: String?, optional: Bool)

    private func ingredients(_ source: String) -> [Expected] {
        CooklangRecipe(parsing: source).ingredients.map { ($0.name, $0.quantityText, $0.unitText, $0.isOptional) }
    }

    private func expect(_ source: String, _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
        let found = ingredients(source)
        #expect(found.count == expected.count, "\(source)", sourceLocation: sourceLocation)
        for (got, want) in zip(found, expected) {
            #expect(got.name == want.name, sourceLocation: sourceLocation)
            #expect(got.quantity == want.quantity, sourceLocation: sourceLocation)
            #expect(got.unit == want.unit, sourceLocation: sourceLocation)
            #expect(got.optional == want.optional, sourceLocation: sourceLocation)
        }
    }

    @Test func plainTextHasNoIngredients() {
        expect("Add a bit of chilli\n", [])
        expect("Heat 5L of water\n", [])
        expect("knife cut about every 1/2 inches\n", [])
        expect("Message @ example{}\n", [])
        expect("Message me @ example\n", [])
        expect("Add @? thyme\n", [])
    }

    @Test func oneWordAndManyWordNames() {
        expect("@chilli cut into pieces\n", [("chilli", nil, nil, false)])
        expect("@chilli cut into pieces and @garlic\n", [("chilli", nil, nil, false), ("garlic", nil, nil, false)])
        expect("@hot chilli{3}\n", [("hot chilli", "3", nil, false)])
        expect("@hot chilli{}\n", [("hot chilli", nil, nil, false)])
        expect("@tipo 00 flour{250%g}\n", [("tipo 00 flour", "250", "g", false)])
        expect("Top with @1000 island dressing{ }\n", [("1000 island dressing", nil, nil, false)])
        expect("@5peppers\n", [("5peppers", nil, nil, false)])
        expect("Add some @🧂\n", [("🧂", nil, nil, false)])
        expect("Add some @chilli, then serve\n", [("chilli", nil, nil, false)])
        expect("Add @chilli⸫ then bake\n", [("chilli", nil, nil, false)])
        expect("Add @chilli\u{2009}then bake\n", [("chilli", nil, nil, false)])
        expect("Did you add the @salt{}?\n", [("salt", nil, nil, false)])
    }

    @Test func quantitiesAndUnits() {
        expect(
            "Add @chilli{3%items}, @ginger{10%g} and @milk{1%l}.\n",
            [("chilli", "3", "items", false), ("ginger", "10", "g", false), ("milk", "1", "l", false)])
        expect("@chilli{ 3 % items }\n", [("chilli", "3", "items", false)])
        expect("@milk{1/2%cup}\n", [("milk", "1/2", "cup", false)])
        expect("@milk{1 / 2 %cup}\n", [("milk", "1 / 2", "cup", false)])
        expect("@thyme{few%sprigs}\n", [("thyme", "few", "sprigs", false)])
        expect("@water{7 k }\n", [("water", "7 k", nil, false)])
    }

    @Test func amountsAreExactNumbersOrNone() throws {
        let recipe = CooklangRecipe(
            parsing: "@milk{1/2%cup} @milk{1 / 2 %cup} @milk{01/2%cup} @thyme{few%sprigs} @water{7 k} @salt\n")
        let amounts = try recipe.ingredients.map { try $0.checkedAmount(source: "r.cook")?.description }
        #expect(amounts == ["0.5 cups", "0.5 cups", nil, nil, nil, nil])
        // The parser keeps `01/2` and `7 k` as text, as the specification's tests say, and so they are
        // no amount to buy (SPEC section 19 amends 14), like words (`few`) and no quantity.
        let refused = recipe.ingredients.map { ingredient in
            do {
                _ = try ingredient.checkedAmount(source: "r.cook")
                return false
            } catch { return true }
        }
        #expect(refused == [false, false, false, false, false, false])
        #expect(
            try CooklangRecipe(parsing: "@lemon{2}").ingredients.first?.checkedAmount(source: "r.cook")
                == Amount(count: 2))
    }

    @Test func optionalIngredients() {
        expect("Garnish with @?fresh thyme{2%sprigs}\n", [("fresh thyme", "2", "sprigs", true)])
        expect("Top with @?chives\n", [("chives", nil, nil, true)])
        expect("Add @??thyme{}\n", [("?thyme", nil, nil, true)])
        expect(
            "Stir @parmesan{100%g} in, top with @?parmesan{50%g}\n",
            [("parmesan", "100", "g", false), ("parmesan", "50", "g", true)])
    }

    @Test func commentsHideIngredients() {
        expect("-- testing comments\n", [])
        expect("@thyme{2%sprigs} -- testing comments\nand some text\n", [("thyme", "2", "sprigs", false)])
        expect("-- testing comments\n@thyme{2%sprigs}\n", [("thyme", "2", "sprigs", false)])
        expect("Slowly add @milk{4%cup} [- TODO change @units{1} -], keep mixing\n", [("milk", "4", "cup", false)])
        expect(
            "Add @salt [- a block\nacross @lines{2}\n-] and @pepper\n",
            [("salt", nil, nil, false), ("pepper", nil, nil, false)])
        expect("-- @hidden{1}\n", [])
    }

    @Test func cookwareTimersAndRecipeReferencesAreNotIngredients() {
        expect("Fry in #frying pan{} for ~{10%minutes}\n", [])
        expect("Let it ~rest after plating\n", [])
        expect("Pour over @./Sauces/Tomato Sauce{} and @cheese{50%g}\n", [("cheese", "50", "g", false)])
    }

    @Test func frontMatterAndOldMetadata() throws {
        let recipe = CooklangRecipe(
            parsing: "---\ntitle: Pancakes\nservings: 4\ncooking time    :30 mins\n---\n@eggs{3}\n")
        #expect(recipe.title == "Pancakes")
        #expect(recipe.servings == ExactNumber(whole: 4))
        #expect(recipe.value(forKey: "cooking time") == "30 mins")
        #expect(recipe.ingredients.map(\.name) == ["eggs"])
        let old = CooklangRecipe(parsing: ">> servings: 2|4|6\n>> title: \"Soup\"\n@leek{1}\n")
        #expect(old.servings == ExactNumber(whole: 2))
        #expect(old.title == "Soup")
        // A `---` inside a line is no front matter.
        #expect(CooklangRecipe(parsing: "hello ---\nsourced: babooshka\n---\n").metadata.isEmpty)
        #expect(CooklangRecipe(parsing: "---\nservings: lots\n---\n").servings == nil)
    }

    @Test func windowsLineEndings() {
        expect("@salt{1%tsp}\r\n@pepper\r\n", [("salt", "1", "tsp", false), ("pepper", nil, nil, false)])
    }
}
