import ShopKit

/// `shop recipe import SOURCE... [-o PATH | --dir DIR] [--add [--servings N]] [--json] [--dry-run]`
/// (SPEC section 19).
enum RecipeImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Write a web page's recipe as a Cooklang file (and put it on the list with --add).",
        discussion: """
            SOURCE is a saved HTML page, '-' (standard input) or an http(s) address. The page's schema.org \
            Recipe (JSON-LD, else microdata) becomes one .cook file per recipe, named from its title; an \
            existing file is never overwritten. Nothing on the page is run or followed.
            """,
        arguments: [
            ArgumentSpec(name: "<source>", help: "Saved HTML pages, '-', or http(s) addresses.", isRepeatable: true)
        ],
        options: [
            output.spec, folder.spec, add.spec, RecipeAddCommand.servings.spec, RecipeCommand.label.spec,
            dryRun.spec, CommonOptions.json("each recipe read, with its ingredient lines").spec,
        ],
        data: .writes(log: false),
        run: run
    )

    /// `-o, --output <path>`: the file to write (one recipe).
    static let output = OptionKey<String>.string(
        "output", short: "o", value: "<path>", help: "The Cooklang file to write (one source).")
    /// `--dir <dir>`: the folder to write into.
    static let folder = OptionKey<String>.string(
        "dir", value: "<dir>", help: "The folder to write into (default: the current folder).")
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
        // A folder that is not one is refused before any page is fetched.
        if let folder = options[folder] { try RecipeImportFiles.Plan.requireFolder(folder) }
        var imported: [(source: String, recipe: ImportedRecipe, path: String)] = []
        var planned = RecipeImportFiles.Plan(output: options[output], folder: options[folder])
        for source in sources {
            let bytes = try RecipeImportSources.read(source, context: context)
            let recipes = try RecipeImportSources.recipes(in: bytes, source: source)
            for recipe in recipes {
                imported.append((RecipeImportSources.shown(source), recipe, try planned.path(for: recipe.fileName)))
            }
        }
        let dryRun = options[dryRun]
        if !dryRun {
            for entry in imported { try RecipeImportFiles.writeNew(entry.recipe.cooklang, to: entry.path) }
        }
        if context.wantsJSON {
            context.output += RecipeImportOutput.json(
                imported.map { ($0.source, $0.recipe, $0.path) }, written: !dryRun)
        }
        for entry in imported {
            context.say(RecipeImportOutput.summary(entry.recipe, path: entry.path, written: !dryRun))
        }
        guard options[add], !dryRun else { return }
        try RecipeImportSources.addToList(imported.map { ($0.recipe, $0.path) }, context: &context)
    }
}
