import ShopKit

/// The manual page shop(1) in roff (`shop man`), generated from ``CommandTable`` like the help and the
/// completion scripts, so a command or option added to the table is documented by that alone.
enum ManPage {
    /// The exit codes of SPEC section 4, as the page explains them.
    static let exitStatuses: [(code: Int32, meaning: String)] = [
        (ErrorReport.ExitCode.success, "Done, also when nothing needed doing (such as buying an item already bought)."),
        (
            ErrorReport.ExitCode.refused,
            "The request cannot be done: an unknown or ambiguous name, an invalid value (a quantity of 0, an "
                + "order of 101, a price of -1), or a rule of the data. For sync: not a git repository, no origin, "
                + "a merge or rebase of yours in progress, local edits to files the incoming commits change, a "
                + "git index.lock shop cannot prove is its own, a new branch beside the remote's, a data file that "
                + "is a symbolic link, or another git failure (with git's message); your list is never touched."
        ),
        (
            ErrorReport.ExitCode.usage,
            "Usage: the command line's shape is wrong (an unknown command or option, a missing argument or "
                + "option value, a word where a number is required); the usage line is printed."
        ),
        (
            ErrorReport.ExitCode.invalidData,
            "The data file or an import file is not valid shop data, or the data file was written by a newer shop. "
                + "For sync: what the remote holds at the data file's path (a link, a folder, a submodule, a "
                + "removed file, more than 256 MiB, data that is not valid or from a newer shop) or beside it is "
                + "refused, naming origin/BRANCH:PATH; nothing local changes."
        ),
        (
            ErrorReport.ExitCode.io,
            "The data file or an import or export path cannot be read or written, or one of shop's own files "
                + "(lock, undo history, device or temporary file) is a symbolic link. For sync: the remote cannot "
                + "be reached, or did not answer within SHOP_SYNC_TIMEOUT; the local commit is kept for the next sync."
        ),
        (
            ErrorReport.ExitCode.busy,
            "The data file stayed locked by another shop process past the wait (about 10 seconds)."
        ),
    ]

    /// What `-q` takes, and how amounts add (SPEC section 11.1).
    static let amounts = [
        "A quantity is a count (2, 1/2, 1 1/2) or an exact decimal with a unit: 500g, \"1.5 kg\", \"3 cans\". "
            + "Mass: g, kg, oz, lb. Volume: ml, cl, dl, l, tsp, tbsp, fl oz, cup, pint, quart, gallon (US measures). "
            + "T is a tablespoon and t a teaspoon; other units ignore case. Any other word (can, pack, bunch, "
            + "gousse) is a unit of its own, kept as written: the English word units meet their plurals (cans, "
            + "leaves), and any word meets itself plus s (gousses). A word unit is written after a space, holds "
            + "no control character and no +, and has at most 60 characters.",
        "Amounts add within a family by the units' exact definitions; grams never become cups: an item needed by "
            + "weight and by volume holds two parts, shown 1.5 kg + 2 cups (a count beside them as ×2 + 3 cups). "
            + "At most three digits after the point "
            + "as typed, and at most \(Amount.limit) kg, \(Amount.limit) l, or \(Amount.limit) of a count or word unit.",
        "A price has a unit: --price 11.99/kg, 2.49/l, 0.79/head, 3.49/pack; without one it is per the unit of "
            + "the item's amount when it is set (per piece, kg, litre, word unit, or pack with --pack). A part of "
            + "the amount in another family has no line total: a price is never read in another unit. --pack 250g "
            + "buys the item in packs: the list shows whole packs with the need beside.",
        "buy logs what was bought: the amount the list showed, or -q (which replaces it), at --price or at the "
            + "line total --paid (the unit price is then the total over the amount). history and spending add up "
            + "the line totals, so a trip adds up to its receipt. An item off the list is logged too, once a day "
            + "unless --again. At a store, an item costs the last price paid there; unavailable marks it out of "
            + "stock at that store only. Each purchase names the device that logged it.",
    ]

    /// The environment variables shop reads.
    static let environment: [(name: String, meaning: String)] = [
        ("SHOP_FILE", "The data file, unless --file is given."),
        ("SHOP_STORE", "The store to work at, unless --store is given (see the store commands)."),
        ("XDG_DATA_HOME", "Without --file or SHOP_FILE, the data file is $XDG_DATA_HOME/shop/shop.json."),
        ("HOME", "Without any of those, the data file is ~/.local/share/shop/shop.json."),
        (
            "SHOP_PAGER",
            "The pager 'shop help TOPIC' shows a topic's page through at a terminal (default: $PAGER, else less, "
                + "with LESS=FRX unless LESS is set); empty or cat for none."
        ),
        ("NO_COLOR", "When set and not empty, --color auto writes no colour."),
        ("TERM", "When dumb, --color auto writes no colour."),
        ("COLORTERM", "truecolor or 24bit: colours are written as 24-bit colour instead of the 256-colour palette."),
        (
            "COLUMNS",
            "The width to fit lines to when standard output is a terminal that does not report its size (else 80)."
        ),
        (
            "SHOP_LOCK_TIMEOUT",
            "Seconds to wait for another shop process's lock before giving up with exit 75 (default 10)."
        ),
        (
            "SHOP_NOW",
            "The time to take as now, as 2026-03-01T10:15:00Z or with an offset (+01:00): for replaying receipts "
                + "and for tests. A value that is not such a time is refused with exit 64."
        ),
        (
            "SHOP_SYNC_TIMEOUT",
            "Seconds a fetch or push of sync may take before git and everything it started are stopped, exit 74 "
                + "(default 60)."
        ),
    ]

