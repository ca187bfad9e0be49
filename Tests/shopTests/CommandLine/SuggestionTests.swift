import ShopArguments
import Testing

@testable import shop

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("a", "", 1), ("kitten", "sitting", 3), ("--quantty", "--quantity", 1), ("abc", "abc", 0),
        ("flaw", "lawn", 2),
    ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(ParserConventions.shop.editDistance(a, b) == distance)
        #expect(ParserConventions.shop.editDistance(b, a) == distance)
    }

    @Test func closest() {
        let commands = CommandTable.root.visibleSubcommands.map(\.name)
        let distance = ParserConventions.shop.editDistance
        #expect(Suggestion.closest(to: "ad", among: commands, distance: distance) == "add")
        #expect(Suggestion.closest(to: "unbuyy", among: commands, distance: distance) == "unbuy")
        #expect(Suggestion.closest(to: "loc", among: commands, distance: distance) == "locations")
        #expect(Suggestion.closest(to: "x", among: commands, distance: distance) == nil)
        #expect(Suggestion.closest(to: "zzzzzz", among: commands, distance: distance) == nil)
        #expect(Suggestion.closest(to: "-x", among: ["-q", "-l"], distance: distance) == nil)
    }
}
