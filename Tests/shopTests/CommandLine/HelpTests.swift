import Testing

@testable import shop

@Suite("Help and usage text")
struct HelpTests {
    /// Every command path, root included.
    static let paths: [[String]] = [[]] + CommandTable.allPaths

    /// The lines of a help section (`OPTIONS:`), up to the next blank line.
    private func section(_ title: String, of help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// The USAGE line with its wrapping undone.
    private func usage(of help: String) -> String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return "" }
        return lines[start...].prefix { !$0.isEmpty }
            .map { $0.trimmingPrefix("USAGE: ").trimmingPrefix(while: { $0 == " " }) }
            .joined(separator: " ")
    }

    /// Section lines joined with single spaces, so wrapped help reads as one string again.
    private func flattened(_ lines: [String]) -> String {
        lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test("help and table agree for every command", arguments: paths)
    func helpMatchesTable(path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        let help = HelpRenderer.help(for: path)
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(usage(of: help) == HelpRenderer.usage(for: path))
        #expect(usage(of: help).hasPrefix((["shop"] + path).joined(separator: " ")))

        let options = section("OPTIONS:", of: help)
        #expect(options.last == "  -h, --help              Show help information.")
        for option in spec.visibleOptions {
            #expect(options.contains { $0.hasPrefix("  \(option.helpLabel) ") || $0 == "  \(option.helpLabel)" })
            #expect(flattened(options).contains(option.fullHelp))  // choices included
            #expect(usage(of: help).contains("[\(option.synopsis)]"))
        }
        // Nothing in the help that the table does not declare.
        #expect(options.filter { $0.hasPrefix("  -") }.count == spec.visibleOptions.count + 1)

        let arguments = section("ARGUMENTS:", of: help)
        #expect(arguments.filter { $0.hasPrefix("  <") }.count == spec.arguments.count)
        for argument in spec.arguments {
            #expect(arguments.contains { $0.hasPrefix("  \(argument.name) ") })
            #expect(flattened(arguments).contains(argument.fullHelp))
            if spec.subcommands.isEmpty { #expect(usage(of: help).contains(argument.name)) }
        }

        let subcommands = section("SUBCOMMANDS:", of: help).filter { !$0.hasPrefix("   ") }
        #expect(subcommands.count == spec.visibleSubcommands.count)
        for sub in spec.subcommands {
            #expect(subcommands.contains { $0.hasPrefix("  \(sub.name) ") } == !sub.isHidden)
        }
        for line in help.split(separator: "\n") {
            #expect(line.count <= HelpRenderer.width, "\(line)")
        }
    }

    @Test("'shop help X' is 'shop X --help'", arguments: paths)
    func helpCommandEqualsHelpFlag(path: [String]) {
        #expect(parsed(["help"] + path) == .help(commandPath: path))
        #expect(parsed(path + ["--help"]) == .help(commandPath: path))
        #expect(parsed(path + ["-h"]) == .help(commandPath: path))
    }

    @Test("the overview lists every visible command and the global options")
    func overview() {
        let help = HelpRenderer.help(for: [])
        #expect(
            help.contains(
                "USAGE: shop [--file <path>] [--store <store>] [--list <list>] [--color <when>]\n       [--quiet] [--version] <subcommand>"
            ))
        #expect(help.contains("  -q, --quiet             Print only errors and requested output."))
        #expect(help.contains("  See 'shop help <subcommand>' for detailed help."))
        #expect(!help.contains("__complete"))
        #expect(HelpRenderer.help(for: ["location"]).contains("See 'shop help location <subcommand>'"))
    }

    @Test("options line up in the help column")
    func layout() {
        let help = HelpRenderer.help(for: ["add"])
        #expect(help.contains("\n  -q, --quantity <amount>\n                          How much to buy: a count"))
        #expect(help.contains("\n  -l, --location <location>\n                          Where in the shop"))
        #expect(
            help.contains("USAGE: shop add <name> ... [--quantity <amount>] [--location <location>]\n       [--price"))
        #expect(
            HelpRenderer.usage(for: ["buy"])
                == "shop buy [<name> ...] [--all] [--price <price>] [--paid <total>] [--quantity <amount>] "
                + "[--date <YYYY-MM-DD>] [--again] [--best-before <day>] [--json]")
        #expect(HelpRenderer.usage(for: ["purchased"]) == "shop purchased [<search>] [--recent <days>] [--json]")
        #expect(HelpRenderer.usage(for: ["location"]) == "shop location <subcommand>")
    }

    @Test("usage errors: message, usage line, pointer to the help")
    func usageErrorText() throws {
        let error = try #require(usageError(["add", "eggs", "--quantty", "3"]))
        #expect(
            HelpRenderer.usageErrorText(error) == """
                Error: Unknown option '--quantty'. Did you mean '--quantity'?
                Usage: shop add <name> ... [--quantity <amount>] [--location <location>]
                       [--price <price>] [--star] [--note <text>] [--every <days>] [--pantry]
                       [--pack <amount>] [--stock] [--keeps <days>] [--keeps-open <days>]
                       [--min-stock <amount>] [--json]
                  See 'shop add --help' for more information.
                """)
        #expect(
            HelpRenderer.usageErrorText(
                UsageError(message: "Missing expected argument '<name>'", commandPath: ["show"]))
                    == """
                    Error: Missing expected argument '<name>'
                    Usage: shop show <name> [--json]
                      See 'shop show --help' for more information.
                    """)
        #expect(
            HelpRenderer.usageErrorText(UsageError(message: "x", commandPath: [])).hasSuffix(
                "See 'shop --help' for more information."))
    }
}

