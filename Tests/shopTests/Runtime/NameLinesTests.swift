import Testing

@testable import shop

/// `-` as the only name: names from standard input, one a line.
@Suite struct NameLinesTests {
    @Test func splitsLinesSkippingBlanksAndComments() {
        let text = "apples\n\n# a comment\n   # indented comment\n  pears  \r\n\u{00A0}\nplums\r\n\t\ncafé"
        #expect(NameLines.numbered(text).map(\.name) == ["apples", "  pears  ", "plums", "café"])
        #expect(NameLines.numbered("").isEmpty)
        #expect(NameLines.numbered("\n\n").isEmpty)
    }
}
