import ShopJSON
import ShopModel
import ShopRecipes
import Testing

/// The order of recipes on the list follows rule 7's order by the folded key, then the name as written in
/// code points, so the data file and `shop recipes` read the same on every device. Since SPEC 20 two
/// spellings of one name (NFC and NFD "café") have one key: they are one name.
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

    @Test func nfcAndNFDNamesAreOneNameOrderedByTheirLabels() throws {
        // One key for both spellings: the labels decide, either way round.
        let list = try list([(Self.nfc + ".cook", "a"), (Self.nfd + ".cook", "b")])
        #expect(
            list.recipesInNameOrder.map { Array($0.name.unicodeScalars) } == [
                Array(Self.nfc.unicodeScalars), Array(Self.nfd.unicodeScalars),
            ])
        let swapped = try self.list([(Self.nfc + ".cook", "b"), (Self.nfd + ".cook", "a")])
        #expect(
            swapped.recipesInNameOrder.map { Array($0.name.unicodeScalars) } == [
                Array(Self.nfd.unicodeScalars), Array(Self.nfc.unicodeScalars),
            ])
    }

    @Test func namesSortByCodePointsNotByCanonicalForm() throws {
        // The key is composed ("café" with U+00E9, after "caff" in code points) however the name is written.
        let list = try list([("caff.cook", nil), (Self.nfd + ".cook", nil)])
        #expect(
            list.recipesInNameOrder.map { Array($0.name.unicodeScalars) } == [
                Array("caff".unicodeScalars), Array(Self.nfd.unicodeScalars),
            ])
    }
}
