/// One command (or subcommand) of `shop`, as declared in ``CommandTable``.
///
/// Each command declares its own in its file under `Commands/` (`AddCommand.spec`), next to its ``run``;
/// the parser, the help renderer, the manual and the completion scripts read the tree of them, and the
/// command that runs is the one found at ``Invocation/commandPath``, so no second registry can disagree.
struct CommandSpec: Sendable {
    /// What runs a command: it reads the parsed command line from the context and writes its output there.
    typealias Run = @Sendable (inout CommandContext) throws(CommandFailure) -> Void

    /// The word that selects it (`add`).
    var name: String
    /// One line for the overview and `OVERVIEW:`.
    var abstract: String
    /// Longer text shown under the abstract in its own help.
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    /// Its own options (global options live on ``CommandTable/root``).
    var options: [OptionSpec] = []
    /// Subcommands; a command that has them cannot run by itself (`location` needs `add`, `edit`...),
    /// unless ``runsWithoutSubcommand`` (`shop sync` runs; `shop sync init` is its subcommand).
    var subcommands: [CommandSpec] = []
    /// Whether the command runs when no subcommand is given.
    var runsWithoutSubcommand: Bool = false
    /// Hidden commands run but are left out of help and completions (`__complete`).
    var isHidden: Bool = false
    /// The long name of a flag that makes the required arguments optional (`buy --all` needs no name).
    var argumentsOptionalWith: String? = nil
    /// What it needs of the data file; the runner grants that and nothing more.
    var data: DataNeed = .nothing
    /// What runs it; `nil` for a command that only groups subcommands (`location`) and for `help` (the parser's).
    var run: Run? = nil

    /// The subcommand called `name`, hidden ones included.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Its own option whose long name is `long` (without dashes).
    func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Its own option whose short name is `short`.
    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Subcommands shown in help and completions.
    var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
    /// Options shown in help and completions.
    var visibleOptions: [OptionSpec] { options.filter { !$0.isHidden } }

    /// The fewest positionals it needs when `flags` (long names given on the command line) are present.
    func requiredArgumentCount(given flags: Set<String>) -> Int {
        if let unlocking = argumentsOptionalWith, flags.contains(unlocking) { return 0 }
        return arguments.filter { !$0.isOptional }.count
    }
}
