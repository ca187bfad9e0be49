/// When to colour the output (`--color`).
enum ColorChoice: String, Sendable, Hashable, CaseIterable {
    /// Colour only a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    case always
    case never
}

/// The options that apply to every command (given before it, or after it by their long names), declared
/// once here with their value parsers; the table lists them and the parser records them like any other.
struct GlobalOptions: Sendable, Hashable {
    /// `--file <path>`: the data file (the caller falls back to `$SHOP_FILE` and so on).
    static let file = OptionKey<String>.string(
        "file", value: "<path>",
        help: "The data file (default: $SHOP_FILE, else $XDG_DATA_HOME/shop/shop.json, "
            + "else ~/.local/share/shop/shop.json).")
    /// `--store <store>`: the store to walk (else `$SHOP_STORE`, then the data file's current store).
    static let store = OptionKey<String>.string(
        "store", value: "<store>",
        help: "Walk the list in this store's order (default: $SHOP_STORE, else the current store).")
    static let color = OptionKey<ColorChoice>.choice(
        "color", value: "<when>",
        help: "When to use colour; auto colours a terminal unless NO_COLOR is set or TERM is dumb.")
    /// `-q, --quiet`: only errors and requested output.
    static let quiet = OptionKey<Bool>.flag("quiet", short: "q", help: "Print only errors and requested output.")
    /// `--version`, answered by the parser itself.
    static let version = OptionKey<Bool>.flag("version", help: "Show the version.")

    /// The global options given, wherever they were given.
    var values = OptionValues()

    var file: String? { values[Self.file] }
    var store: String? { values[Self.store] }
    /// `--color`, `auto` when not given.
    var color: ColorChoice { values[Self.color] ?? .auto }
    var quiet: Bool { values[Self.quiet] }
}

/// What the command line asks for.
enum ParseResult: Sendable, Hashable {
    case run(Invocation)
    /// Show the help of the command at this path (`[]`: the overview), from `shop help ...`, `--help`, or `shop` alone.
    case help(commandPath: [String])
    /// Show the version (`--version`).
    case version
}

/// A parsed command line: which command, its positional arguments and its options, decoded.
///
/// Values are decoded against the table (integers are integers, choices are cases) but not judged against
/// the rules of the data (a quantity of 0 parses); that is the command's job. A command reads its options
/// through typed keys: `invocation.options[CommonOptions.order]` is an `Int?`.
struct Invocation: Sendable, Hashable {
    /// The command words, such as `["add"]` or `["location", "add"]`.
    var commandPath: [String]
    /// Positional arguments in the order given.
    var positionals: [String] = []
    /// The command's own options, decoded, every occurrence in the order given.
    var options = OptionValues()
    var global = GlobalOptions()

    func positional(_ index: Int) -> String? {
        positionals.indices.contains(index) ? positionals[index] : nil
    }

    /// The first option value refused before the command runs (`-q 1.5`: exit 1), in the table's order.
    var refusal: ErrorReport? {
        options.firstRefusal(among: CommandTable.command(at: commandPath)?.options ?? [])
    }
}
