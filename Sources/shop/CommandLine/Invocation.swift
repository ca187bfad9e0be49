/// When to colour the output (`--color`).
enum ColorChoice: String, Sendable, Hashable, CaseIterable {
    /// Colour only a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never
}

/// The options that apply to every command (given before it, or after it by their long names).
struct GlobalOptions: Sendable, Hashable {
    /// `--file <path>`: the data file, if given (the caller falls back to `$SHOP_FILE` and so on).
    var file: String? = nil
    /// `--store <name>`: the store to walk, if given (the caller falls back to `$SHOP_STORE`, then the
    /// data file's current store).
    var store: String? = nil
    /// `--color <when>`.
    var color: ColorChoice = .auto
    /// `-q, --quiet`: only errors and requested output.
    var quiet: Bool = false
}

/// What the command line asks for.
enum ParseResult: Sendable, Hashable {
    /// Run the command described.
    case run(Invocation)
    /// Show the help of the command at this path (`[]`: the overview), from `shop help ...`, `--help`, or
    /// `shop` alone.
    case help(commandPath: [String])
    /// Show the version (`--version`).
    case version
}

/// A parsed, shape-checked command line: which command, its positional arguments and its option values.
///
/// Values are checked against the table (integers are integers, choices are allowed) but not against the
/// rules of the data (a quantity of 0 parses); that is the command's job. Read option values by their long
/// name without dashes: `invocation.int("quantity")`, `invocation.flag("json")`.
struct Invocation: Sendable, Hashable {
    /// The command words, such as `["add"]` or `["location", "add"]`.
    var commandPath: [String]
    /// Positional arguments in the order given.
    var positionals: [String] = []
    /// Every value given for each option, in the order given, keyed by long name without dashes.
    /// A flag records an empty string each time it appears.
    var values: [String: [String]] = [:]
    /// Global options, wherever they were given.
    var global = GlobalOptions()

    /// Whether the flag (or any option) `long` was given.
    func flag(_ long: String) -> Bool {
        checkDeclared(long)
        return values[long] != nil
    }

    /// The last value of option `long`, if it was given: with a single-valued option, the last one wins.
    func string(_ long: String) -> String? {
        checkDeclared(long)
        return values[long]?.last
    }

    /// Every value of option `long`, in the order given.
    func strings(_ long: String) -> [String] {
        checkDeclared(long)
        return values[long] ?? []
    }

    /// The last value of integer option `long`, if it was given. The parser has refused words, and
    /// ``ShopCommandLine`` numbers that are not whole or do not fit, before any command runs.
    func int(_ long: String) -> Int? {
        string(long).flatMap(NumberWord.wholeNumber)
    }

    /// The positional argument at `index`, if given.
    func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }

    /// Catches a misspelt option name in a command's implementation in debug builds (and so in tests),
    /// where it would otherwise read as "not given" forever.
    private func checkDeclared(_ long: String) {
        assert(
            CommandTable.command(at: commandPath)?.option(long: long) != nil,
            "'\(commandPath.joined(separator: " "))' has no option '--\(long)'")
    }
}
