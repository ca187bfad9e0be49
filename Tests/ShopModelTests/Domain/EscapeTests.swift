import ShopModel
import Testing

/// The one escaping of user text, and the quoting of values in error details that uses it.
@Suite struct EscapeTests {
    @Test func controlCharactersAreWrittenVisibly() {
        #expect(Escape.forTerminal("a\nb\tc\rd") == "a\\nb\\tc\\rd")
        #expect(Escape.forTerminal("evil\u{1b}[2J") == "evil\\e[2J")
        #expect(Escape.forTerminal("\u{0}\u{7f}\u{9b}") == "\\u{0}\\u{7f}\\u{9b}")
        #expect(Escape.forTerminal("Crème brûlée ☕") == "Crème brûlée ☕")
    }

    @Test func noControlCharacterSurvives() {
        var all = ""
        for value in UInt32(0)...0x9f { all.unicodeScalars.append(Unicode.Scalar(value)!) }
        #expect(!Escape.forTerminal(all).unicodeScalars.contains(where: Validation.isControl))
    }

    @Test func aQuotedValueIsEscapedLikeAnyNameAndCutOnce() {
        #expect(quoted("ab\u{1b}c\"d\\") == "\"ab\\ec\\\"d\\\\\"")
        let long = String(repeating: "b", count: 80)
        #expect(quoted(long) == "\"" + String(repeating: "b", count: 59) + "…\"")
        #expect(quoted(String(repeating: "b", count: 60)) == "\"" + String(repeating: "b", count: 60) + "\"")
        // Cut before escaping: an escape is never split.
        #expect(quoted(String(repeating: "\n", count: 61)) == "\"" + String(repeating: "\\n", count: 59) + "…\"")
    }
}
