import ShopKit

/// `shop recipe import SOURCE... [-o PATH | --dir DIR] [--add [--servings N]] [--json] [--dry-run]`
/// (SPEC section 19).
enum RecipeImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Write a web page's recipe as a Cooklang file (and put it on the list with --add).",
        discussion: """
            SOURCE is a saved HTML page, '-' (standard input) or an http(s) address. The page's main schema.org \
            Recipe (JSON-LD, else microdata; with --all every one, at most 50) becomes a .cook file named from \
            its title; an existing file is never overwritten, and a missing --dir folder is made. With --add, \
            the files and the list change together or not at all. Nothing on the page is run or followed.
            """,
        arguments: [
            ArgumentSpec(name: "<source>", help: "Saved HTML pages, '-', or http(s) addresses.", isRepeatable: true)
        ],
        options: [
            output.spec, folder.spec, all.spec, add.spec, RecipeAddCommand.servings.spec, RecipeCommand.label.spec,
            dryRun.spec, CommonOptions.json("each recipe read, with its ingredient lines").spec,
        ],
        data: .writes(log: true),
        run: run
    )

    /// `-o, --output <path>`: the file to write (one recipe).
    static let output = OptionKey<String>.string(
        "output", short: "o", value: "<path>", help: "The Cooklang file to write (one source).")
    /// `--dir <dir>`: the folder to write into.
    static let folder = OptionKey<String>.string(
        "dir", value: "<dir>", help: "The folder to write into, made if missing (default: the current folder).")
    /// `--all`: every recipe of a page (at most 50), not only its main one.
    static let all = OptionKey<Bool>.flag("all", help: "Every recipe of a page (at most 50), not only its main one.")
    /// `--add`: also put the recipe on the list.
    static let add = OptionKey<Bool>.flag("add", help: "Also put the recipe's ingredients on the list.")
    static let dryRun = OptionKey<Bool>.flag("dry-run", help: "Read the page and show the result; write nothing.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = context.options
        let sources = context.invocation.positionals
        if options.contains(output) && options.contains(folder) {
            throw context.usageError("'-o' and '--dir' cannot be used together")
        }
        if options.contains(output) && sources.count > 1 {
            throw context.usageError("'-o' names one file: give one source, or use '--dir'")
        }
        if !options[add] && (options.contains(RecipeAddCommand.servings) || options.contains(RecipeCommand.label)) {
            throw context.usageError("'--servings' and '--for' go with '--add'")
        }
        // A folder that is not one is refused before any page is fetched; a missing one is made when writing.
        if let folder = options[folder] { try RecipeImportFiles.Plan.requireFolder(folder) }
        var imported: [(source: String, recipe: ImportedRecipe, path: String)] = []
        let adds = options[add] && !options[dryRun]
        var planned = RecipeImportFiles.Plan(output: options[output], folder: options[folder], acceptsIdentical: adds)
        for source in sources {
            let bytes = try RecipeImportSources.read(source, context: context)
            let recipes = try RecipeImportSources.recipes(in: bytes, source: source, all: options[all])
            for recipe in recipes {
                imported.append(
                    (
                        RecipeImportSources.shown(source), recipe,
                        try planned.path(for: recipe.fileName, text: recipe.cooklang)
                    ))
            }
        }
        let dryRun = options[dryRun]
        if !dryRun {
            let files = imported.map { (text: $0.recipe.cooklang, path: $0.path) }
            if adds {
                // The files and the list change together (SPEC section 23): staged, the list changed, then placed.
                let requests = try RecipeImportSources.requests(
                    imported.map { ($0.recipe.cooklang, $0.path) }, context: context)
                let staged = try RecipeImportFiles.stage(files, folder: options[folder])
                let outcomes = try RecipeImportSources.addToList(requests, staged: staged, context: &context)
                report(imported, written: true, &context)
                for outcome in outcomes.outcomes { context.say(RecipeOutput.added(outcome, in: outcomes.list)) }
                return
            }
            let staged = try RecipeImportFiles.stage(files, folder: options[folder])
            try RecipeImportFiles.place(staged, acceptingIdentical: false)
        }
        report(imported, written: !dryRun, &context)
    }

    /// The `--json` array and a line for each recipe written (or that would be).
    private static func report(
        _ imported: [(source: String, recipe: ImportedRecipe, path: String)], written: Bool,
        _ context: inout CommandContext
    ) {
        if context.wantsJSON {
            context.output += RecipeImportOutput.json(
                imported.map { ($0.source, $0.recipe, $0.path) }, written: written)
        }
        for entry in imported {
            context.say(RecipeImportOutput.summary(entry.recipe, path: entry.path, written: written))
        }
    }
}
