import ShopHistory
import ShopJSON
import ShopTestSupport

@testable import ShopFormats
@testable import ShopModel

/// How a read line is judged against its labels (SPEC section 19): the name word for word, and the
/// first labelled quantity with its unit.
enum IngredientLineScoring {
    /// The labels drop punctuation and write unit words in the singular (`fenugreek leaf`): names are
    /// compared as lowercased words, unit words singular.
    static func nameKey(_ name: String) -> String {
        let letters = name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "'" ? $0 : " " }
        return String(letters).split(separator: " ").map { WordUnits.english[String($0)] ?? String($0) }
            .joined(separator: " ")
    }

    /// A labelled quantity: `2`, `0.5`, `#1$2` (½), `1#1$2` (1½), `One` to `Twelve`; a range `2-3` is
    /// its larger end, as shop buys it. `nil` for other words (`few`, `half`).
    static func number(_ label: String) -> ExactNumber? {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        if let word = words.firstIndex(of: label.lowercased()) { return ExactNumber(whole: word + 1) }
        var text = Substring(label)
        if let dash = text.lastIndex(of: "-"), dash != text.startIndex { text = text[text.index(after: dash)...] }
        guard let hash = text.firstIndex(of: "#") else { return ExactNumber(parsing: text, maximumFractionDigits: 6) }
        let whole = text[..<hash].isEmpty ? .zero : ExactNumber(parsing: text[..<hash], maximumFractionDigits: 6)
        let parts = text[text.index(after: hash)...].split(separator: "$")
        guard let whole, parts.count == 2, let numerator = Int128(String(parts[0])),
            let denominator = Int128(String(parts[1])),
            let fraction = ExactNumber(numerator: numerator, denominator: denominator)
        else { return nil }
        return whole + fraction
    }

    static func nameIsRight(_ line: IngredientLine, _ label: SharedRecipeData.LabelledLine) -> Bool {
        nameKey(line.name ?? "") == nameKey(label.name)
    }

    /// Right when the first labelled quantity is read (none when the label has none) and its unit is
    /// one of the labelled units (no unit when none is labelled; a count is also right when fewer units
    /// than quantities are labelled, so one of them has none).
    static func amountIsRight(_ line: IngredientLine, _ label: SharedRecipeData.LabelledLine) -> Bool {
        guard let first = label.quantities.first, let wanted = number(first) else { return line.quantity == nil }
        guard line.quantity == wanted else { return false }
        let units = label.units.map { IngredientVocabulary.unit($0) ?? $0.lowercased() }
        guard let unit = line.unit else { return units.isEmpty || units.count < label.quantities.count }
        return units.contains(unit)
    }
}
