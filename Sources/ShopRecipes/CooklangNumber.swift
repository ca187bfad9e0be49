import ShopModel

/// What the official Cooklang parser (cooklang-rs, as the canonical tests run it) reads as a number in a quantity (SPEC
/// section 19, amending 14): a whole number without a leading zero (`0` and `14`, not `014`), a decimal (`1.5`, `.5`,
/// `0.03`), a fraction (`1/2`, `1 / 2`), or a mixed number (`1 1/2`). Everything else (`01/2`, `7 k`, `1½`, `25g`,
/// `1 cup`, `4 1/2 to 5`, `15-ounce can`, `2*15`) is text, and so is a range (`2-3`, `1/2 - 3/4`): the official
/// parser reads one as text (SPEC section 23), so it is no amount to buy.
enum CooklangNumber {
    /// The one number `quantity` is to the official parser, as written (spaces inside a fraction kept: `1 / 2`); `nil`
    /// when it is not a number: the quantity is text.
    static func number(in quantity: Substring) -> Substring? {
        let tokens = Token.split(quantity)
        return isNumber(tokens[...]) ? text(tokens[...], in: quantity) : nil
    }

    /// The quantity's text between the first and last token that is not a space.
    private static func text(_ tokens: ArraySlice<Token>, in quantity: Substring) -> Substring {
        let words = tokens.filter { $0.kind != .space }
        guard let first = words.first, let last = words.last else { return quantity[quantity.endIndex...] }
        return quantity[first.range.lowerBound..<last.range.upperBound]
    }

    /// A whole number or decimal written without spaces, or a fraction or mixed number with any spaces.
    private static func isNumber(_ tokens: ArraySlice<Token>) -> Bool {
        guard let first = tokens.firstIndex(where: { $0.kind != .space }),
            let last = tokens.lastIndex(where: { $0.kind != .space })
        else { return false }
        let kinds = tokens[first...last].map(\.kind)
        switch kinds {
        case [.int], [.int, .dot, .int], [.int, .dot, .zeroInt], [.dot, .int], [.dot, .zeroInt]: return true
        default: break
        }
        let words = kinds.filter { $0 != .space }
        return words == [.int, .slash, .int] || words == [.int, .int, .slash, .int]
    }

    /// A piece of a quantity, as the official lexer cuts it.
    private struct Token {
        enum Kind: Equatable { case int, zeroInt, dot, slash, space, other }
        var kind: Kind
        var range: Range<Substring.Index>

        static func split(_ text: Substring) -> [Token] {
            var tokens: [Token] = []
            var index = text.startIndex
            while index < text.endIndex {
                let start = index
                let character = text[index]
                index = text.index(after: index)
                let kind: Kind
                switch character {
                case "0"..."9":
                    while index < text.endIndex, text[index].isASCII, text[index].isNumber {
                        index = text.index(after: index)
                    }
                    kind = character == "0" && text.distance(from: start, to: index) > 1 ? .zeroInt : .int
                case ".": kind = .dot
                case "/": kind = .slash
                case " ", "\t", "\u{A0}", "\u{2009}", "\u{202F}": kind = .space
                default: kind = .other
                }
                tokens.append(Token(kind: kind, range: start..<index))
            }
            return tokens
        }
    }
}
