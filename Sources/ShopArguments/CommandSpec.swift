/// One command (or subcommand) of a program, with what the program does for it (`Action`): the parser
/// reads the tree of them, and the program's help, manual and completion scripts can read the same tree,
/// so no second registry can disagree. The root is the program itself: its options are the global ones.
public struct CommandSpec<Action: Sendable>: Sendable {
    /// The word that selects it (`add`).
    public var name: String
    /// One line for the overview and `OVERVIEW:`.
    public var abstract: String
    /// Longer text shown under the abstract in its own help.
    public var discussion: String?
    public var arguments: [ArgumentSpec]
    /// Its own options (global options live on the root).
    public var options: [OptionSpec]
    /// Subcommands; a command that has them cannot run by itself (`location` needs `add`, `edit`...),
    /// unless ``runsWithoutSubcommand`` (`sync` runs; `sync init` is its subcommand).
    public var subcommands: [CommandSpec]
    /// Whether the command runs when no subcommand is given.
    public var runsWithoutSubcommand: Bool
    /// Hidden commands run but are left out of help and completions.
    public var isHidden: Bool
    /// The long name of a flag that makes the required arguments optional (`buy --all` needs no name).
    public var argumentsOptionalWith: String?
    /// What the program does for it; the parser never looks (`nil` for a command that only groups others).
    public var action: Action?

    /// A command; every part but its name, abstract and action may be left out.
    public init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool = false,
        isHidden: Bool = false, argumentsOptionalWith: String? = nil, action: Action?
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.runsWithoutSubcommand = runsWithoutSubcommand
        self.isHidden = isHidden
        self.argumentsOptionalWith = argumentsOptionalWith
        self.action = action
    }

    /// The subcommand called `name`, hidden ones included.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Its own option whose long name is `long` (without dashes).
    public func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Its own option whose short name is `short`.
    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Subcommands shown in help and completions.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
    /// Options shown in help and completions.
    public var visibleOptions: [OptionSpec] { options.filter { !$0.isHidden } }

    /// The fewest positionals it needs when `flags` (long names given on the command line) are present.
    public func requiredArgumentCount(given flags: Set<String>) -> Int {
        if let unlocking = argumentsOptionalWith, flags.contains(unlocking) { return 0 }
        return arguments.filter { !$0.isOptional }.count
    }
}
