import Testing

@testable import shop

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("a", "", 1), ("kitten", "sitting", 3), ("--quantty", "--quantity", 1), ("abc", "abc", 0),
        ("flaw", "lawn", 2),
    ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestion.editDistance(a, b) == distance)
        #expect(Suggestion.editDistance(b, a) == distance)
    }

    @Test func closest() {
        let commands = CommandTable.root.visibleSubcommands.map(\.name)
        #expect(Suggestion.closest(to: "ad", among: commands) == "add")
        #expect(Suggestion.closest(to: "unbuyy", among: commands) == "unbuy")
        #expect(Suggestion.closest(to: "loc", among: commands) == "locations")
        #expect(Suggestion.closest(to: "x", among: commands) == nil)
        #expect(Suggestion.closest(to: "zzzzzz", among: commands) == nil)
        #expect(Suggestion.closest(to: "-x", among: ["-q", "-l"]) == nil)
    }
}
