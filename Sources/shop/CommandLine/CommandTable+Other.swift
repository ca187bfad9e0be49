// Commands for the data set as a whole, history, the timer and the program itself (SPEC section 2).
extension CommandTable {
    /// `shop restock`.
    static let restock = CommandSpec(
        name: "restock",
        abstract: "Put back on the list the items whose restock interval has passed.",
        discussion: """
            An item with --every DAYS comes back once its last purchase is at least DAYS x 24 hours ago, \
            or if it was never bought. An item with --every auto comes back when the interval learned from \
            its purchases has passed (it needs at least 3). Meant for cron.
            """,
        options: [
            .flag("dry-run", help: "Show every decision (interval, purchases learned from, next due date); change nothing."),
            .flag("suggest", help: "List items bought regularly that have no interval, with the line that turns learning on."),
            .json("the affected items"),
        ]
    )

    /// `shop timer`.
    static let timer = CommandSpec(
        name: "timer",
        abstract: "Show or control the in-store stopwatch (this device's own, in the device file).",
        arguments: [
            ArgumentSpec(
                name: "<action>", help: "Start, stop, or reset (stop and set to zero); none shows the timer.",
                isOptional: true, choices: ["start", "stop", "reset"])
        ],
        options: [.json("the timer")]
    )

    /// `shop undo`.
    static let undo = CommandSpec(
        name: "undo",
        abstract: "Revert the last data-changing command.",
        discussion: """
            Each step is named by the command as it was given, with its options (edit eggs --note brown). \
            --list shows the steps undo would take back, newest first, and changes nothing.
            """,
        options: [
            .flag("list", help: "Show the steps undo would take back, newest first, without undoing any."),
            .json("the result (with --list: the steps)"),
        ]
    )

    /// `shop redo`.
    static let redo = CommandSpec(
        name: "redo",
        abstract: "Re-apply the last undone command.",
        options: [.json("the result")]
    )

    /// `import` (a keyword in Swift, hence the name).
    static let importData = CommandSpec(
        name: "import",
        abstract: "Merge data in from a shop export or ShoppingList14 files.",
        discussion: """
            Items and locations are matched by name: existing ones are updated, not duplicated. Names are \
            trimmed of surrounding spaces, and the summary counts them. Items whose location is neither in \
            the import nor in the list go to the Unknown Location, and shop says so; for ShoppingList14's \
            items.json given alone, it shows the command that imports it with its locations.json.
            """,
        arguments: [
            ArgumentSpec(
                name: "<path>",
                help: "A 'shop export' file, ShoppingList14 items.json or shoppingItems.json with "
                    + "locations.json, or a folder holding them.",
                isRepeatable: true)
        ],
        options: [.flag("replace", help: "Replace all data instead of merging.")]
    )

    /// `shop export`.
    static let export = CommandSpec(
        name: "export",
        abstract: "Write out the whole data set.",
        options: [
            .choice(
                "format", value: "<format>", ["json", "shoppinglist14"],
                help: "json: the data file format; shoppinglist14: that app's two files, into the --output folder."),
            .string(
                "output", short: "o", value: "<path>",
                help: "The file (json) or folder (shoppinglist14) to write; json goes to standard output without it."),
        ]
    )

    /// `shop sample`.
    static let sample = CommandSpec(
        name: "sample",
        abstract: "Load the sample data set.",
        options: [.flag("force", help: "Replace a data file that is not empty.")]
    )

    /// `shop demo`.
    static let demo = CommandSpec(
        name: "demo",
        abstract: "Show the sample data's list by location, without reading or writing your data.",
        discussion: "A look at shop before you keep a list of your own: the sample list as 'shop list --by-location' "
            + "shows it. 'shop sample' loads the same data into your data file."
    )

    /// `shop completions`.
    static let completions = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script.",
        arguments: [ArgumentSpec(name: "<shell>", help: "The shell.", choices: ["bash", "zsh", "fish"])]
    )

    /// `shop man`.
    static let man = CommandSpec(
        name: "man",
        abstract: "Print the manual page, shop(1), in roff.",
        discussion: """
            Generated from the same command table as the help and the completion scripts. Install it where \
            man finds it: shop man > ~/.local/share/man/man1/shop.1
            """
    )

    /// `shop help`.
    static let help = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [
            ArgumentSpec(
                name: "<command>", help: "The command (and subcommand) to explain.", isOptional: true,
                isRepeatable: true)
        ]
    )

    /// The name of the hidden command the completion scripts call for names.
    static let completeCommandName = "__complete"

    /// Hidden: prints names for the completion scripts, so they stay in step with the data file.
    static let complete = CommandSpec(
        name: completeCommandName,
        abstract: "Print completion candidates, one a line (used by the completion scripts).",
        arguments: [
            ArgumentSpec(name: "<kind>", help: "What to list: items, onlist, purchased, locations or stores."),
            ArgumentSpec(name: "<prefix>", help: "Only candidates starting with this text.", isOptional: true),
        ],
        isHidden: true
    )
}
