import ShopJSON

/// Reads schema.org `Recipe`s out of JSON-LD (SPEC section 19): a recipe object on its own, in an array,
/// inside `@graph` or under another node (`mainEntity`), with `@type` a string or an array.
enum SchemaRecipeReader {
    /// Every recipe in one JSON-LD document, in document order.
    static func recipes(in document: JSONValue) -> [WebRecipe] {
        var found: [WebRecipe] = []
        collect(document, into: &found)
        return found
    }

    /// Walks objects and arrays (their depth bounded by the JSON reader) for recipe nodes, not searching inside one.
    private static func collect(_ value: JSONValue, into found: inout [WebRecipe]) {
        switch value {
        case .array(let elements):
            for element in elements { collect(element, into: &found) }
        case .object(let members):
            if isRecipe(value), let recipe = recipe(from: value) {
                found.append(recipe)
                return
            }
            // `@graph` first, then the other members in a stable order.
            if let graph = members["@graph"] { collect(graph, into: &found) }
            for key in members.keys.sorted() where key != "@graph" { collect(members[key]!, into: &found) }
        default:
            return
        }
    }

    /// `@type` is `Recipe` (or ends in `/Recipe`, `:Recipe`), alone or in an array.
    static func isRecipe(_ value: JSONValue) -> Bool {
        let types: [String]
        switch value["@type"] {
        case .string(let type): types = [type]
        case .array(let elements): types = elements.compactMap(\.string)
        default: return false
        }
        return types.contains { $0 == "Recipe" || $0.hasSuffix("/Recipe") || $0.hasSuffix(":Recipe") }
    }

    private static func recipe(from node: JSONValue) -> WebRecipe? {
        let title = firstText(node["name"]) ?? firstText(node["headline"]) ?? ""
        var lines: [String] = []
        flattenText(node["recipeIngredient"] ?? node["ingredients"], into: &lines)
        var steps: [WebRecipe.Step] = []
        readInstructions(node["recipeInstructions"], into: &steps)
        return WebRecipe(
            title: title, yield: yieldText(node["recipeYield"]),
            url: firstText(node["url"]).flatMap { $0.hasPrefix("http") ? $0 : nil },
            prepMinutes: firstText(node["prepTime"]).flatMap(WebRecipe.minutes(inDuration:)),
            cookMinutes: firstText(node["cookTime"]).flatMap(WebRecipe.minutes(inDuration:)),
            totalMinutes: firstText(node["totalTime"]).flatMap(WebRecipe.minutes(inDuration:)),
            ingredientLines: lines, steps: steps)
    }

    /// The first non-empty cleaned text of a string, a number, or an array of them.
    private static func firstText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text):
            let cleaned = HTMLText.clean(text)
            return cleaned.isEmpty ? nil : cleaned
        case .number(let number): return number
        case .array(let elements):
            for element in elements {
                if let text = firstText(element) { return text }
            }
            return nil
        default: return nil
        }
    }

    /// `recipeYield`: of several values (`["4", "4 servings"]`) the one that reads best for a person.
    private static func yieldText(_ value: JSONValue?) -> String? {
        guard case .array(let elements) = value else { return firstText(value) }
        let texts = elements.compactMap { firstText($0) }
        return texts.first { $0.contains(" ") && $0.first?.isNumber == true } ?? texts.first
    }

    /// Ingredient lines: strings, arrays of them (flattened), cleaned, empty ones dropped.
    private static func flattenText(_ value: JSONValue?, into lines: inout [String]) {
        switch value {
        case .string(let text):
            let cleaned = HTMLText.clean(text)
            if !cleaned.isEmpty { lines.append(cleaned) }
        case .number(let number): lines.append(number)
        case .array(let elements):
            for element in elements { flattenText(element, into: &lines) }
        default: return
        }
    }

    /// Instructions as a string, a list of strings, `HowToStep`s (their `text`, else `name`),
    /// `HowToSection`s (their `name`, then their `itemListElement`) or an `ItemList`.
    private static func readInstructions(_ value: JSONValue?, into steps: inout [WebRecipe.Step]) {
        switch value {
        case .string(let text):
            // One string may hold several paragraphs; each line of it is a step.
            for paragraph in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
                let cleaned = HTMLText.clean(paragraph)
                if !cleaned.isEmpty { steps.append(.text(cleaned)) }
            }
        case .array(let elements):
            for element in elements { readInstructions(element, into: &steps) }
        case .object:
            let type = value?["@type"]?.string ?? ""
            if let items = value?["itemListElement"] {
                if type.hasSuffix("HowToSection"), let name = firstText(value?["name"]) { steps.append(.section(name)) }
                readInstructions(items, into: &steps)
            } else if let text = firstText(value?["text"]) ?? firstText(value?["name"]) {
                steps.append(.text(text))
            }
        default: return
        }
    }
}
