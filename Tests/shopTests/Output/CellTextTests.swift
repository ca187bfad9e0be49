import ShopTools
import Testing

@testable import shop

/// Cutting text to terminal cells (``CellText``): between grapheme clusters, escape sequences free. The
/// cell widths themselves are ShopTools' (`Tests/ShopToolsTests/Tools/CellWidthTests.swift`).
@Suite("Cutting text to terminal cells")
struct CellTextTests {
    @Test func truncationCutsBetweenClusters() {
        #expect(CellText.truncate("milk", to: 4) == "milk")
        #expect(CellText.truncate("whole milk", to: 6) == "whole…")
        #expect(CellText.truncate("牛乳とパン", to: 6) == "牛乳…")  // a wide character never straddles the edge
        #expect(CellText.truncate("牛乳とパン", to: 7) == "牛乳と…")
        #expect(CellText.truncate("cafe\u{301}s and more", to: 5) == "cafe\u{301}…")
        #expect(CellText.truncate("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", to: 4) == "👨‍👩‍👧…")
        #expect(CellText.truncate("🇫🇷🇯🇵", to: 3) == "🇫🇷…")
        #expect(CellText.truncate("abc", to: 0) == "")
        #expect(CellText.truncate("abc", to: 1) == "…")
        #expect(
            CellText.truncateMiddle("/home/ann/a-very-long-folder-name/shop.json", to: 20) == "/home/ann/…shop.json")
        for cells in 1...12 {
            #expect(cellWidth(of: CellText.truncate("ｆｕｌｌ ｗｉｄｔｈ 🥛 é\u{301}", to: cells)) <= cells)
            #expect(cellWidth(of: CellText.truncateMiddle("ｆｕｌｌ/ｗｉｄｔｈ/🥛.json", to: cells)) <= cells)
        }
    }

    @Test func escapeSequencesTakeNoCells() {
        let styled = "\u{1b}[38;5;33m●\u{1b}[0m \u{1b}[1mMilch 牛乳\u{1b}[0m"
        #expect(CellText.visibleWidth(styled) == 12)
        let clipped = CellText.clip(styled, to: 8)
        #expect(clipped == "\u{1b}[38;5;33m●\u{1b}[0m \u{1b}[1mMilch…\u{1b}[0m")
        #expect(CellText.visibleWidth(clipped) == 8)
        #expect(CellText.clip(styled, to: 12) == styled)
        #expect(CellText.clip("plain text", to: 5) == "plai…")
    }
}
