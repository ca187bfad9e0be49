/// The name part of an ingredient line (see ``IngredientLineParser``).
extension IngredientLineParser {
    /// The name: up to a comma, a parenthesis, ` - `, or a word that starts a note (`to taste`, `for
    /// serving`); preparation words in front of it (`finely chopped`) go to the note.
    mutating func readName() -> String {
        if index < tokens.count, tokens[index].text == "," { index += 1 }  // `2 large, ripe tomatoes`
        var leading: [String] = []
        // `chopped, seeded tomatoes`, `drained, chopped capers`: preparations before the name, with commas.
        while index + 1 < tokens.count, !keepsPreparedName {
            let word = tokens[index].lowered
            let length = isLeadingPreparation(at: index) ? 1 : adverbialPreparationLength(at: index)
            if length > 0 {
                leading += tokens[index..<(index + length)].map(\.text)
                index += length
                continue
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
        // `boneless, skinless chicken thighs`, `fresh, ripe cherry tomatoes`: a describing word and a comma.
        if index == start + 1, index + 1 < tokens.count, tokens[index].text == ",",
            IngredientVocabulary.leadingAdjectives.contains(tokens[start].lowered), tokens[index + 1].isWord,
            !IngredientVocabulary.isPreparation(tokens[index + 1].lowered),
            !IngredientVocabulary.preparationAdverbs.contains(tokens[index + 1].lowered),
            !IngredientVocabulary.nameEnders.contains(tokens[index + 1].lowered)
        {
            asides.append(index..<(index + 1))
            index += 1
            while index < tokens.count, !endsName(at: index, start: start) { index += 1 }
        }
        extendNameThroughList(start: start)
        var words = start..<index
        var preparation: [String] = []
        while let first = words.first, words.count > 1 {
            let word = tokens[first].lowered
            let adverbial = adverbialPreparationLength(at: first)
            if adverbial > 0, first + adverbial < words.upperBound {
                preparation.append(text(first..<(first + adverbial)))
                words = (first + adverbial)..<words.upperBound
            } else if !keepsPreparedName, isLeadingPreparation(at: first) {
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
            IngredientVocabulary.isPreparation(tokens[last].lowered)
                || ["or", "and", "of", "each", "-"].contains(tokens[last].lowered)
        {
            preparation.append(tokens[last].text)
            words = words.lowerBound..<last
        }
        preparation.removeAll { ["or", "and", "of", "each", "-"].contains($0.lowercased()) }
        preparation += innerPreparations(of: words, asides: &asides)
        if !preparation.isEmpty { notes.append(preparation.joined(separator: " ")) }
        return text(words, skipping: asides).trimmingMarks
    }

    /// `salt and freshly ground black pepper`, `salt and ground white pepper`: grinding after `and` inside
    /// the name goes to the note (an aside of the name), as it does before a name with no `and`.
    private func innerPreparations(of words: Range<Int>, asides: inout [Range<Int>]) -> [String] {
        var found: [String] = []
        var position = words.lowerBound + 1
        while position + 1 < words.upperBound {
            var length = 0
            if tokens[position - 1].lowered == "and" {
                let word = tokens[position].lowered
                if IngredientVocabulary.preparationAdverbs.contains(word),
                    ["ground", "cracked"].contains(tokens[position + 1].lowered)
                {
                    length = 2
                } else if ["ground", "cracked"].contains(word) {
                    length = 1
                }
            }
            guard length > 0, position + length < words.upperBound else {
                position += 1
                continue
            }
            found.append(text(position..<(position + length)))
            asides.append(position..<(position + length))
            position += length
        }
        return found
    }

    /// How many tokens a preparation led by adverbs takes at `position` (`very thinly sliced`: 3), or 0.
    func adverbialPreparationLength(at position: Int) -> Int {
        var end = position
        while end < tokens.count, IngredientVocabulary.preparationAdverbs.contains(tokens[end].lowered) { end += 1 }
        guard end > position, end < tokens.count, IngredientVocabulary.isPreparation(tokens[end].lowered) else {
            return 0
        }
        return end - position + 1
    }

    /// A preparation word before the name that goes to the note: not `ground` (`ground cinnamon` is
    /// bought so), nor one that names the product (`crushed tomatoes`).
    func isLeadingPreparation(at position: Int) -> Bool {
        let word = tokens[position].lowered
        guard word != "ground", IngredientVocabulary.isPreparation(word) else { return false }
        var phrase = word
        for next in tokens[(position + 1)..<min(position + 4, tokens.count)] {
            phrase += " " + next.lowered
            if IngredientVocabulary.preparedProducts.contains(phrase) { return false }
        }
        return true
    }

    /// `bucatini, tagliatelle, or other long pasta`, `spinach, kale, chard or other greens, chopped`: a
    /// list of short names up to one joined by `or`/`and` is one name, and what follows it a note;
    /// `pepper, or to taste`, `shrimp, shelled and deveined` and `leek, white and green parts` are no list.
    private mutating func extendNameThroughList(start: Int) {
        guard index < tokens.count, tokens[index].text == ",", index > start else { return }
        var segmentStart = index + 1
        for segment in 0..<4 {
            var end = segmentStart
            while end < tokens.count, ![",", ";", "(", ":"].contains(tokens[end].text) { end += 1 }
            let words = tokens[segmentStart..<end]
            let opensWithJoin = words.first.map { ["or", "and"].contains($0.lowered) } == true
            // `sour cream or thick yogurt` closes a list before it; `white and green parts` after the name is none.
            let joins = opensWithJoin || segment > 0 && words.contains { ["or", "and"].contains($0.lowered) }
            let named = opensWithJoin ? words.dropFirst() : words
            guard let first = named.first, named.count <= (joins ? 6 : 4), !Self.notNames.contains(first.lowered),
                named.allSatisfy({
                    $0.number == nil && !IngredientVocabulary.isPreparation($0.lowered)
                        && !IngredientVocabulary.nameEnders.contains($0.lowered)
                }),
                named.count == 1 || named.last?.lowered.hasSuffix("ed") == false  // `seeds and stems removed`
            else { return }
            if joins {
                index = end
                return
            }
            guard end < tokens.count, tokens[end].text == "," else { return }
            segmentStart = end + 1
        }
    }

    /// Words that open a note, not a name in a list (`pepper, or to taste`, `oil, or as needed`).
    private static let notNames: Set<String> = [
        "to", "more", "less", "as", "so", "if", "a", "an", "the", "use", "about", "plus", "such", "preferably",
        "pinch",
    ]

    private func endsName(at position: Int, start: Int) -> Bool {
        let token = tokens[position]
        switch token.kind {
        case .mark:
            if [",", ";", "(", ":", "[", "*"].contains(token.text) { return true }
            return ["-", "–", "—"].contains(token.text) && token.spaceBefore
        case .word:
            let word = token.lowered
            guard position > start else { return false }
            // `tomato paste blended with water`, but `tuna packed in oil` is bought so.
            if IngredientVocabulary.isPreparation(word) || word.hasSuffix("ed"), word != "packed",
                position + 1 < tokens.count,
                IngredientVocabulary.preparationLinks.contains(tokens[position + 1].lowered)
            {
                return true
            }
            guard IngredientVocabulary.nameEnders.contains(word) else { return false }
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
    func text(_ range: Range<Int>, skipping asides: [Range<Int>] = []) -> String {
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
    var trimmingMarks: String {
        let marks: Set<Character> = [",", ";", "-", "–", "—", "*", ":", " ", "."]
        var text = self[...]
        while let first = text.first, marks.contains(first) { text = text.dropFirst() }
        while let last = text.last, marks.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
