import ShopArguments
import ShopKit

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
    /// `--list <list>`: the list a command works on (else `$SHOP_LIST`, then this device's current list).
    static let list = OptionKey<String>.string(
        "list", value: "<list>",
        help: "Work on this list (default: $SHOP_LIST, else the current list; see 'shop lists').")
    static let color = OptionKey<ColorChoice>.choice(
        "color", value: "<when>",
        help: "When to use colour; auto colours a terminal unless NO_COLOR is set or TERM is dumb.")
    /// `-q, --quiet`: only errors and requested output.
    static let quiet = OptionKey<Bool>.flag("quiet", short: "q", help: "Print only errors and requested output.")
    /// `--version`, answered by the parser itself.
    static let version = OptionKey<Bool>.flag("version", help: "Show the version.")

    /// The global options given, wherever they were given (``Invocation/globalOptions``).
    var values = OptionValues()

    var file: String? { values[Self.file] }
    var store: String? { values[Self.store] }
    var list: String? { values[Self.list] }
    /// `--color`, `auto` when not given.
    var color: ColorChoice { values[Self.color] ?? .auto }
    var quiet: Bool { values[Self.quiet] }
}

extension Invocation {
    /// The global options given, read through their keys.
    var global: GlobalOptions { GlobalOptions(values: globalOptions) }

    /// The first option value refused before the command runs (`-q 1.5`: exit 1), in the table's order.
    var refusal: ErrorReport? {
        options.firstRefusal(among: CommandTable.command(at: commandPath)?.options ?? []).map {
            ErrorReport(message: $0.message, hint: $0.hint)
        }
    }
}

extension ArgumentParser {
    /// The parser of `shop`'s command line: ``CommandTable``, and the way shop quotes and suggests.
    init(root: CommandSpec = CommandTable.root) {
        self.init(root: root, conventions: .shop)
    }
}

extension ParserConventions {
    /// shop's: words quoted as every error message quotes them (``Quoted``), ShopKit's edit distance (as
    /// for names), `--version`, and `shop help` with the manual's topics.
    static let shop = ParserConventions(
        quote: { Quoted.value($0) }, editDistance: { EditDistance.between($0, $1) },
        versionOption: CommandTable.versionOption, helpCommand: HelpCommand.spec.name,
        helpTopics: ManualTopic.names)
}
