import ShopArguments

/// What shop does for a command of its table (the parser's ``ShopArguments/CommandSpec`` carries it
/// without looking): what it needs of the data file, and what runs it.
struct CommandAction: Sendable {
    /// What runs a command: it reads the parsed command line from the context and writes its output there.
    typealias Run = @Sendable (inout CommandContext) throws(CommandFailure) -> Void

    /// What it needs of the data file; the runner grants that and nothing more.
    var data: DataNeed
    /// What runs it; `nil` for `help` (the parser answers it).
    var run: Run?
}

extension ShopArguments.CommandSpec where Action == CommandAction {
    /// A command of `shop` (each declares its own in its file under `Commands/`, `AddCommand.spec`, next to
    /// its run); one that only groups subcommands (`location`) has neither `data` nor `run`.
    init(
        name: String, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [CommandSpec] = [], runsWithoutSubcommand: Bool = false,
        isHidden: Bool = false, argumentsOptionalWith: String? = nil, data: DataNeed = .nothing,
        run: CommandAction.Run? = nil
    ) {
        self.init(
            name: name, abstract: abstract, discussion: discussion, arguments: arguments, options: options,
            subcommands: subcommands, runsWithoutSubcommand: runsWithoutSubcommand, isHidden: isHidden,
            argumentsOptionalWith: argumentsOptionalWith, action: CommandAction(data: data, run: run))
    }

    /// What it needs of the data file.
    var data: DataNeed { action?.data ?? .nothing }
    /// What runs it; `nil` for a command that only groups subcommands (`location`) and for `help` (the parser's).
    var run: CommandAction.Run? { action?.run }
}