    /// The files beside the data file.
    static let files: [(path: String, meaning: String)] = [
        (
            "~/.local/share/shop/shop.json",
            "The data file (see ENVIRONMENT for where else it may be): pretty-printed JSON."
        ),
        ("shop.json.lock", "Beside the data file: every change holds an exclusive lock on it."),
        ("shop.json.undo/", "Beside the data file: the undo history, one snapshot a step and index.json."),
        (
            "shop.json.device",
            "Beside the data file: this device's current store and timer, never synced; mode 0600."
        ),
    ]

    /// A few commands to start from. Options apply to every name of a command, so each example that gives
    /// options names one item: an example is copied as it is.
    static let examples = [
        "shop add \"whole milk\" -q 2 --price 1.19",
        "shop add tea \"rye bread\"",
        "shop list --by-location",
        "shop buy \"whole milk\" tea",
        "shop undo --list",
        "shop undo",
        "grep -v '^#' staples.txt | shop add -",
        "shop --quiet restock && shop list --format text",
        "shop add flour -q 500g",
        "shop recipe add ~/meals/Dinners/Lasagne.cook --for tuesday --servings 6",
        "shop --quiet plan ~/meals/.shopping-list --week-starts saturday",
        "shop man > ~/.local/share/man/man1/shop.1",
        "shop help sharing",
    ]

    /// The page, for `version`.
    static func render(version: String) -> String {
        let root = CommandTable.root
        var page = RoffWriter()
        page.request(".TH SHOP 1 \"\" \"\(root.name) \(version)\" \"User Commands\"")
        // Ragged right and no hyphenation: paths and option names read better whole than stretched or split.
        page.request(".ad l")
        page.request(".nh")
        page.section("NAME")
        page.request(
            RoffWriter.escape(root.name, code: true) + " \\- "
                + RoffWriter.escape(lowercasedFirst(root.abstract), code: false))
        page.section("SYNOPSIS")
        page.request(
            RoffWriter.code([root.name], boldWords: 1) + " [\\fIglobal options\\fR] \\fIcommand\\fR "
                + "[\\fIarguments\\fR] [\\fIoptions\\fR]")
        page.section("DESCRIPTION")
        page.paragraph(root.abstract, first: true)
        if let discussion = root.discussion { page.paragraph(discussion) }
        page.paragraph("An error message quotes at most 60 cells of any value it repeats, cut with an ellipsis.")

        page.section("COMMANDS")
        for (path, spec) in documentedCommands() {
            page.subsection(([root.name] + path).joined(separator: " "))
            page.request(RoffWriter.code(HelpRenderer.usageTokens(for: path), boldWords: 1 + path.count))
            page.paragraph(spec.abstract)
            if let discussion = spec.discussion { page.paragraph(discussion) }
            for argument in spec.arguments {
                page.tagged(RoffWriter.code([argument.name]), argument.fullHelp)
            }
            for option in spec.visibleOptions {
                page.tagged(RoffWriter.code([option.helpLabel]), option.fullHelp)
            }
            for sub in spec.visibleSubcommands {
                page.tagged(RoffWriter.code([sub.name], boldWords: 1), sub.abstract)
            }
        }

        page.section("AMOUNTS")
        for (index, text) in amounts.enumerated() { page.paragraph(text, first: index == 0) }

        page.section("OPTIONS")
        page.paragraph("Global options go before the command, or after it by their long names.", first: true)
        for option in root.visibleOptions {
            page.tagged(RoffWriter.code([option.helpLabel]), option.fullHelp)
        }
        page.tagged(RoffWriter.code(["-h, --help"]), "Show help information; after a command, that command's help.")

        page.section("EXIT STATUS")
        for (code, meaning) in exitStatuses { page.tagged("\\fB\(code)\\fR", meaning) }
        page.section("ENVIRONMENT")
        for (name, meaning) in environment { page.tagged(RoffWriter.code([name], boldWords: 1), meaning) }
        page.section("FILES")
        for (path, meaning) in files { page.tagged("\\fI" + RoffWriter.escape(path, code: true) + "\\fR", meaning) }
        page.section("EXAMPLES")
        page.literal(examples)
        page.section("SEE ALSO")
        page.paragraph(
            "The manual by topic: 'shop help TOPIC' in the terminal, or its page once installed.", first: true)
        page.request(ManualTopic.all.map { "\\fB\($0.pageName)\\fR(\($0.section))" }.joined(separator: ", "))
        return page.text
    }

    /// Every visible command path, parents before their subcommands, with its spec.
    static func documentedCommands() -> [(path: [String], spec: CommandSpec)] {
        func walk(_ spec: CommandSpec, _ prefix: [String]) -> [(path: [String], spec: CommandSpec)] {
            spec.visibleSubcommands.flatMap { sub in [(prefix + [sub.name], sub)] + walk(sub, prefix + [sub.name]) }
        }
        return walk(CommandTable.root, [])
    }

    private static func lowercasedFirst(_ text: String) -> String {
        var text = Substring(text)
        while text.last == "." { text = text.dropLast() }
        return (text.first.map { String($0).lowercased() } ?? "") + text.dropFirst()
    }
}
