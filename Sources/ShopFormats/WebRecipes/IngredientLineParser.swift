import ShopModel

/// Reads an ingredient line as people write them: an opening (`juice of`, `a`), a quantity (whole, decimal, unicode or
/// mixed fraction, a range `2-3`, `2 to 3`), pack sizes (`(14 oz)`, `15-ounce`), sizes, a unit (`Tbsp`, `lbs`, `c`),
/// a metric/imperial alternative (`200g/7oz`: the first counts), the name, and the rest of the line as the note.
struct IngredientLineParser {
    let line: String
    let tokens: [IngredientLineToken]
    var index = 0
    var notes: [String] = []
    var sizes: [String] = []
    /// A canned product keeps its preparation in its name (`1 can diced tomatoes`).
    var keepsPreparedName = false
    /// Where the unit was read, if one was.
    var unitStart: Int?
    /// Where the words before the quantity end (`Juice of one lime`: at `one`).
    var openingEnd = 0

    init(_ line: String) {
        self.line = line
        tokens = IngredientLineToken.split(line)
    }

    mutating func parse() -> IngredientLine {
        if isHeading { return IngredientLine(line: line, name: nil) }
        readOpening()
        openingEnd = index
        var quantity = readQuantity()
        var unit = readMeasure(hasQuantity: quantity != nil)
        keepsPreparedName = IngredientVocabulary.containers.contains(unit ?? "")
        var name = readName()
        // `2 garlic cloves`, `1 fennel bulb`: a unit after the name.
        if quantity != nil, unit == nil, let space = name.lastIndex(of: " "),
            let trailing = IngredientVocabulary.trailingUnits[name[name.index(after: space)...].lowercased()]
        {
            unit = trailing
            name = String(name[..<space])
        }
        // `8 cloves`, `2 or 3 sprigs`: a unit and no name is a count of the unit.
        if name.isEmpty, quantity != nil, let unitStart,
            IngredientVocabulary.trailingUnits[tokens[unitStart].lowered] != nil
        {
            name = tokens[unitStart].text
            unit = nil
        }
        let rest = text(index..<tokens.count).trimmingMarks
        if !rest.isEmpty { notes.append(rest) }
        if quantity == nil, let (late, lateUnit) = trailingMeasure() { (quantity, unit) = (late, lateUnit) }
        if !sizes.isEmpty { notes.insert(sizes.joined(separator: " "), at: 0) }
        return IngredientLine(
            line: line, name: name.isEmpty ? line : name, quantity: quantity,
            unit: quantity == nil ? nil : unit, note: notes.isEmpty ? nil : notes.joined(separator: ", "))
    }

    /// `Salt, 1 teaspoon`, `Egg whites (large), 7`: a line that names the thing first gives its measure after it.
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

    /// `For the sauce:`, `For the dressing`, `TO SERVE`: no number, and a colon, a leading `for`, or capitals.
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

    /// `juice of`, `zest and juice from`, `leaves from`, `Juice 1/2 lemon`; a leading `a`/`an` before no
    /// number; `few`, `several`, `a couple of`.
    private mutating func readOpening() {
        if let end = tokens.prefix(7).firstIndex(where: {
            ["of", "from"].contains($0.lowered) || $0.number != nil || Self.numberWords[$0.lowered] != nil
        }),
            end > 0, tokens[..<end].allSatisfy({ IngredientVocabulary.openingWords.contains($0.lowered) }),
            tokens[..<end].contains(where: { IngredientVocabulary.partsBought.contains($0.lowered) })
        {
            let connected = tokens[end].isWord && ["of", "from"].contains(tokens[end].lowered)
            notes.append(text(0..<(connected ? end + 1 : end)))
            index = connected ? end + 1 : end
        } else if tokens.count > 2, tokens[0].lowered == "half", ["a", "an"].contains(tokens[1].lowered) {
            notes.append(text(0..<2))  // `Half a small red cabbage`
            index = 2
        } else if let first = tokens.first, ["few", "several", "couple"].contains(first.lowered), tokens.count > 2 {
            notes.append(first.text)  // `Few sprigs parsley`, `Several dashes of hot sauce`
            index = tokens[1].lowered == "of" ? 2 : 1
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
            // `a few black peppercorns`, `a couple of handfuls`
            if tokens.count > 2, ["few", "couple"].contains(tokens[1].lowered) {
                notes[notes.count - 1] += " " + tokens[1].text
                index = tokens[2].lowered == "of" ? 3 : 2
            }
        } else if let first = tokens.first, ["~", "≈", "±"].contains(first.text), tokens.count > 1 {
            notes.append("about")  // `~4 cardamom pods`
            index = 1
        }
    }

    /// A number, a mixed number, or a range (the larger end; the range itself goes to the note).
    mutating func readQuantity() -> ExactNumber? {
        let start = index
        guard let low = readNumber() else { return nil }
        let separators: Set<String> = ["-", "–", "—", "to", "or"]
        // `4- to 5-pound`: a dash left hanging before the separator.
        let hanging =
            index + 2 < tokens.count && tokens[index].text == "-" && ["to", "or"].contains(tokens[index + 1].lowered)
        let separator = hanging ? index + 1 : index
        if separator + 1 < tokens.count, separators.contains(tokens[separator].lowered),
            tokens[separator + 1].number != nil
        {
            let saved = index
            index = separator + 1
            if let high = readNumber(), low < high {
                notes.append(text(start..<index).replacing(" - ", with: "-"))
                return high
            }
            index = saved
        }
        return low
    }

    /// One number: `2`, `1.5`, `½`, `1 1/2`, `1½`, `1-1/2`; `One` to `Twelve` opening the amount.
    mutating func readNumber() -> ExactNumber? {
        if index + 1 < tokens.count, index == openingEnd, let value = Self.numberWords[tokens[index].lowered] {
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
            let fraction = tokens[index + 1].number, fraction < .one, !fraction.isWhole,
            tokens[index + 1].text.contains("/")
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
}