@Suite("Command table")
struct CommandTableTests {
    @Test("every command's declaration is well-formed", arguments: [[]] + CommandTable.allPaths)
    func wellFormed(path: [String]) throws {
        let spec = try #require(CommandTable.command(at: path))
        let longs = spec.options.map(\.long)
        let shorts = spec.options.compactMap(\.short)
        #expect(Set(longs).count == longs.count, "duplicate long option")
        #expect(Set(shorts).count == shorts.count, "duplicate short option")
        #expect(!longs.contains("help") && !shorts.contains("h"), "--help/-h belong to the parser")
        #expect(Set(spec.subcommands.map(\.name)).count == spec.subcommands.count)
        // `stock [SEARCH]` runs by itself and has `stock add`: the one kind that may take both.
        #expect(
            spec.subcommands.isEmpty || spec.arguments.isEmpty || spec.runsWithoutSubcommand,
            "a command with subcommands takes no arguments unless it runs without one")
        for option in spec.options {
            #expect(option.long.allSatisfy { $0.isLowercase || $0 == "-" } && !option.long.hasPrefix("-"))
            #expect((option.valueName == nil) == (option.kind == .flag))
            #expect(!option.help.isEmpty)
        }
        for (index, argument) in spec.arguments.enumerated() {
            #expect(argument.name.hasPrefix("<") && argument.name.hasSuffix(">"))
            #expect(!argument.isRepeatable || index == spec.arguments.count - 1, "only the last argument repeats")
            if index > 0 && spec.arguments[index - 1].isOptional { #expect(argument.isOptional) }
        }
        if let unlocking = spec.argumentsOptionalWith {
            #expect(spec.option(long: unlocking)?.kind == .flag)
        }
    }

    @Test("the SPEC's commands are all there")
    func specCommands() {
        let names = CommandTable.root.subcommands.map(\.name)
        for name in [
            "add", "buy", "unbuy", "list", "purchased", "show", "edit", "remove", "available", "unavailable",
            "locations", "location", "restock", "timer", "undo", "redo", "import", "export", "sample",
            "completions", "help", "__complete",
        ] {
            #expect(names.contains(name))
        }
        #expect(CommandTable.command(at: ["__complete"])?.isHidden == true)
        #expect(LocationCommand.spec.subcommands.map(\.name) == ["add", "edit", "remove", "show"])
    }
}
