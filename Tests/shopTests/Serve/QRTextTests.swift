import ShopKit
import ShopTools
import Testing

@testable import shop

/// The QR code as drawn on a terminal: two module rows per line in half blocks, a quiet zone of four.
@Suite struct QRTextTests {
    @Test func drawsTwoRowsALineWithAQuietZone() throws {
        let code = try #require(QRCode("http://127.0.0.1:8425/?t=0123456789abcdef0123456789abcdef"))
        let lines = QRText.render(code, colour: false).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        let side = code.size + 8
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.count == side })
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " }, "four light rows on top")
        // Row 2 of the text holds module rows 0 and 1: the finder's top edge (dark) over its second row.
        let finderTop = Array(lines[2])
        #expect(finderTop[4] == "█" && finderTop[5] == "▀" && finderTop[10] == "█" && finderTop[3] == " ")
        // Every module is where the half blocks say.
        for (index, line) in lines.enumerated() {
            for (column, cell) in line.enumerated() {
                let upper = code[2 * index - 4, column - 4]
                let lower = code[2 * index - 3, column - 4]
                let expected: Character = upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
                #expect(cell == expected)
            }
        }
        let coloured = QRText.render(code, colour: true)
        #expect(coloured.hasPrefix("\u{1b}[30;107m") && coloured.contains("\u{1b}[0m\n"))
    }
}
