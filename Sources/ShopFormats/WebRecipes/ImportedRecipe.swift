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

    /// Every recipe of a page, ready to write.
    /// - Parameters:
    ///   - bytes: the page.
    ///   - source: the address to name in each file's `source`, else the recipe's own `url`.
    /// - Throws: ``WebPageProblem/noRecipe(brokenJSON:)``.
    public static func recipes(inPage bytes: [UInt8], source: String?) throws(WebPageProblem) -> [ImportedRecipe] {
        var seen: [String: Int] = [:]
        return try WebPageReader.recipes(inPage: bytes).map { recipe in
            let lines = recipe.ingredientLines.map(IngredientLine.init(parsing:))
            let stem = fileStem(for: recipe.title)
            let count = (seen[stem.lowercased()] ?? 0) + 1
            seen[stem.lowercased()] = count
            return ImportedRecipe(
                recipe: recipe, lines: lines,
                // The page's own `url` may carry a `user:password@` too: it never reaches the file (SPEC 23).
                cooklang: CooklangWriter.text(
                    for: recipe, lines: lines, source: source ?? recipe.url.map(WebAddress.withoutCredentials)),
                fileName: (count == 1 ? stem : "\(stem)-\(count)") + ".cook")
        }
    }

    /// A file name's stem from a title: no path separators, control or reserved characters, no leading
    /// dot or dash, at most 80 characters and 200 bytes; `recipe` when nothing is left. It never names another folder.
    public static func fileStem(for title: String) -> String {
        let reserved: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var stem = ""
        for character in title {
            let isControl = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            stem.append(isControl || reserved.contains(character) ? " " : character)
        }
        var words = stem.split(separator: " ").joined(separator: " ")[...]
        while let first = words.first, first == "." || first == "-" || first == " " { words = words.dropFirst() }
        var cut = String(words.prefix(80))
        // File systems limit a name to 255 bytes: leave room for `-300.cook`.
        while cut.utf8.count > 200 { cut.removeLast() }
        while let last = cut.last, last == "." || last == " " { cut.removeLast() }
        return cut.isEmpty ? "recipe" : cut
    }
}
