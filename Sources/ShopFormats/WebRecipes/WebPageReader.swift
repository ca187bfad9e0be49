import ShopJSON

/// Why a page gave no recipe.
public enum WebPageProblem: Error, Hashable, Sendable {
    /// The page holds no schema.org `Recipe` in JSON-LD or microdata; `brokenJSON` describes the first
    /// JSON-LD block that could not be read, when there was one (`line 3, column 9: ...`).
    case noRecipe(brokenJSON: String?)
    /// `--all` on a page of more recipes than ``ImportedRecipe/maximumRecipesPerPage``: how many it holds.
    case tooManyRecipes(Int)
}

/// Reads the schema.org recipes of a saved or fetched page (SPEC section 19). Nothing in the page is
/// run, fetched or followed; every step is linear in the page's size and bounded in depth.
public enum WebPageReader {
    /// The largest page read, as for a fetched one: 10 MiB.
    public static let maximumPageBytes = 10 * 1024 * 1024

    /// The recipes of a page: those of its JSON-LD, else those of its microdata.
    /// - Throws: ``WebPageProblem/noRecipe(brokenJSON:)`` when there is none.
    public static func recipes(inPage bytes: [UInt8]) throws(WebPageProblem) -> [WebRecipe] {
        var scanner = HTMLScanner(bytes)
        var recipes: [WebRecipe] = []
        var brokenJSON: String?
        while let piece = scanner.next() {
            guard case .script(let attributes, let body) = piece,
                (attributes["type"] ?? "").lowercased().contains("ld+json")
            else { continue }
            do {
                recipes += SchemaRecipeReader.recipes(in: try parseJSON(bytes[body]))
            } catch {
                if brokenJSON == nil { brokenJSON = "line \(error.line), column \(error.column): \(error.message)" }
            }
        }
        var tree: HTMLTree?
        if recipes.isEmpty {
            tree = HTMLTree(bytes)
            recipes = MicrodataRecipeReader.recipes(in: tree!)
        }
        guard !recipes.isEmpty else { throw .noRecipe(brokenJSON: brokenJSON) }
        // A title the data lacks comes from the page's heading.
        if recipes.contains(where: { $0.title.isEmpty }) {
            let heading = pageHeading(in: tree ?? HTMLTree(bytes))
            for index in recipes.indices where recipes[index].title.isEmpty {
                recipes[index].title = heading ?? "recipe"
            }
        }
        return recipes
    }

    /// A JSON-LD block as pages write it: raw line breaks and tabs inside strings (which strict JSON
    /// refuses) read as spaces, an HTML comment or CDATA wrapper and a trailing `;` ignored.
    static func parseJSON(_ body: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        var text = body.map { $0 < 0x20 ? UInt8(ascii: " ") : $0 }
        for (opening, closing) in [("<!--", "-->"), ("//<![CDATA[", "//]]>"), ("<![CDATA[", "]]>")] {
            let trimmed = String(decoding: text, as: UTF8.self).trimmingSpaces
            if trimmed.hasPrefix(opening), trimmed.hasSuffix(closing) {
                text = Array(trimmed.dropFirst(opening.count).dropLast(closing.count).utf8)
            }
        }
        while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: ";") { text.removeLast() }
        return try JSONValue.parse(text)
    }

    /// The text of the page's first `<h1>`, else its `<title>`.
    private static func pageHeading(in tree: HTMLTree) -> String? {
        for name in ["h1", "title"] {
            if let index = tree.descendants(of: 0).first(where: { tree.elements[$0].name == name }) {
                let text = HTMLText.clean(tree.rawText(of: index))
                if !text.isEmpty { return text }
            }
        }
        return nil
    }
}
