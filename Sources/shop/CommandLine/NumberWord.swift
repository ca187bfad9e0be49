import ShopArguments

/// Telling a number from a word, for SPEC section 4: a word where a number is required is a usage error
/// (exit 64: the command line's shape is wrong), while a number that is out of range, negative, or has
/// more decimals than allowed is a bad value (exit 1: the request cannot be done).
///
/// A number is an optional sign, digits with at most one decimal point, and at least one digit
/// (`12`, `-1`, `2.499`, `.5`, `99999999999999999999`), with white space around it ignored. Anything
/// else is a word: `abc`, `12x`, `1.2.3`, `1e3`, `0x10`, and the empty string.
enum NumberWord {
    /// Whether `word` is a number.
    static func isNumber(_ word: String) -> Bool {
        var digits = 0
        var dots = 0
        for (offset, byte) in trimmed(word).utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-") where offset == 0, UInt8(ascii: "+") where offset == 0: continue
            default: return false
            }
        }
        return digits > 0 && dots <= 1
    }

    /// `word` with a decimal comma read as a point (SPEC 16: `--price 1,19`, as receipts in much of Europe
    /// print it): one comma followed by one or two digits, before any `/unit`, in a word with no point.
    /// Anything else (`1,190`, `1,2,3`) is left as it is, to be refused as it was.
    static func withDecimalPoint(_ word: String) -> String {
        let number = word.prefix { $0 != "/" }
        guard !number.contains("."), let comma = number.firstIndex(of: ",") else { return word }
        let fraction = number[number.index(after: comma)...]
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber) else {
            return word
        }
        return String(number[..<comma]) + "." + fraction + word.dropFirst(number.count)
    }

    /// The whole number `word` spells (white space around it ignored), or `nil`.
    static func wholeNumber(_ word: String) -> Int? {
        Int(trimmed(word))
    }

    /// Decodes the word given to a whole-number option (`--quantity`, spelt `option`): a word is
    /// malformed (exit 64); a number that is not a whole number that fits (`-q 1.5`, `--order
    /// 99999999999999999999`) is refused (exit 1, like any number out of range, with the option's help).
    static func decodeWholeNumber(_ word: String, option: String, help: String) -> Decoded<Int> {
        guard isNumber(word) else { return .malformed(expected: "a whole number") }
        guard let number = wholeNumber(word) else {
            let message =
                trimmed(word).contains(".")
                ? "'\(option)' takes a whole number, not \(Quoted.value(word))"
                : "'\(option)' value \(Quoted.value(word)) is out of range"
            return .refused(OptionRefusal(message: message, hint: help))
        }
        return .value(number)
    }

    private static func trimmed(_ word: String) -> Substring {
        var text = Substring(word)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
