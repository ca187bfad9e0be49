/// The measure part of an ingredient line (see ``IngredientLineParser``): pack sizes, sizes, the unit, alternatives.
extension IngredientLineParser {
    /// Pack sizes, sizes, the unit, an alternative measure and `of`, in any order people write them.
    mutating func readMeasure(hasQuantity: Bool) -> String? {
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
            } else if IngredientVocabulary.sizeAdverbs.contains(token.lowered), index + 1 < tokens.count,
                IngredientVocabulary.isSize(tokens[index + 1].lowered)
            {
                sizes.append(text(index..<(index + 2)))  // `extra large`
                index += 2
            } else if unit == nil, let (found, length) = unitAt(index) {
                unit = found
                unitStart = index
                index += length
                if index < tokens.count, tokens[index].text == ".", !tokens[index].spaceBefore { index += 1 }
            } else if hasQuantity, token.number != nil, let (_, length) = packSize(at: index) {
                notes.append(text(index..<(index + length)))
                index += length
                if index < tokens.count, tokens[index].text == ".", !tokens[index].spaceBefore { index += 1 }
            } else if let unit, let (second, length) = unitAt(index),
                second == unit || IngredientVocabulary.containers.contains(second)
            {
                // `½ c cup`, `1 tsp teaspoon` (a unit written twice), `15 oz can`: the first counts.
                if second != unit { notes.append(text(index..<(index + length))) }
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
            } else if token.text == "-", !token.spaceBefore, unit == nil, index + 1 < tokens.count,
                unitAt(index + 1) != nil || IngredientVocabulary.lengthUnits.contains(tokens[index + 1].lowered)
            {
                index += 1  // `1-tablespoon`, `1-inch`
            } else if IngredientVocabulary.unitSizes.contains(token.lowered), unit == nil, unitAt(index + 1) != nil {
                sizes.append(token.text)  // `2 thin slices`
                index += 1
            } else if ["x", "×"].contains(token.lowered), hasQuantity, index + 1 < tokens.count,
                tokens[index + 1].number != nil
            {
                index += 1  // `1 x 200ml tub`: the size of each follows
            } else if ["to", "or", "-"].contains(token.lowered), !sizes.isEmpty, index + 1 < tokens.count,
                IngredientVocabulary.isSize(tokens[index + 1].lowered)
            {
                sizes.append(token.text)
                index += 1
            } else if hasQuantity, unit == nil, IngredientVocabulary.lengthUnits.contains(token.lowered),
                index > 0, tokens[index - 1].number != nil || tokens[index - 1].text == "-"
            {
                // `3-inch piece fresh ginger`: the size of the piece, in the note.
                var end = index + 1
                if end < tokens.count, IngredientVocabulary.pieces.contains(tokens[end].lowered) { end += 1 }
                if end < tokens.count, tokens[end].lowered == "of" { end += 1 }
                // `1-inch piece`: the note keeps the length's number.
                let from =
                    index >= 2 && tokens[index - 1].text == "-" && tokens[index - 2].number != nil ? index - 2 : index
                notes.append(text(from..<end))
                index = end
            } else if token.lowered == "or", index + 1 < tokens.count, unit != nil, unitAt(index + 1) != nil {
                notes.append(text(index..<(index + 2)))  // `1 bottle or can`
                index += 2
            } else if token.lowered == "or", !sizes.isEmpty, index + 1 < tokens.count, tokens[index + 1].number != nil {
                // `2 large or 3 small oranges`
                let start = index
                index += 1
                _ = readNumber()
                while index < tokens.count, IngredientVocabulary.isSize(tokens[index].lowered) { index += 1 }
                notes.append(text(start..<index))
            } else if unit != nil, token.lowered == "or", index + 1 < tokens.count,
                ["so", "more", "less"].contains(tokens[index + 1].lowered)
            {
                notes.append(text(index..<(index + 2)))  // `½ cup or so flour`
                index += 2
            } else if unit == nil, token.isWord, IngredientVocabulary.isPreparation(token.lowered),
                unitAt(index + 1) != nil
            {
                notes.append(token.text)  // `1 packed cup`
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
    func unitAt(_ start: Int) -> (String, Int)? {
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

    /// `15-ounce`, `14 oz`, `4- to 5-pound`, `3½-pound`, `6-inch` after the count (`2 15-ounce cans`): each one's size.
    func packSize(at start: Int) -> (String, Int)? {
        var next = afterNumber(start)
        if next + 1 < tokens.count, ["-", "–", "to", "or"].contains(tokens[next].lowered),
            tokens[next + 1].number != nil
        {
            next = afterNumber(next + 1)
        } else if next + 2 < tokens.count, tokens[next].text == "-", ["to", "or"].contains(tokens[next + 1].lowered),
            tokens[next + 2].number != nil
        {
            next = afterNumber(next + 2)
        }
        if next < tokens.count, tokens[next].text == "-" { next += 1 }
        guard next < tokens.count else { return nil }
        if IngredientVocabulary.lengthUnits.contains(tokens[next].lowered) {
            // `1 1½-inch chunk of ginger`: what the length measures is part of the size, unless it is the unit.
            var end = next + 1
            if end < tokens.count, IngredientVocabulary.pieces.contains(tokens[end].lowered), unitAt(end) == nil {
                end += 1
            }
            if end > next + 1, end < tokens.count, tokens[end].lowered == "of" { end += 1 }
            return ("inch", end - start)
        }
        guard let (unit, length) = unitAt(next) else { return nil }
        return (unit, next + length - start)
    }

    /// Where the number at `start` ends: after its fraction when one follows (`3½`, `2 1/2`).
    private func afterNumber(_ start: Int) -> Int {
        guard start + 1 < tokens.count, tokens[start].number?.isWhole == true, let fraction = tokens[start + 1].number,
            fraction < .one, !fraction.isWhole
        else { return start + 1 }
        return start + 2
    }
}
