/// Reads an ingredient line as people write them: an opening (`juice of`, `a`), a quantity (whole,
/// decimal, unicode or mixed fraction, a range `2-3`, `2 to 3`), pack sizes (`(14 oz)`, `15-ounce`),
/// sizes, a unit (`Tbsp`, `ounces`, `lbs`, `c`), a metric/imperial alternative (`200g/7oz`: the first
/// counts), the name, and the rest of the line (preparation, `to taste`, purpose) as the note.
struct IngredientLineParser {
    private let line: String
    private let tokens: [IngredientLineToken]
    private var index = 0
    private var notes: [String] = []
    private var sizes: [String] = []

    init(_ line: String) {
        self.line = line
        tokens = IngredientLineToken.split(line)
    }

    mutating func parse() -> IngredientLine {
        if isHeading { return IngredientLine(line: line, name: nil) }
        readOpening()
        var quantity = readQuantity()
        var unit = readMeasure(hasQuantity: quantity != nil)
        var name = readName()
        // `2 garlic cloves`: a unit after the name.
        if quantity != nil, unit == nil, let space = name.lastIndex(of: " "),
            let trailing = IngredientVocabulary.trailingUnits[name[name.index(after: space)...].lowercased()]
        {
            unit = trailing
            name = String(name[..<space])
        }
        let rest = text(index..<tokens.count).trimmingMarks
        if !rest.isEmpty { notes.append(rest) }
        if quantity == nil, let (late, lateUnit) = trailingMeasure() { (quantity, unit) = (late, lateUnit) }
        if !sizes.isEmpty { notes.insert(sizes.joined(separator: " "), at: 0) }
        return IngredientLine(
            line: line, name: name.isEmpty ? line : name, quantity: quantity,
            unit: quantity == nil ? nil : unit, note: notes.isEmpty ? nil : notes.joined(separator: ", "))
    }

    /// `Salt, 1 teaspoon`, `Neutral oil (about ½ cup)`, `Egg whites (large), 7`: a line that names the
    /// thing first gives its measure after it.
    private mutating func trailingMeasure() -> (ExactNumber, String?)? {
        guard let start = tokens[index...].firstIndex(where: { $0.number != nil }) else { return nil }
        // Only a measure right after the name, a comma, `about` or a parenthesis.
        let before = tokens[..<start].last.map(\.lowered) ?? ""
        guard start == index || [",", "(", "about", "approximately"].contains(before) else { return nil }
        var copy = self
        copy.index = start
        guard let quantity = copy.readQuantity() else { return nil }
        let unit = copy.readMeasure(hasQuantity: true)
        return (quantity, unit)
    }

    /// `For the sauce:`, `For the dressing`, `TO SERVE`: words with no number, ending in a colon, opening
    /// with `for`, or in capitals.
    private var isHeading: Bool {
        guard !tokens.contains(where: { $0.number != nil }), tokens.count <= 10, let first = tokens.first else {
            return false
        }
        if tokens.last?.text == ":" || first.lowered == "for" && tokens.count <= 6 { return true }
        // `TO SERVE`, `FOR THE SAUCE`: a short line in capitals.
        let letters = line.filter(\.isLetter)
        return tokens.count <= 5 && letters.count >= 4 && letters.allSatisfy(\.isUppercase)
    }

    // MARK: - Before the name

    /// `juice of`, `zest and juice of`, `finely grated zest of`; a leading `a`/`an` before no number.
    private mutating func readOpening() {
        let opening: Set<String> = ["juice", "zest", "the", "finely", "grated", "freshly", "squeezed", "and", "of"]
        if let of = tokens.prefix(7).firstIndex(where: { $0.lowered == "of" }),
            tokens[..<of].allSatisfy({ opening.contains($0.lowered) }),
            tokens[..<of].contains(where: { $0.lowered == "juice" || $0.lowered == "zest" })
        {
            notes.append(text(0..<(of + 1)))
            index = of + 1
        } else if let first = tokens.first,
            ["about", "approximately", "approx", "around", "roughly"].contains(first.lowered)
                || IngredientVocabulary.isSize(first.lowered),
            tokens.count > 1, tokens[1].number != nil
        {
            notes.append(first.text)
            index = 1
        } else if let first = tokens.first, first.lowered == "a" || first.lowered == "an" {
            notes.append(first.text)
            index = 1
        }
    }

