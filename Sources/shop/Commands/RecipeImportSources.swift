import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `recipe import` and `recipe add URL` read pages from, and how they put them on the list.
enum RecipeImportSources {
    /// The page's bytes: a file, standard input (`-`) or an http(s) address.
    static func read(_ source: String, context: CommandContext) throws(CommandFailure) -> [UInt8] {
        if source == "-" {
            // `nil` is standard input past the 16 MiB every command stops at: larger than a page may be.
            let bytes = context.frontend.readStandardInput().map { Array($0.utf8) }
            guard let bytes, bytes.count <= WebPageReader.maximumPageBytes else {
                throw .report(ErrorReport(message: "the page on standard input is larger than 10 MiB"))
            }
            return bytes
        }
        if PageFetcher.isWebAddress(source) {
            let address = try webAddress(source)
            do {
                return try PageFetcher.fetch(address, environment: context.environment)
            } catch {
                throw .report(ErrorReport(message: Escape.forTerminal(error.message), exitCode: error.exitCode))
            }
        }
        if PageFetcher.hasOtherScheme(source) {
            throw context.usageError(
                "only http:// and https:// addresses are fetched, not "
                    + "'\(Escape.forTerminal(WebAddress.withoutCredentials(source)))'")
        }
        return try RecipeImportFiles.readPage(source)
    }

    /// `source`, an http(s) address, read; a bad one is exit 64 (SPEC 23), named without its credentials.
    static func webAddress(_ source: String) throws(CommandFailure) -> WebAddress {
        do {
            return try WebAddress(parsing: source)
        } catch {
            throw .report(ErrorReport(message: error.message, exitCode: ErrorReport.ExitCode.usage))
        }
    }

    /// `source` as outputs name it: an address as ``WebAddress/shown`` (no credentials), anything else as given.
    static func shown(_ source: String) -> String {
        guard PageFetcher.isWebAddress(source) else { return source }
        return (try? WebAddress(parsing: source).shown) ?? WebAddress.withoutCredentials(source)
    }

    /// The recipes on a page; none is exit 65 naming the source (an address as ``WebAddress/shown``: never its
    /// credentials, which never reach the file's `source:` either).
    static func recipes(in bytes: [UInt8], source: String) throws(CommandFailure) -> [ImportedRecipe] {
        let address = PageFetcher.isWebAddress(source) ? try webAddress(source).shown : nil
        do {
            return try ImportedRecipe.recipes(inPage: bytes, source: address)
        } catch {
            guard case .noRecipe(let broken) = error else { throw .report(ErrorReport(message: "\(error)")) }
            let name = source == "-" ? "standard input" : address ?? source
            throw .report(
                ErrorReport(
                    message: "no recipe found in \(Escape.forTerminal(name))",
                    hint: broken.map { "its JSON-LD could not be read (\($0))" }
                        ?? "the page carries no schema.org Recipe (JSON-LD or microdata)",
                    exitCode: ErrorReport.ExitCode.invalidData))
        }
    }

    /// `recipe add` with addresses among its paths: each page is imported into the current folder (its
    /// file written as `recipe import` writes it), then every recipe goes on the list in one step.
    static func addWithPages(
        _ context: inout CommandContext, scale: RecipeScale, label: String?, includingOptional: Bool
    ) throws(CommandFailure) {
        var plan = RecipeImportFiles.Plan(output: nil, folder: nil)
        var texts: [(text: String, path: String)] = []
        var pages: [(ImportedRecipe, String)] = []
        for source in context.invocation.positionals {
            guard PageFetcher.isWebAddress(source) else {
                texts.append((try attempt { try RecipeFiles.read(source) }, source))
                continue
            }
            for recipe in try recipes(in: try read(source, context: context), source: source) {
                let path = try plan.path(for: recipe.fileName)
                pages.append((recipe, path))
                texts.append((recipe.cooklang, path))
            }
        }
        let requests = try attempt {
            try texts.map { (entry) throws(ShopError) in
                try RecipeRequest(
                    recipe: CooklangRecipe(parsing: entry.text), fileName: RecipeFiles.fileName(entry.path),
                    scale: scale, label: label, includingOptional: includingOptional)
            }
        }
        for (recipe, path) in pages {
            try RecipeImportFiles.writeNew(recipe.cooklang, to: path)
            context.say(RecipeImportOutput.summary(recipe, path: path, written: true))
        }
        let (outcomes, list) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            (try list.addRecipes(requests), list)
        }
        if context.wantsJSON {
            context.output += RecipeOutput.json(outcomes.filter { $0.kind == .added }, in: list)
        }
        for outcome in outcomes { context.say(RecipeOutput.added(outcome, in: list)) }
    }

    /// Puts the written files on the list as `recipe add` would (`--servings`, `--for` as there).
    static func addToList(_ recipes: [(ImportedRecipe, String)], context: inout CommandContext) throws(CommandFailure) {
        let options = context.options
        let scale: RecipeScale = options[RecipeAddCommand.servings].map { .servings($0) } ?? .factor(.one)
        let label = options[RecipeCommand.label]
        let requests = try attempt {
            try recipes.map { (recipe, path) throws(ShopError) in
                try RecipeRequest(
                    recipe: CooklangRecipe(parsing: recipe.cooklang), fileName: RecipeFiles.fileName(path),
                    scale: scale, label: label, includingOptional: false)
            }
        }
        let (outcomes, list) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            (try list.addRecipes(requests), list)
        }
        for outcome in outcomes { context.say(RecipeOutput.added(outcome, in: list)) }
    }
}
