import ShopKit

/// What `recipe import` prints: a line per recipe, or with `--json` (SPEC section 19) an array of `{"title",
/// "servings", "source", "file", "ingredients": [{"line", "name", "quantity", "unit", "preparation"}]}`.
enum RecipeImportOutput {
    /// `Wrote Pasta alla Norma.cook: 9 ingredients` (or `Would write` on a dry run), then each line left out.
    static func summary(_ recipe: ImportedRecipe, path: String, written: Bool) -> String {
        let count = recipe.lines.filter { !$0.isHeading }.count
        var text =
            "\(written ? "Wrote" : "Would write") \(Escape.forTerminal(path)): "
            + "\(Escape.forTerminal(recipe.recipe.title)), \(HumanOutput.count(count, "ingredient", "ingredients"))"
        // Lines that name nothing to buy once cleaned (SPEC section 23) are said, not silently dropped.
        for line in recipe.leftOut { text += "\n  left out (no name to buy): " + Escape.forTerminal(line) }
        return text
    }

    /// The JSON array.
    static func json(_ recipes: [(source: String, recipe: ImportedRecipe, path: String)], written: Bool) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginArray()
        for entry in recipes {
            writer.beginObject()
            writer.key(static: "title")
            writer.string(entry.recipe.recipe.title)
            writer.key(static: "servings")
            if let servings = entry.recipe.recipe.servings { writer.int(servings) } else { writer.null() }
            writer.key(static: "source")
            writer.string(entry.source)
            writer.key(static: "file")
            writer.string(entry.path)
            writer.key(static: "ingredients")
            writer.beginArray()
            for line in entry.recipe.lines { write(line, to: &writer) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        return JSONOutput.finish(&writer)
    }

    private static func write(_ line: IngredientLine, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(static: "line")
        writer.string(line.line)
        writer.key(static: "name")
        if let name = line.name { writer.string(name) } else { writer.null() }
        writer.key(static: "quantity")
        if let quantity = line.quantity { writer.number(raw: number(quantity)) } else { writer.null() }
        writer.key(static: "unit")
        if let unit = line.unit { writer.string(unit) } else { writer.null() }
        writer.key(static: "preparation")
        if let note = line.note { writer.string(note) } else { writer.null() }
        writer.endObject()
    }

    /// A JSON number: exact when it has at most six decimal places, else to six (`1/3` → `0.333333`).
    static func number(_ value: ExactNumber) -> String {
        var text = value.text(places: 6)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
