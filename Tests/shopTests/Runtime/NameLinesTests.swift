import Testing

@testable import shop

/// `-` as the only name: names from standard input, one a line.
@Suite struct NameLinesTests {
    @Test func splitsLinesSkippingBlanksAndComments() {
        let text = "apples\n\n# a comment\n   # indented comment\n  pears  \r\n\u{00A0}\nplums\r\n\t\ncafé"
        #expect(NameLines.parse(text) == ["apples", "  pears  ", "plums", "café"])
        #expect(NameLines.parse("").isEmpty)
        #expect(NameLines.parse("\n\n").isEmpty)
    }
}
