import ShopModel

/// Writes a web page's recipe as a Cooklang file (SPEC section 19): front matter the official parser reads (`title`,
/// `servings`, `source`, times), then the steps with each ingredient marked where a step first names it
/// (`@onions{2}(large, finely chopped)`); the others are marked in a first step, under a section per heading.
public enum CooklangWriter {
    /// The file's text.
    /// - Parameters:
    ///   - recipe: the recipe as the page gives it.
    ///   - lines: its ingredient lines, read.
    ///   - source: the address to name as its source, if any.
    public static func text(for recipe: WebRecipe, lines: [IngredientLine], source: String?) -> String {
        var out = "---\n"
        out += "title: \(yamlValue(recipe.title))\n"
        if let servings = recipe.servings { out += "servings: \(servings)\n" }
        if let source { out += "source: \(yamlValue(source))\n" }
        if let prep = recipe.prepMinutes { out += "prep time: \(prep) minutes\n" }
        if let cook = recipe.cookMinutes { out += "cook time: \(cook) minutes\n" }
        if let total = recipe.totalMinutes { out += "time required: \(total) minutes\n" }
        out += "---\n"
        var steps: [StepText] = []
        for step in recipe.steps {
            switch step {
            case .section(let name): steps.append(StepText(section: plain(name)))
            case .text(let text): steps.append(StepText(text: plain(text)))
            }
        }
        // Marking searches every step for every line: a hostile page of many of both is not searched
        // (its ingredients all go in the first step), so writing stays fast on any page.
        let stepCharacters = steps.reduce(0) { $0 + $1.text.utf8.count }
        let searchesSteps = lines.count * stepCharacters <= 20_000_000
        var unnamed: [(heading: String?, marks: [String])] = [(nil, [])]
        for line in lines {
            guard let name = line.name else {
                unnamed.append((plain(line.line).trimmingEnds(of: ":"), []))
                continue
            }
            let mark = self.mark(line, name: cleanName(name))
            if !searchesSteps
                || !steps.indices.contains(where: { steps[$0].markFirst(of: cleanName(name), with: mark) })
            {
                unnamed[unnamed.count - 1].marks.append(mark)
            }
        }
        for group in unnamed where !group.marks.isEmpty {
            if let heading = group.heading { out += "\n== \(heading) ==\n" }
            out += "\n" + group.marks.joined(separator: ", ") + "\n"
        }
        if !steps.isEmpty, unnamed.dropFirst().contains(where: { !$0.marks.isEmpty }) { out += "\n== Method ==\n" }
        for step in steps { out += "\n" + step.text + "\n" }
        return out
    }

    /// `@name{quantity%unit}(note)`.
    static func mark(_ line: IngredientLine, name: String) -> String {
        var amount = ""
        if let quantity = line.quantity {
            amount = quantityText(quantity)
            if let unit = line.unit { amount += "%" + unit }
        }
        var mark = "@\(name){\(amount)}"
        if let note = line.note.map(noteText), !note.isEmpty { mark += "(\(note))" }
        return mark
    }

    /// A number as the official parser reads it back exactly: a decimal of up to three places, else a fraction.
    static func quantityText(_ number: ExactNumber) -> String {
        if (number * ExactNumber(whole: 1000)).isWhole { return number.text(places: 3) }
        let whole = number.numerator / number.denominator
        let rest = number.numerator % number.denominator
        return whole > 0 ? "\(whole) \(rest)/\(number.denominator)" : "\(rest)/\(number.denominator)"
    }

    /// A name the markup cannot misread: no braces, markup characters or line breaks.
    static func cleanName(_ name: String) -> String {
        let cleaned = String(name.map { "{}@#~%()[]\n\r".contains($0) ? " " : $0 })
        let words = cleaned.split(separator: " ").joined(separator: " ")
        return words.isEmpty ? "ingredient" : words
    }

    /// A note inside `( )`: no parentheses of its own.
    private static func noteText(_ note: String) -> String {
        plain(note).map { $0 == "(" || $0 == ")" ? "," : $0 }.reduce(into: "") { $0.append($1) }
            .replacing(",,", with: ",").replacing(" ,", with: ",").trimmingEnds(of: ", ")
    }

    /// Page text made inert for Cooklang: no `@`, `#`, `~` markup, `--` or `[-` comments, `{ }`, or a
    /// leading `>`, `=` or `-` that would make a note, a section or front matter.
    static func plain(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "@": result += "at "
            case "#": result += "no. "
            case "~": result += "about "
            case "{": result += "("
            case "}": result += ")"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        result = result.replacing("--", with: "–").replacing("[-", with: "[ -").replacing("-]", with: "- ]")
        while let first = result.first, first == ">" || first == "=" || first == "-" || first == " " {
            result.removeFirst()
        }
        return result
    }

    /// A YAML scalar: quoted, with `\` and `"` escaped.
    static func yamlValue(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}

extension String {
    /// Without the given characters at either end.
    func trimmingEnds(of set: String) -> String {
        var text = self[...]
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