    /// A number, a mixed number, or a range (the larger end; the range itself goes to the note).
    private mutating func readQuantity() -> ExactNumber? {
        let start = index
        guard let low = readNumber() else { return nil }
        let separators: Set<String> = ["-", "–", "—", "to", "or"]
        if index + 1 < tokens.count, separators.contains(tokens[index].lowered), tokens[index + 1].number != nil {
            let saved = index
            index += 1
            if let high = readNumber(), low < high {
                notes.append(text(start..<index).replacing(" - ", with: "-"))
                return high
            }
            index = saved
        }
        return low
    }

    /// One number: `2`, `1.5`, `½`, `1 1/2`, `1½`, `1-1/2`; `One` to `Twelve` opening the line.
    private mutating func readNumber() -> ExactNumber? {
        if index == 0, let word = tokens.first?.lowered, let value = Self.numberWords[word], tokens.count > 1 {
            index += 1
            return ExactNumber(whole: value)
        }
        guard index < tokens.count, var value = tokens[index].number else { return nil }
        index += 1
        guard value.isWhole, index < tokens.count else { return value }
        if let fraction = tokens[index].number, fraction < .one, !fraction.isWhole {
            value = value + fraction
            index += 1
        } else if tokens[index].text == "-", !tokens[index].spaceBefore, index + 1 < tokens.count,
            let fraction = tokens[index + 1].number, fraction < .one, !fraction.isWhole, tokens[index + 1].text.contains("/")
        {
            value = value + fraction
            index += 2
        }
        return value
    }

