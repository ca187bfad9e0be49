/// The one declaration of every `shop` command, argument and option (SPEC section 2): the tree of the
/// commands' own declarations (each command's `spec`, in its file under `Commands/`).
///
/// Parsing, running (``ArgumentParser``), help and usage lines (``HelpRenderer``) and the completion scripts are all
/// derived from this table, and a test checks that help and table agree, so a flag is added here and nowhere else.
enum CommandTable {
    /// The program name used in usage lines and help.
    static let programName = "shop"

    /// The whole tree: the program itself, its global options, and every command as a subcommand.
    static let root = CommandSpec(
        name: programName,
        abstract: "A shopping list for the command line.",
        discussion: """
            Options before the command are global. After the command, the command's own options apply, \
            and the global options are still accepted by their long names (--file, --store, --list, --color, --quiet).
            """,
        options: globalOptions,
        subcommands: commands
    )

    /// Options that apply to every command.
    static let globalOptions: [OptionSpec] = [
        GlobalOptions.file.spec, GlobalOptions.store.spec, GlobalOptions.list.spec, GlobalOptions.color.spec,
        GlobalOptions.quiet.spec,
        GlobalOptions.version.spec,
    ]

    /// The long name of the option that asks for the version (handled by the parser, not a command).
    static let versionOption = GlobalOptions.version.spec.long

    /// Every command, in the order the overview lists them.
    static let commands: [CommandSpec] = [
        AddCommand.spec, BuyCommand.spec, UnbuyCommand.spec, DropCommand.spec, ListCommand.spec,
        PurchasedCommand.spec, HistoryCommand.spec, SpendingCommand.spec, ShowCommand.spec, GuessCommand.spec,
        EditCommand.spec,
        RemoveCommand.spec, AvailableCommand.spec, UnavailableCommand.spec, LocationCommand.listing,
        LocationCommand.spec, StoreCommand.listing, StoreCommand.spec, ListsCommand.spec, MoveCommand.spec,
        RecipeCommand.spec, RecipesCommand.spec,
        PlanCommand.spec, RestockCommand.spec, StockCommand.spec, UseCommand.spec, OpenCommand.spec,
        TimerCommand.spec, DeviceCommand.spec, ServeCommand.spec,
        UndoCommand.spec, RedoCommand.spec, SyncCommand.spec, MergeFileCommand.spec, ImportCommand.spec,
        ExportCommand.spec, SampleCommand.spec, DemoCommand.spec, CompletionsCommand.spec, ManCommand.spec,
        HelpCommand.spec, CompleteCommand.spec,
    ]

    /// The command at `path` (`["location", "add"]`), or `nil` if there is none; `[]` is ``root``.
    static func command(at path: [String]) -> CommandSpec? {
        var spec = root
        for name in path {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// Every command path in the tree (`["add"]`, ..., `["location"]`, `["location", "add"]`, ...),
    /// hidden ones included, root excluded: what the help and completion tests walk.
    static var allPaths: [[String]] {
        func walk(_ spec: CommandSpec, _ prefix: [String]) -> [[String]] {
            spec.subcommands.flatMap { sub in [prefix + [sub.name]] + walk(sub, prefix + [sub.name]) }
        }
        return walk(root, [])
    }
}
