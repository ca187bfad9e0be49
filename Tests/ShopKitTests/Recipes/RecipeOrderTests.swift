import Testing

@testable import ShopKit

/// The order of recipes on the list follows rule 7's code-point order, so two spellings of one name
/// (NFC and NFD "café") never tie, and the data file and `shop recipes` read the same on every device.
@Suite struct RecipeOrderTests {
    static let salt = CooklangRecipe(parsing: "Season with @salt.")
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    func list(_ recipes: [(file: String, label: String?)]) throws -> ShoppingList {
        var list = ShoppingList()
        _ = try list.addRecipes(
            try recipes.map {
                try RecipeRequest(recipe: Self.salt, fileName: $0.file, scale: .factor(.one), label: $0.label)
            })
        return list
    }

    @Test func nfcAndNFDNamesDoNotTieOnTheLabel() throws {
        // In code points NFD "cafe\u{301}" comes first ("e" is below "é"), whatever the labels say.
        let list = try list([(Self.nfc + ".cook", "a"), (Self.nfd + ".cook", "b")])
        #expect(
            list.recipesInNameOrder.map { Array($0.name.unicodeScalars) } == [
                Array(Self.nfd.unicodeScalars), Array(Self.nfc.unicodeScalars),
            ])
    }

    @Test func namesSortByCodePointsNotByCanonicalForm() throws {
        // Swift's `<` compares the canonical form "café" and puts "caff" first; rule 7 compares what is written.
        let list = try list([("caff.cook", nil), (Self.nfd + ".cook", nil)])
        #expect(
            list.recipesInNameOrder.map { Array($0.name.unicodeScalars) } == [
                Array(Self.nfd.unicodeScalars), Array("caff".unicodeScalars),
            ])
    }
}
