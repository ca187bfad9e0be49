import Testing

@testable import ShopTools

@Suite("Terminal cells")
struct CellWidthTests {
    @Test(
        "widths of scripts, emoji and zero-width characters",
        arguments: [
            ("milk", 4),
            ("café", 4),  // precomposed é
            ("cafe\u{301}", 4),  // e + combining acute
            ("Zoë\u{308}\u{301}", 3),  // several marks on one letter
            ("牛乳", 4),  // CJK ideographs
            ("ラーメン", 8),  // katakana, with the wide prolonged sound mark
            ("ﾗｰﾒﾝ", 4),  // halfwidth katakana
            ("김치", 4),  // precomposed Hangul syllables
            ("\u{1100}\u{1161}\u{11A8}", 2),  // the same syllable from conjoining jamo
            ("ＡＢＣ１２３", 12),  // fullwidth forms
            ("🥛", 2),  // emoji presentation
            ("❤️", 2),  // text-default heart made emoji by U+FE0F
            ("❤", 1),  // and without it
            ("👍🏽", 2),  // skin tone modifier
            ("👨‍👩‍👧", 2),  // ZWJ sequence: one picture, not three
            ("❤️‍🔥", 2),
            ("🇫🇷🇯🇵", 4),  // two flags
            ("1️⃣", 2),  // keycap
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),  // the flag of Scotland (tags)
            ("a\u{200B}b", 2),  // zero-width space
            ("a\u{200D}b", 2),  // a lone zero-width joiner
            ("a\u{FE0E}", 1),  // variation selector
            ("\u{AD}", 1),  // soft hyphen is drawn
            ("क्ष", 2),  // Devanagari conjunct: one cluster, two cells as terminals draw it
            ("नमस्ते", 4),
            ("", 0),
        ])
    func widths(text: String, cells: Int) {
        #expect(cellWidth(of: text) == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func tableIsSortedAndStartsAtZero() {
        let starts = CellWidth.runs.map { $0 >> 2 }
        #expect(starts.first == 0)
        #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(CellWidth.runs.allSatisfy { $0 & 3 <= 2 })
        #expect(CellWidth.of(Unicode.Scalar(0x10FFFD)!) == 1)  // private use: narrow
        #expect(CellWidth.of(Unicode.Scalar(0x20000)!) == 2)  // CJK extension B
        #expect(CellWidth.of(Unicode.Scalar(0x1F1E6)!) == 2)  // a lone regional indicator
    }
}
