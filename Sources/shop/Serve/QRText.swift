import ShopKit
import ShopTools

/// A QR code drawn on a terminal with Unicode half blocks: each text line holds two rows of modules
/// (`▀`, `▄`, `█`, space), with a quiet zone of four light modules. The colours are set explicitly (dark
/// modules black on white) when the terminal takes colour, so a dark terminal theme does not invert it.
enum QRText {
    /// The lines of `code`, each ending in a newline.
    static func render(_ code: QRCode, colour: Bool) -> String {
        let quiet = 4
        let range = -quiet..<(code.size + quiet)
        var text = ""
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            if colour { text += "\u{1b}[30;107m" }
            for column in range {
                let upper = code[top, column]
                let lower = top + 1 < range.upperBound && code[top + 1, column]
                text += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            if colour { text += "\u{1b}[0m" }
            text += "\n"
        }
        return text
    }
}
