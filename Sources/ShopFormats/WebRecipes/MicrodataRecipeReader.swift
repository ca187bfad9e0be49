/// Reads schema.org `Recipe`s out of a page's microdata (SPEC section 19): an element with `itemscope` and
/// an `itemtype` ending in `/Recipe`, and the `itemprop`s that belong to it (not to an item nested in it).
enum MicrodataRecipeReader {
    /// Every microdata recipe on the page, in document order.
    static func recipes(in tree: HTMLTree) -> [WebRecipe] {
        let roots = tree.descendants(of: 0).filter { index in
            let attributes = tree.elements[index].attributes
            return attributes["itemscope"] != nil
                && (attributes["itemtype"] ?? "").split(separator: " ").contains {
                    $0.hasSuffix("/Recipe")
                }
        }
        return roots.map { recipe(at: $0, in: tree) }
    }

    private static func recipe(at root: Int, in tree: HTMLTree) -> WebRecipe {
        var title: String?
        var yield: String?
        var lines: [String] = []
        var steps: [WebRecipe.Step] = []
        var times: [String: Int] = [:]
        // Properties inside a nested item belong to it: do not enter an element with its own itemscope.
        let owned = tree.descendants(of: root) { tree.elements[$0].attributes["itemscope"] == nil }
        for index in owned {
            let element = tree.elements[index]
            guard let names = element.attributes["itemprop"]?.split(separator: " ") else { continue }
            for name in names {
                switch name {
                case "name" where title == nil: title = nonEmpty(value(of: index, in: tree))
                case "recipeYield" where yield == nil: yield = nonEmpty(value(of: index, in: tree))
                case "recipeIngredient", "ingredients": lines += listTexts(of: index, in: tree)
                case "recipeInstructions":
                    steps += listTexts(of: index, in: tree).map { .text($0) }
                case "prepTime", "cookTime", "totalTime":
                    let text = element.attributes["content"] ?? element.attributes["datetime"] ?? ""
                    if let minutes = WebRecipe.minutes(inDuration: text) { times[String(name)] = minutes }
                default: continue
                }
            }
        }
        return WebRecipe(
            title: title ?? "", yield: yield, prepMinutes: times["prepTime"], cookMinutes: times["cookTime"],
            totalMinutes: times["totalTime"], ingredientLines: lines, steps: steps)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// A property's value: its `content` attribute, else its text.
    private static func value(of index: Int, in tree: HTMLTree) -> String {
        if let content = tree.elements[index].attributes["content"] { return HTMLText.clean(content) }
        return HTMLText.clean(tree.rawText(of: index))
    }

    /// The lines of a property: one per list item or paragraph inside it, else its whole value.
    private static func listTexts(of index: Int, in tree: HTMLTree) -> [String] {
        if let content = tree.elements[index].attributes["content"] {
            let cleaned = HTMLText.clean(content)
            return cleaned.isEmpty ? [] : [cleaned]
        }
        let items = tree.descendants(of: index).filter { ["li", "p"].contains(tree.elements[$0].name) }
        let texts = items.isEmpty ? [tree.rawText(of: index)] : items.map { tree.rawText(of: $0) }
        return texts.map { HTMLText.clean($0) }.filter { !$0.isEmpty }
    }
}
