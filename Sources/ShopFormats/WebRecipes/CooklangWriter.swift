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
        out += "title: \(yamlValue(cleanTitle(recipe.title)))\n"
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
        for line in lines where !line.isLeftOut {
            guard let name = line.name else {
                unnamed.append((plain(line.line).trimmingEnds(of: ":"), []))
                continue
            }
            let mark = self.mark(line, name: name)
            if !searchesSteps
                || !steps.indices.contains(where: { steps[$0].markFirst(of: name, with: mark) })
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

    /// A name the markup cannot misread and rule 1 accepts (SPEC section 23), or `nil` when nothing to buy is left
    /// (a line of dashes): no braces, markup or escape (`\`) characters, line breaks, control or invisible characters, no run of `-`
    /// (a comment), no leading modifier (`?`, `&`, `./`) or combining mark, at most 200 characters. It works on
    /// Unicode scalars, as the official parser does: `@` followed by U+0301 is one `Character` but still an `@`.
    public static func cleanName(_ name: String) -> String? {
        var words = ""
        var pendingSpace = false
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isDropped(scalar, at: index, in: scalars) { continue }
            if scalar.properties.isWhitespace || Validation.isControl(scalar)
                || "{}@#~%()[]|\\".unicodeScalars.contains(scalar)
            {
                pendingSpace = !words.isEmpty
                continue
            }
            // Nothing that would follow the `@` as a modifier or a reference, nor a mark that joins with it.
            if words.isEmpty, "?&+=-./".unicodeScalars.contains(scalar) || isCombiningMark(scalar) { continue }
            // After a space a combining mark would join the space, not a letter.
            if pendingSpace, isCombiningMark(scalar) { continue }
            // `--` starts a comment: a run of dashes is one dash.
            if scalar == "-", words.unicodeScalars.last == "-", !pendingSpace { continue }
            if pendingSpace { words.unicodeScalars.append(" ") }
            pendingSpace = false
            words.unicodeScalars.append(scalar)
        }
        words = cappedToNameLength(words)
        // A name with nothing to buy in it (`---`, `*`) is no ingredient.
        let hasContent = words.unicodeScalars.contains {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0.properties.isEmoji && $0.value > 0x7F
                || $0.properties.generalCategory == .otherSymbol
        }
        return hasContent ? words : nil
    }

    /// Rule 1: at most 200 characters, with no space left at the end.
    private static func cappedToNameLength(_ text: String) -> String {
        guard text.utf8.count > Validation.maximumNameLength, text.count > Validation.maximumNameLength else {
            return text
        }
        var words = String(text.prefix(Validation.maximumNameLength))
        while words.last?.isWhitespace == true { words.removeLast() }
        return words
    }

    /// A title as rule 1 takes it (SPEC section 23): control characters and line separators as spaces, invisible
    /// characters dropped, white space collapsed, at most 200 characters; `recipe` when nothing is left.
    public static func cleanTitle(_ title: String) -> String {
        var words = ""
        var pendingSpace = false
        let scalars = Array(title.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isDropped(scalar, at: index, in: scalars) { continue }
            if scalar.properties.isWhitespace || Validation.isControl(scalar) {
                pendingSpace = !words.isEmpty
                continue
            }
            if words.isEmpty, isCombiningMark(scalar) { continue }
            if pendingSpace { words.unicodeScalars.append(" ") }
            pendingSpace = false
            words.unicodeScalars.append(scalar)
        }
        words = cappedToNameLength(words)
        return words.isEmpty ? "recipe" : words
    }

    /// A scalar no file carries: a zero-width or direction mark (SPEC 20), a noncharacter.
    private static func isDropped(_ scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        if scalar.properties.isNoncharacterCodePoint { return true }
        let previous = index > 0 ? scalars[index - 1] : nil
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        return Validation.isInvisibleFormat(scalar, after: previous, before: next)
    }

    /// A mark that joins the character before it (U+0301, U+FE0F, U+20DD).
    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: scalar.properties.isGraphemeExtend || scalar.properties.isVariationSelector
        }
    }

    /// A note inside `( )`: no parentheses of its own.
    private static func noteText(_ note: String) -> String {
        plain(note, inNote: true).replacing(",,", with: ",").replacing(" ,", with: ",").trimmingEnds(of: ", ")
    }

    /// Page text made inert for Cooklang: no `@`, `#`, `~` markup, `\` escape, `--` or `[-` comments, `{ }`, control or
    /// invisible characters, or a leading `>`, `=` or `-` that would make a note, a section or front matter (in a
    /// note, no parentheses either). It works on Unicode scalars, as the official parser reads the file: `@` with a
    /// combining mark after it is still an `@` there.
    static func plain(_ text: String, inNote: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if isDropped(scalar, at: index, in: scalars) { continue }
            if Validation.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result.append(" ")
                continue
            }
            switch scalar {
            case "@": result.append(contentsOf: "at ".unicodeScalars)
            case "#": result.append(contentsOf: "no. ".unicodeScalars)
            case "~": result.append(contentsOf: "about ".unicodeScalars)
            // The official parser reads `\` as an escape: `\@` would hide the mark after it.
            case "\\": result.append("/")
            case "{": result.append(inNote ? "," : "(")
            case "}": result.append(inNote ? "," : ")")
            case "(" where inNote, ")" where inNote: result.append(",")
            case "-" where result.last == "-":
                // `--` is a comment: the pair becomes an en dash.
                result.removeLast()
                result.append("\u{2013}")
            case "-" where result.last == "[": result.append(contentsOf: " -".unicodeScalars)
            case "]" where result.last == "-": result.append(contentsOf: " ]".unicodeScalars)
            default: result.append(scalar)
            }
        }
        var start = result.startIndex
        while start < result.endIndex, ">=- ".unicodeScalars.contains(result[start]) || isCombiningMark(result[start]) {
            start = result.index(after: start)
        }
        return String(result[start...])
    }

    /// A YAML scalar: quoted, with `\` and `"` escaped.
    static func yamlValue(_ text: String) -> String {
        // By scalar: a `\` with a combining mark after it is one `Character`, and still a `\` to YAML.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { quoted.append("\\") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
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
