/// What the command line asks for.
public enum ParseResult: Sendable, Hashable {
    case run(Invocation)
    /// Show the help of the command at this path (`[]`: the overview), from `help ...`, `--help`, or the program alone.
    case help(commandPath: [String])
    /// Show a manual topic (``ParserConventions/helpTopics``), from `help TOPIC`.
    case topic(String)
    /// Show the version (``ParserConventions/versionOption``).
    case version
}

/// A parsed command line: which command, its positional arguments and its options, decoded.
///
/// Values are decoded against the table (integers are integers, choices are cases) but not judged against
/// the rules of the program's data (a quantity of 0 parses); that is the command's job. A command reads
/// its options through typed keys: `invocation.options[key]` is the key's `Value?`.
public struct Invocation: Sendable, Hashable {
    /// The command words, such as `["add"]` or `["location", "add"]`.
    public var commandPath: [String]
    /// Positional arguments in the order given.
    public var positionals: [String]
    /// The command's own options, decoded, every occurrence in the order given.
    public var options: OptionValues
    /// The root's options (the global ones), wherever they were given.
    public var globalOptions: OptionValues

    /// A command line that runs the command at `commandPath`.
    public init(
        commandPath: [String], positionals: [String] = [], options: OptionValues = OptionValues(),
        globalOptions: OptionValues = OptionValues()
    ) {
        self.commandPath = commandPath
        self.positionals = positionals
        self.options = options
        self.globalOptions = globalOptions
    }

    /// The positional at `index`, if given.
    public func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }
}
