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

    /// The recipes on a page: its main one, or with `all` every one (more than 50 is exit 65); none is exit 65
    /// naming the source (an address as ``WebAddress/shown``: never its credentials, which never reach the file's
    /// `source:` either).
    static func recipes(in bytes: [UInt8], source: String, all: Bool) throws(CommandFailure) -> [ImportedRecipe] {
        let address = PageFetcher.isWebAddress(source) ? try webAddress(source).shown : nil
        let name = source == "-" ? "standard input" : address ?? source
        do {
            return try ImportedRecipe.recipes(inPage: bytes, source: address, all: all)
        } catch {
            switch error {
            case .noRecipe(let broken):
                throw .report(
                    ErrorReport(
                        message: "no recipe found in \(Escape.forTerminal(name))",
                        hint: broken.map { "its JSON-LD could not be read (\($0))" }
                            ?? "the page carries no schema.org Recipe (JSON-LD or microdata)",
                        exitCode: ErrorReport.ExitCode.invalidData))
            case .tooManyRecipes(let count):
                throw .report(
                    ErrorReport(
                        message:
                            "\(Escape.forTerminal(name)) holds \(count) recipes; '--all' takes at most \(ImportedRecipe.maximumRecipesPerPage)",
                        hint: "leave out '--all' for the page's main recipe", exitCode: ErrorReport.ExitCode.invalidData
                    ))
            }
        }
    }

    /// `recipe add` with addresses among its paths: each page's recipe is imported into the current folder (its
    /// file written as `recipe import` writes it), and every recipe goes on the list, in one step: the files are
    /// staged, the list changed, then the files put in place, so a failure leaves neither (SPEC section 23), and a
    /// file already there with exactly the same text (an earlier run's) is taken as written.
    static func addWithPages(
        _ context: inout CommandContext, scale: RecipeScale, label: String?, includingOptional: Bool
    ) throws(CommandFailure) {
        var plan = RecipeImportFiles.Plan(output: nil, folder: nil, acceptsIdentical: true)
        var texts: [(text: String, path: String)] = []
        var pages: [(recipe: ImportedRecipe, path: String)] = []
        let all = context.options[RecipeImportCommand.all]
        for source in context.invocation.positionals {
            guard PageFetcher.isWebAddress(source) else {
                texts.append((try attempt { try RecipeFiles.read(source) }, source))
                continue
            }
            for recipe in try recipes(in: try read(source, context: context), source: source, all: all) {
                let path = try plan.path(for: recipe.fileName, text: recipe.cooklang)
                pages.append((recipe, path))
                texts.append((recipe.cooklang, path))
            }
        }
        let requests = try Self.requests(texts, scale: scale, label: label, includingOptional: includingOptional)
        let staged = try RecipeImportFiles.stage(pages.map { ($0.recipe.cooklang, $0.path) }, folder: nil)
        let (outcomes, list) = try addToList(requests, staged: staged, context: &context)
        for (recipe, path) in pages { context.say(RecipeImportOutput.summary(recipe, path: path, written: true)) }
        if context.wantsJSON {
            context.output += RecipeOutput.json(outcomes.filter { $0.kind == .added }, in: list)
        }
        for outcome in outcomes { context.say(RecipeOutput.added(outcome, in: list)) }
    }

    /// What `--add` puts on the list for written files (`--servings`, `--for` as `recipe add` takes them).
    static func requests(_ recipes: [(text: String, path: String)], context: CommandContext) throws(CommandFailure)
        -> [RecipeRequest]
    {
        let options = context.options
        let scale: RecipeScale = options[RecipeAddCommand.servings].map { .servings($0) } ?? .factor(.one)
        return try requests(recipes, scale: scale, label: options[RecipeCommand.label], includingOptional: false)
    }

    /// The recipes of Cooklang `recipes`, each named by its file, as they go on the list.
    static func requests(
        _ recipes: [(text: String, path: String)], scale: RecipeScale, label: String?, includingOptional: Bool
    ) throws(CommandFailure) -> [RecipeRequest] {
        try attempt {
            try recipes.map { (text, path) throws(RecipeError) in
                try RecipeRequest(
                    recipe: CooklangRecipe(parsing: text), fileName: RecipeFiles.fileName(path), scale: scale,
                    label: label, includingOptional: includingOptional)
            }
        }
    }

    /// Changes the list for staged files, then puts the files in place: a change that fails removes them, so the
    /// list and the files change together or not at all.
    static func addToList(
        _ requests: [RecipeRequest], staged: [RecipeImportFiles.Staged], context: inout CommandContext
    )
        throws(CommandFailure) -> (outcomes: [ShoppingList.RecipeOutcome], list: ShoppingList)
    {
        let now = context.now
        let result: ([ShoppingList.RecipeOutcome], ShoppingList)
        do {
            result = try context.updateWorkspace { (workspace: inout Workspace) throws(RecipeError) in
                // The list each recipe goes on (--list, SHOP_LIST, its own metadata), read under the lock.
                let placed = try context.placingRecipes(requests, in: workspace.list)
                let outcomes = try workspace.list.addRecipes(placed, log: workspace.log, now: now)
                // New ingredients go where their names say (SPEC 21).
                workspace.list.placeNewItems(outcomes.flatMap(\.created))
                return (outcomes, workspace.list)
            }
        } catch {
            RecipeImportFiles.discard(staged)
            throw error
        }
        try RecipeImportFiles.place(staged, acceptingIdentical: true)
        return result
    }
}