    private static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12,
    ]

    /// Pack sizes, sizes, the unit, an alternative measure and `of`, in any order people write them.
    private mutating func readMeasure(hasQuantity: Bool) -> String? {
        var unit: String?
        var steps = 0
        while index < tokens.count, steps < 12 {
            steps += 1
            let token = tokens[index]
            if token.text == "(", let close = tokens[index...].firstIndex(where: { $0.text == ")" }) {
                // `(14 oz)`, `(about 2 cups)`: a pack size or an alternative, kept in the note.
                guard close > index + 1 else { break }
                notes.append(text((index + 1)..<close))
                index = close + 1
            } else if token.isWord, IngredientVocabulary.isSize(token.lowered) {
                sizes.append(token.text)
                index += 1
            } else if unit == nil, let (found, length) = unitAt(index) {
                unit = found
                index += length
                if index < tokens.count, tokens[index].text == ".", !tokens[index].spaceBefore { index += 1 }
            } else if hasQuantity, token.number != nil, let (_, length) = packSize(at: index) {
                notes.append(text(index..<(index + length)))
                index += length
            } else if token.text == "/", index + 1 < tokens.count, tokens[index + 1].number != nil {
                // `200g/7oz`: the first measure counts, the second is a note.
                let start = index + 1
                index += 2
                if let (_, length) = unitAt(index) { index += length }
                notes.append(text(start..<index))
            } else if unit != nil, ["plus", "and", "+", "to", "-", "–", "or"].contains(token.lowered),
                index + 1 < tokens.count, tokens[index + 1].number != nil
            {
                // `1 tbsp plus 1 tsp`, `14 oz to 1 lb`: the first measure counts; the rest is a note.
                let start = index
                index += 1
                _ = readNumber()
                if let (_, length) = unitAt(index) { index += length }
                notes.append(text(start..<index))
            } else if token.text == "-", !token.spaceBefore, unit == nil, unitAt(index + 1) != nil {
                index += 1  // `1-tablespoon`
            } else if ["x", "×"].contains(token.lowered), hasQuantity, index + 1 < tokens.count,
                tokens[index + 1].number != nil
            {
                index += 1  // `1 x 200ml tub`: the size of each follows
            } else if ["to", "or", "-"].contains(token.lowered), !sizes.isEmpty, index + 1 < tokens.count,
                IngredientVocabulary.isSize(tokens[index + 1].lowered)
            {
                sizes.append(token.text)
                index += 1
            } else if token.lowered == "of", unit != nil || !sizes.isEmpty || notes.last == "a" {
                index += 1
            } else {
                break
            }
        }
        // `a pinch of salt`: no amount to buy; the words stay in the note.
        if !hasQuantity, let unit {
            if let last = notes.last, last.lowercased() == "a" || last.lowercased() == "an" {
                notes[notes.count - 1] = last + " " + unit
            } else {
                notes.append(unit)
            }
        }
        return unit
    }

    /// A unit of one or two words at `start`, and how many tokens it takes.
    private func unitAt(_ start: Int) -> (String, Int)? {
        guard start < tokens.count, tokens[start].isWord else { return nil }
        let first = tokens[start].lowered
        if first == "fl" || first == "fluid" {
            var next = start + 1
            if next < tokens.count, tokens[next].text == "." { next += 1 }
            if next < tokens.count, ["oz", "ounce", "ounces"].contains(tokens[next].lowered) {
                return ("fl oz", next - start + 1)
            }
        }
        // A word unit that starts the name is no unit: `1 head garlic` has one, `1 package` ends the line.
        guard let unit = IngredientVocabulary.unit(tokens[start].text) else { return nil }
        return (unit, 1)
    }

    /// `15-ounce`, `14 oz`, `4-5 lb`, `6-inch` after the count (`2 15-ounce cans`, `1 3-pound chicken`):
    /// the size of each one.
    private func packSize(at start: Int) -> (String, Int)? {
        var next = start + 1
        if next + 1 < tokens.count, ["-", "–", "to"].contains(tokens[next].lowered), tokens[next + 1].number != nil {
            next += 2
        }
        if next < tokens.count, tokens[next].text == "-" { next += 1 }
        guard next < tokens.count else { return nil }
        if ["inch", "inches", "in", "cm"].contains(tokens[next].lowered) { return ("inch", next + 1 - start) }
        guard let (unit, length) = unitAt(next) else { return nil }
        return (unit, next + length - start)
    }

    // MARK: - The name

    /// The name: up to a comma, a parenthesis, ` - `, or a word that starts a note (`to taste`, `for
    /// serving`); preparation words in front of it (`finely chopped`) go to the note.
    private mutating func readName() -> String {
        var leading: [String] = []
        // `chopped, seeded tomatoes`, `drained, chopped capers`: preparations before the name, with commas.
        while index + 1 < tokens.count {
            let word = tokens[index].lowered
            let isPreparation =
                word != "ground" && IngredientVocabulary.preparations.contains(word)
                || IngredientVocabulary.preparationAdverbs.contains(word)
                    && IngredientVocabulary.preparations.contains(tokens[index + 1].lowered)
            if isPreparation {
                leading.append(tokens[index].text)
                if IngredientVocabulary.preparationAdverbs.contains(word) {
                    index += 1
                    leading.append(tokens[index].text)
                }
            } else if !leading.isEmpty, [",", "and", "or"].contains(word) {
                leading.append(tokens[index].text)
            } else {
                break
            }
            index += 1
        }
        while let last = leading.last, [",", "and", "or"].contains(last) {
            leading.removeLast()
            index -= 1
        }
        if !leading.isEmpty {
            notes.append(leading.joined(separator: " ").replacing(" ,", with: ","))
            if index < tokens.count, tokens[index].text == "," || ["and", "or"].contains(tokens[index].lowered) {
                index += 1
            }
        }
        let start = index
        var asides: [Range<Int>] = []
        while index < tokens.count {
            // `rolled (old-fashioned) oats`: a parenthesis inside the name is a note, and the name goes on.
            if tokens[index].text == "(", index > start,
                let close = tokens[index...].firstIndex(where: { $0.text == ")" }), close + 1 < tokens.count,
                tokens[close + 1].isWord, !endsName(at: close + 1, start: start)
            {
                notes.append(text((index + 1)..<close))
                asides.append(index..<(close + 1))
                index = close + 1
                continue
            }
            if endsName(at: index, start: start) { break }
            index += 1
        }
        extendNameThroughList(start: start)
        var words = start..<index
        var preparation: [String] = []
        while let first = words.first, words.count > 1 {
            let word = tokens[first].lowered
            let next = tokens[first + 1].lowered
            if IngredientVocabulary.preparationAdverbs.contains(word), IngredientVocabulary.preparations.contains(next) {
                preparation.append(text(first..<(first + 2)))
                words = (first + 2)..<words.upperBound
            } else if word != "ground", IngredientVocabulary.preparations.contains(word) {
                preparation.append(tokens[first].text)
                words = (first + 1)..<words.upperBound
            } else if IngredientVocabulary.isSize(word) {
                sizes.append(tokens[first].text)
                words = (first + 1)..<words.upperBound
            } else if word == "and" || word == "or" || word == "," || word == "of",
                !preparation.isEmpty || !sizes.isEmpty || word == "of"
            {
                words = (first + 1)..<words.upperBound
            } else {
                break
            }
        }
        while words.count > 1, let last = words.last, tokens[last].lowered != "ground",
            IngredientVocabulary.preparations.contains(tokens[last].lowered)
                || ["or", "and", "of", "each", "-"].contains(tokens[last].lowered)
        {
            preparation.append(tokens[last].text)
            words = words.lowerBound..<last
        }
        preparation.removeAll { ["or", "and", "of", "each", "-"].contains($0.lowercased()) }
        if !preparation.isEmpty { notes.append(preparation.joined(separator: " ")) }
        return text(words, skipping: asides).trimmingMarks
    }

    /// `bucatini, tagliatelle, or other long pasta`: a list of short names ending in `or`/`and` another
    /// name is one name; `pepper, or to taste` and `shrimp, shelled and deveined` are not.
    private mutating func extendNameThroughList(start: Int) {
        guard index < tokens.count, tokens[index].text == ",", index > start else { return }
        var end = index
        while end < tokens.count, ![";", "(", ":"].contains(tokens[end].text) { end += 1 }
        var segments: [[IngredientLineToken]] = [[]]
        for token in tokens[(index + 1)..<end] {
            if token.text == "," { segments.append([]) } else { segments[segments.count - 1].append(token) }
        }
        guard segments.count <= 5, let last = segments.last, last.count >= 2,
            last[0].lowered == "or" || last[0].lowered == "and"
        else { return }
        let notNames: Set<String> = ["to", "more", "less", "as", "so", "if", "a", "an", "the", "use", "about", "plus"]
        for (position, segment) in segments.enumerated() {
            let words = position == segments.count - 1 ? Array(segment.dropFirst()) : segment
            guard let first = words.first, words.count <= 4, !notNames.contains(first.lowered),
                words.allSatisfy({ $0.number == nil && !IngredientVocabulary.preparations.contains($0.lowered) })
            else { return }
        }
        index = end
    }

    private func endsName(at position: Int, start: Int) -> Bool {
        let token = tokens[position]
        switch token.kind {
        case .mark:
            if [",", ";", "(", ":", "[", "*"].contains(token.text) { return true }
            return ["-", "–", "—"].contains(token.text) && token.spaceBefore
        case .word:
            let word = token.lowered
            guard position > start, IngredientVocabulary.nameEnders.contains(word) else { return false }
            if word == "to" {
                let next = position + 1 < tokens.count ? tokens[position + 1].lowered : ""
                return ["taste", "serve", "garnish", "finish", "coat", "cover", "dust"].contains(next)
            }
            return true
        case .number:
            // `ground allspice 2 mL`: a measure after the name.
            return position > start
        }
    }

    /// The line's text of some tokens, spaced as written, without the asides.
    private func text(_ range: Range<Int>, skipping asides: [Range<Int>] = []) -> String {
        var result = ""
        for position in range where !asides.contains(where: { $0.contains(position) }) {
            if position > range.lowerBound, tokens[position].spaceBefore { result += " " }
            result += tokens[position].text
        }
        return result
    }
}

extension String {
    /// Without the commas, semicolons, dashes and stars around it.
    fileprivate var trimmingMarks: String {
        let marks: Set<Character> = [",", ";", "-", "–", "—", "*", ":", " ", "."]
        var text = self[...]
        while let first = text.first, marks.contains(first) { text = text.dropFirst() }
        while let last = text.last, marks.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
