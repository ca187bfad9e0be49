import Testing

@testable import ShopKit

/// The Cooklang file written for a web recipe reads back through shop's own Cooklang reader with exactly
/// the ingredients, amounts and units the lines gave (SPEC section 19).
@Suite struct CooklangWriterTests {
    private let recipe = WebRecipe(
        title: "Tom's \"best\" soup", yield: "4 servings", prepMinutes: 10,
        ingredientLines: [
            "2 large onions, finely chopped", "1/3 cup cream", "salt to taste", "For the topping:",
            "1 (14 oz) can beans",
            "2 cups olive oil", "1 tbsp oil",
        ],
        steps: [
            .section("Base"), .text("Fry the onions in the olive oil; add oil."),
            .text("> quote @not #this ~that -- or [- this -]"),
            .text("=== not a section"),
        ])

    @Test func readsBackWithTheSameIngredients() throws {
        let lines = recipe.ingredientLines.map(IngredientLine.init(parsing:))
        let text = CooklangWriter.text(for: recipe, lines: lines, source: "https://example.com/soup")
        let parsed = CooklangRecipe(parsing: text)
        #expect(parsed.title == "Tom's \\\"best\\\" soup" || parsed.title == "Tom's \"best\" soup")
        #expect(parsed.servings == ExactNumber(whole: 4))
        #expect(parsed.value(forKey: "source") == "https://example.com/soup")
        let wanted = lines.filter { !$0.isHeading }
        #expect(parsed.ingredients.map(\.name).sorted() == wanted.compactMap(\.name).sorted())
        for line in wanted {
            let ingredient = try #require(parsed.ingredients.first { $0.name == line.name })
            let amount = try ingredient.checkedAmount(source: "soup")
            #expect(amount?.parts.first?.quantity == line.quantity, "\(line.line)")
            #expect(amount.map { $0.parts.first!.unit.isCount ? nil : $0.parts.first!.unit.symbol } ?? nil == line.unit)
        }
        // Marked where a step first names it; `olive oil` before `oil`, each once.
        #expect(text.contains("Fry the @onions{2}(large, finely chopped) in the @olive oil{2%cup}; add @oil{1%tbsp}."))
        #expect(text.contains("== topping ==") || text.contains("== For the topping =="))
        #expect(text.contains("@cream{1/3%cup}"))
        #expect(!text.contains("@not") && !text.contains("#this") && !text.contains("-- or"))
        #expect(!text.contains("\n=== not"))
    }

    @Test func fileNamesStayInTheFolder() {
        #expect(ImportedRecipe.fileStem(for: "../../etc/passwd") == "etc passwd")
        #expect(ImportedRecipe.fileStem(for: "  .hidden\u{0}name ") == "hidden name")
        #expect(ImportedRecipe.fileStem(for: "/") == "recipe")
        #expect(ImportedRecipe.fileStem(for: String(repeating: "a", count: 300)).count == 80)
        #expect(ImportedRecipe.fileStem(for: "Crème brûlée: the best?") == "Crème brûlée the best")
    }

    @Test func severalRecipesOfOneTitleAreNumbered() throws {
        let one = #"{"@type": "Recipe", "name": "Cake", "recipeIngredient": ["1 egg"]}"#
        let page = "<script type=\"application/ld+json\">[\(one), \(one), \(one)]</script>"
        let names = try ImportedRecipe.recipes(inPage: Array(page.utf8), source: nil, all: true).map(\.fileName)
        #expect(names == ["Cake.cook", "Cake-2.cook", "Cake-3.cook"])
    }
}
