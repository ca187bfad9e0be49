/// A recipe read from a page and made ready to write (SPEC section 19): its lines read, its Cooklang, its file name.
public struct ImportedRecipe: Hashable, Sendable {
    /// The recipe as the page gives it.
    public var recipe: WebRecipe
    /// Its ingredient lines, read, in the page's order (headings included, with no name).
    public var lines: [IngredientLine]
    /// The Cooklang file's text.
    public var cooklang: String
    /// The file name, without folder: the title made safe (`Pasta alla Norma.cook`), with `-2`, `-3` for a
    /// second and third recipe of the same title on one page.
    public var fileName: String

    /// The ingredient lines left out because they name nothing to buy once cleaned (`---`), as the page gives them.
    public var leftOut: [String] = []

    /// The most recipes one page gives with `--all` (SPEC section 23).
    public static let maximumRecipesPerPage = 50

    /// A page's recipes, ready to write: its main recipe (the first with ingredient lines, else the first), or with
    /// `all` every one of them, at most ``maximumRecipesPerPage``.
    /// - Parameters:
    ///   - bytes: the page.
    ///   - source: the address to name in each file's `source`, else the recipe's own `url`.
    ///   - all: every recipe of the page, not only its main one.
    /// - Throws: ``WebPageProblem/noRecipe(brokenJSON:)``; ``WebPageProblem/tooManyRecipes(_:)`` for more than
    ///   ``maximumRecipesPerPage`` with `all`.
    public static func recipes(inPage bytes: [UInt8], source: String?, all: Bool = false) throws(WebPageProblem)
        -> [ImportedRecipe]
    {
        var found = try WebPageReader.recipes(inPage: bytes)
        if !all {
            found = [found.first { !$0.ingredientLines.isEmpty } ?? found[0]]
        } else if found.count > maximumRecipesPerPage {
            throw .tooManyRecipes(found.count)
        }
        var seen: [String: Int] = [:]
        return found.map { page in
            var recipe = page
            // Rule 1 for the title, so `recipe add` of the file takes it as `--json` prints it.
            recipe.title = CooklangWriter.cleanTitle(recipe.title)
            let read = recipe.ingredientLines.map(IngredientLine.init(parsing:))
            let lines = read.filter { !$0.isLeftOut }
            let stem = fileStem(for: recipe.title)
            let count = (seen[stem.lowercased()] ?? 0) + 1
            seen[stem.lowercased()] = count
            return ImportedRecipe(
                recipe: recipe, lines: lines,
                // The page's own `url` may carry a `user:password@` too: it never reaches the file (SPEC 23).
                cooklang: CooklangWriter.text(
                    for: recipe, lines: lines, source: source ?? recipe.url.map(WebAddress.withoutCredentials)),
                fileName: (count == 1 ? stem : "\(stem)-\(count)") + ".cook",
                leftOut: read.filter(\.isLeftOut).map(\.line))
        }
    }

    /// A file name's stem from a title: no path separators, control or reserved characters, no leading
    /// dot or dash, at most 80 characters and 200 bytes; `recipe` when nothing is left. It never names another folder.
    public static func fileStem(for title: String) -> String {
        // By scalar: `/` with a combining mark after it is one `Character`, and still a path separator.
        let reserved: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var scalars = String.UnicodeScalarView()
        for scalar in title.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            scalars.append(isControl || reserved.contains(scalar) ? " " : scalar)
        }
        let stem = String(scalars)
        var words = stem.split(separator: " ").joined(separator: " ")[...]
        while let first = words.first, first == "." || first == "-" || first == " " { words = words.dropFirst() }
        var cut = String(words.prefix(80))
        // File systems limit a name to 255 bytes: leave room for `-300.cook`.
        while cut.utf8.count > 200 { cut.removeLast() }
        while let last = cut.last, last == "." || last == " " { cut.removeLast() }
        return cut.isEmpty ? "recipe" : cut
    }
}
