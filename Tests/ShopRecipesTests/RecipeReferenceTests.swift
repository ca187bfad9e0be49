import ShopModel
import ShopRecipes
import Testing

/// `recipe remove NAME [--for LABEL]` resolves NAME as every reference is (``NameResolver``), and leaves
/// the wording of `--for` to the command line.
@Suite struct RecipeReferenceTests {
    static let salt = CooklangRecipe(parsing: "Season with @salt.")

    func list(_ recipes: [(file: String, label: String?)]) throws -> ShoppingList {
        var list = ShoppingList()
        _ = try list.addRecipes(
            try recipes.map {
                try RecipeRequest(recipe: Self.salt, fileName: $0.file, scale: .factor(.one), label: $0.label)
            })
        return list
    }

    @Test func anEmptyNameMeansNoRecipe() throws {
        // An empty name is a prefix of every name: with one recipe on the list, it used to mean that one.
        let list = try list([("stew.cook", nil)])
        #expect(throws: RecipeError.core(.notFound(" ", kind: .recipe, candidates: ["stew"]))) {
            try list.recipes(named: " ", label: nil)
        }
    }

    @Test func exactNamePrefixAndAmbiguity() throws {
        let list = try list([("stew.cook", nil), ("Stew pot.cook", nil), ("chili.cook", "monday")])
        #expect(try list.recipes(named: "STEW", label: nil).map(\.name) == ["stew"])
        #expect(try list.recipes(named: "chi", label: "MONDAY").map(\.name) == ["chili"])
        #expect(throws: RecipeError.core(.ambiguous("st", kind: .recipe, candidates: ["stew", "Stew pot"]))) {
            try list.recipes(named: "st", label: nil)
        }
        // Not found: the hint lists what is on the list, not only near names.
        #expect(throws: RecipeError.core(.notFound("soup", kind: .recipe, candidates: ["chili", "stew", "Stew pot"]))) {
            try list.recipes(named: "soup", label: nil)
        }
    }

    @Test func aLabelTheRecipeDoesNotHaveIsAValueNotASentence() throws {
        let list = try list([("chili.cook", "monday"), ("chili.cook", nil)])
        #expect(throws: RecipeError.recipeLabelNotFound(recipe: "chili", label: "friday", labels: [nil, "monday"])) {
            try list.recipes(named: "chili", label: "friday")
        }
    }
}
