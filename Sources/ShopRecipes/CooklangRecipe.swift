import ShopModel

/// A recipe read from a Cooklang file (`.cook`): its metadata and the ingredients it needs.
///
/// The reader follows the Cooklang specification for what a shopping list needs: ingredients `@name`,
/// `@multi word name{}`, `@name{quantity}`, `@name{quantity%unit}`, optional ones `@?name{...}`, line comments `--`,
/// block comments `[- ... -]`, YAML front matter between `---` lines and the older `>> key: value` metadata lines,
/// fixed quantities `{=1%tsp}`. Cookware (`#`), timers (`~`), notes (`>` lines) and text are read past, and so are
/// references to other recipes (`@./Sauce{}`), which are not ingredients to buy. Markup that does not parse is text, as
/// the specification's tests require; only a quantity the official parser reads as a number that is no amount to buy
/// (`0`, `1/0`) is an error, when it is used (``Ingredient/checkedAmount(source:)``).
public struct CooklangRecipe: Hashable, Sendable {
    /// One ingredient as written in the recipe.
    public struct Ingredient: Hashable, Sendable {
        /// The name, trimmed (`ground black pepper`).
        public var name: String
        /// The quantity as written (`1/2`, `few`), without the `=` of a fixed one, or `nil` when none was given.
        public var quantityText: String?
        /// The unit as written (`cup`, `sprigs`), or `nil`.
        public var unitText: String?
        /// Marked optional with `@?`.
        public var isOptional: Bool
        /// A fixed quantity (`@salt{=1%tsp}`): never scaled.
        public var isFixed: Bool = false

        /// The amount to buy (SPEC sections 14 and 19): `nil` for no quantity or one the official parser
        /// reads as text (`few`, `7 k`, `01/2`).
        /// - Parameter source: where the ingredient is, for the error (`lasagne.cook: @flour`).
        /// - Throws: what ``IngredientQuantity/amount(_:unit:source:)`` throws.
        public func checkedAmount(source: String) throws(RecipeError) -> Amount? {
            try IngredientQuantity.amount(quantityText, unit: unitText, source: source)
        }
    }

    /// The metadata, by key as written (front matter and `>>` lines), in file order.
    public var metadata: [(key: String, value: String)]
    /// Every ingredient, in the order the recipe names them (the same name may come twice).
    public var ingredients: [Ingredient]

    /// The `title` metadata, if any.
    public var title: String? { value(forKey: "title") }

    /// The number of servings the quantities are written for: the leading number of the `servings`
    /// metadata (`4`, `4 people`, or the first of `2|4|6`); `nil` when absent or not a number.
    public var servings: ExactNumber? {
        guard let text = value(forKey: "servings") else { return nil }
        let number = text.prefix { "0123456789./".contains($0) }
        guard let servings = ExactNumber(parsing: number, maximumFractionDigits: 3), !servings.isZero else {
            return nil
        }
        return servings
    }

    /// The metadata value for `key`, compared case-insensitively; the last one wins.
    public func value(forKey key: String) -> String? {
        metadata.last { $0.key.lowercased() == key.lowercased() }?.value
    }

    /// Reads a recipe's text.
    public init(parsing text: String) {
        var reader = CooklangReader(text: text)
        reader.read()
        metadata = reader.metadata
        ingredients = reader.ingredients
    }

    public static func == (lhs: CooklangRecipe, rhs: CooklangRecipe) -> Bool {
        lhs.ingredients == rhs.ingredients && lhs.metadata.elementsEqual(rhs.metadata, by: { $0 == $1 })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ingredients)
        for entry in metadata {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// The reading state: the text as characters, the metadata and ingredients found so far.
private struct CooklangReader {
    let lines: [Substring]
    var metadata: [(key: String, value: String)] = []
    var ingredients: [CooklangRecipe.Ingredient] = []
    var comments = CooklangComments()

    init(text: String) {
        lines = text.cooklangLines
    }

    mutating func read() {
        var index = readFrontMatter()
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.trimmingSpaces
            if !comments.inBlockComment, trimmed.hasPrefix(">>") {
                addMetadata(trimmed.dropFirst(2))
                continue
            }
            // A `>` line is a note: text, whatever it names (`> Alternatively, add @yellow onion{1}`).
            if !comments.inBlockComment, trimmed.hasPrefix(">") { continue }
            readStep(comments.strip(line))
        }
    }

    /// YAML front matter: a first line `---`, `key: value` lines, a closing `---`. Without the closing
    /// line there is no front matter and the lines are steps. Returns the first line after it.
    private mutating func readFrontMatter() -> Int {
        guard let first = lines.firstIndex(where: { !$0.trimmingSpaces.isEmpty }),
            lines[first].trimmingSpaces == "---",
            let closing = lines[(first + 1)...].firstIndex(where: { $0.trimmingSpaces == "---" })
        else { return 0 }
        let block = lines[(first + 1)..<closing]
        // Front matter that is not valid YAML gives no metadata (the official parser warns and reads the
        // steps): its title and servings are not trusted, and its lines are never steps.
        guard FrontMatter.looksValid(block) else { return closing + 1 }
        for line in block where !line.hasPrefix(" ") && !line.hasPrefix("\t") { addMetadata(line) }
        return closing + 1
    }

    private mutating func addMetadata(_ line: Substring) {
        guard let colon = line.firstIndex(of: ":") else { return }
        let key = line[..<colon].trimmingSpaces
        guard !key.isEmpty else { return }
        var value = String(line[line.index(after: colon)...].trimmingSpaces)
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
            let inside = value.dropFirst().dropLast()
            // A quoted YAML scalar means what its escapes say, as the official parser reads it (`"Tom's \"best\""`).
            value = quote == "'" ? String(inside.replacing("''", with: "'")) : Self.unescapedYAML(inside)
        }
        metadata.append((String(key), value))
    }

