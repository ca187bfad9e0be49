import ShopModel

/// A piece of an ingredient line: a number (a whole number, decimal or fraction, as an exact value), a
/// word (letters with inner hyphens and apostrophes: `hard-boiled`, `confectioners'`), or one mark.
struct IngredientLineToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case number(ExactNumber)
        case word
        case mark
    }

    var kind: Kind
    /// The token as written (`1/2`, `cups`, `(`).
    var text: String
    /// Whether white space came before it in the line.
    var spaceBefore: Bool

    var number: ExactNumber? {
        if case .number(let value) = kind { value } else { nil }
    }
    var isWord: Bool { kind == .word }
    var lowered: String { text.lowercased() }

    /// The unicode vulgar fractions and the number each is.
    static let vulgarFractions: [Character: (Int128, Int128)] = [
        "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
        "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8), "⅐": (1, 7),
        "⅑": (1, 9), "⅒": (1, 10),
    ]

    /// The tokens of a line. A vulgar fraction is a number of its own (`1½` gives `1` and `½`, added up
    /// by the parser as a mixed number); `⁄` (fraction slash) reads as `/`.
    static func split(_ line: String) -> [IngredientLineToken] {
        let characters = Array(line.map { $0 == "⁄" ? "/" : $0 })
        var tokens: [IngredientLineToken] = []
        var index = 0
        var sawSpace = false
        func isDigit(_ offset: Int) -> Bool {
            offset < characters.count && characters[offset].isASCII && characters[offset].isNumber
        }
        func isLetter(_ offset: Int) -> Bool { offset < characters.count && characters[offset].isLetter }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                sawSpace = true
                index += 1
                continue
            }
            let start = index
            var kind = Kind.mark
            if let (numerator, denominator) = vulgarFractions[character] {
                kind = .number(ExactNumber(numerator: numerator, denominator: denominator)!)
                index += 1
            } else if isDigit(index) {
                while isDigit(index) { index += 1 }
                // A decimal point or comma with digits after it (`1.5`, `0,5`); a fraction `1/2`.
                // A comma followed by three digits groups thousands (`1,000`): not a decimal comma.
                if index + 1 < characters.count, characters[index] == "." || characters[index] == ",",
                    isDigit(index + 1), !(characters[index] == "," && isDigit(index + 3))
                {
                    index += 1
                    while isDigit(index) { index += 1 }
                } else if index + 1 < characters.count, characters[index] == "/", isDigit(index + 1) {
                    index += 1
                    while isDigit(index) { index += 1 }
                }
                let text = String(characters[start..<index]).replacing(",", with: ".")
                if let value = ExactNumber(parsing: text, maximumFractionDigits: 6) {
                    kind = .number(value)
                } else {
                    kind = .word
                }
            } else if isLetter(index) {
                while isLetter(index)
                    || (index + 1 < characters.count && "-–'’".contains(characters[index]) && isLetter(index + 1)
                        && isLetter(index - 1))
                {
                    index += 1
                }
                kind = .word
            } else {
                index += 1
            }
            tokens.append(
                IngredientLineToken(kind: kind, text: String(characters[start..<index]), spaceBefore: sawSpace))
            sawSpace = false
        }
        return tokens
    }
}
