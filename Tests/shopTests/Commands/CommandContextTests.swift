import Testing

@testable import shop

/// `-` as the only name: names from standard input, one a line.
@Suite struct StandardInputNamesTests {
    @Test func splitsLinesSkippingBlanksAndComments() {
        let text = "apples\n\n# a comment\n   # indented comment\n  pears  \r\n\u{00A0}\nplums\r\n\t\ncafé"
        #expect(CommandContext.names(fromLines: text) == ["apples", "  pears  ", "plums", "café"])
        #expect(CommandContext.names(fromLines: "").isEmpty)
        #expect(CommandContext.names(fromLines: "\n\n").isEmpty)
    }
}