    /// A double-quoted YAML scalar's text with its escapes read (`\"`, `\\`, `\t`, `\u00e9`, ...); an escape YAML
    /// does not know is kept as written.
    static func unescapedYAML(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let code = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
                "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
                "L": "\u{2028}", "P": "\u{2029}",
            ]
            if let plain = simple[code] {
                result.append(plain)
                continue
            }
            let digits = code == "x" ? 2 : code == "u" ? 4 : code == "U" ? 8 : 0
            let hex = String(String.UnicodeScalarView(scalars.prefix(digits)))
            if digits > 0, hex.unicodeScalars.count == digits, let value = UInt32(hex, radix: 16),
                let decoded = Unicode.Scalar(value)
            {
                result.append(decoded)
                scalars = scalars.dropFirst(digits)
                continue
            }
            result.append(scalar)
            result.append(code)
        }
        return String(result)
    }

    private mutating func readStep(_ line: Substring) {
        var index = line.startIndex
        while let at = line[index...].firstIndex(of: "@") {
            index = line.index(after: at)
            if let (ingredient, end) = Self.ingredient(in: line, after: index) {
                if let ingredient { ingredients.append(ingredient) }
                index = end
            }
        }
    }

    /// The ingredient that starts right after an `@`, and where its markup ends; `nil` when the `@` is
    /// just text. The inner `nil` is markup that is no ingredient to buy (a reference to a recipe).
    private static func ingredient(in line: Substring, after start: Substring.Index)
        -> (CooklangRecipe.Ingredient?, Substring.Index)?
    {
        var index = start
        var isOptional = false
        if index < line.endIndex, line[index] == "?" {
            isOptional = true
            index = line.index(after: index)
        }
        guard index < line.endIndex, !line[index].isWhitespace else { return nil }
        // A name of several words runs to a `{` before the next markup; otherwise it is one word.
        let stop = line[index...].firstIndex { $0 == "@" || $0 == "#" || $0 == "~" } ?? line.endIndex
        if let brace = line[index..<stop].firstIndex(of: "{"),
            let close = line[brace...].firstIndex(of: "}")
        {
            let name = line[index..<brace].trimmingSpaces
            guard !name.isEmpty else { return nil }
            let end = line.index(after: close)
            if name.hasPrefix("./") || name.hasPrefix("@") { return (nil, end) }
            var (quantity, unit) = IngredientQuantity.quantityAndUnit(line[line.index(after: brace)..<close])
            // `{=1%tsp}`: a fixed quantity, as the official parser reads it.
            var isFixed = false
            if let fixed = quantity, fixed.hasPrefix("=") {
                isFixed = true
                let rest = fixed.dropFirst().trimmingSpaces
                quantity = rest.isEmpty ? nil : String(rest)
                if quantity == nil { unit = nil }
            }
            return (
                .init(
                    name: String(name), quantityText: quantity, unitText: unit, isOptional: isOptional, isFixed: isFixed
                ),
                end
            )
        }
        let end =
            line[index...].firstIndex { $0.isWhitespace || $0.isPunctuation || $0.isSymbolOrMarkup } ?? line.endIndex
        guard end > index else { return nil }
        let name = String(line[index..<end])
        return (.init(name: name, quantityText: nil, unitText: nil, isOptional: isOptional), end)
    }
}

extension Character {
    /// Characters that end a one-word name besides punctuation: the ASCII symbols a sentence uses
    /// (`+`, `<`, `=`, `>`, `|`, `$`); emoji and letters do not.
    fileprivate var isSymbolOrMarkup: Bool { isASCII && isSymbol }
}
