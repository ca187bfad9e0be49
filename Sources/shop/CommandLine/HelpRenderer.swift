/// Renders help, usage lines and usage errors from ``CommandTable`` in swift-argument-parser's layout.
///
/// Every function returns text without a trailing newline, like the argument to `print`; the caller
/// decides the stream (help: standard output; usage errors: standard error, exit 64).
enum HelpRenderer {
    /// The width text is wrapped to: the same in a pipe, in tests and on any terminal at least this wide.
    /// A narrower terminal gets help wrapped to its own width (SPEC section 9).
    static let width = 80
    /// The column where option and argument help starts (labels longer than this get a line of their own).
    static let helpColumn = 26

    /// The help of the command at `path` (`[]`: the overview). An unknown path gets the overview.
    /// - Parameter width: the width to wrap to; a terminal narrower than ``width`` passes its own.
    static func help(for path: [String], width: Int = width) -> String {
        let spec = command(at: path)
        var sections: [String] = []
        sections.append(wrap("OVERVIEW: " + spec.abstract, indent: 0, width: width))
        if let discussion = spec.discussion {
            sections.append(wrap(discussion, indent: 0, width: width))
        }
        sections.append(wrapTokens(usageTokens(for: path), prefix: "USAGE: ", width: width))

        let arguments = spec.arguments.map { row(label: $0.name, help: $0.fullHelp, width: width) }
        if !arguments.isEmpty {
            sections.append((["ARGUMENTS:"] + arguments).joined(separator: "\n"))
        }

        let options =
            spec.visibleOptions.map { row(label: $0.helpLabel, help: $0.fullHelp, width: width) }
            + [row(label: "-h, --help", help: "Show help information.", width: width)]
        sections.append((["OPTIONS:"] + options).joined(separator: "\n"))

        let subcommands = spec.visibleSubcommands.map { row(label: $0.name, help: $0.abstract, width: width) }
        if !subcommands.isEmpty {
            let helpCommand = ([CommandTable.programName, HelpCommand.spec.name] + path).joined(separator: " ")
            sections.append(
                (["SUBCOMMANDS:"] + subcommands + ["", "  See '\(helpCommand) <subcommand>' for detailed help."])
                    .joined(separator: "\n"))
        }
        if path.isEmpty {
            // The manual's topics, as `git help` lists its guides: the overview is where a newcomer looks.
            let topics = ManualTopic.all.map { row(label: $0.name, help: $0.summary, width: width) }
            let helpTopic = [CommandTable.programName, HelpCommand.spec.name, "<topic>"].joined(separator: " ")
            sections.append(
                (["TOPICS:"] + topics + ["", "  See '\(helpTopic)' for a topic's page, or 'man shop-<topic>'."])
                    .joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The usage line of the command at `path`, unwrapped and without `Usage:`: `shop add <name> ... [--quantity <n>]`.
    static func usage(for path: [String]) -> String {
        usageTokens(for: path).joined(separator: " ")
    }

    /// The complete text for a usage error:
    /// ```
    /// Error: Unknown option '--quantty'. Did you mean '--quantity'?
    /// Usage: shop add <name> ... [--quantity <n>] [--location <location>] ...
    ///   See 'shop add --help' for more information.
    /// ```
    static func usageErrorText(_ error: UsageError) -> String {
        let helpCommand = ([CommandTable.programName] + error.commandPath + ["--help"]).joined(separator: " ")
        return [
            "Error: " + error.message,
            wrapTokens(usageTokens(for: error.commandPath), prefix: "Usage: "),
            "  See '\(helpCommand)' for more information.",
        ].joined(separator: "\n")
    }

    // MARK: - Building blocks

    /// The command at `path`, or the root if the path is unknown (help never fails).
    private static func command(at path: [String]) -> CommandSpec {
        CommandTable.command(at: path) ?? CommandTable.root
    }

    /// The usage line as unbreakable pieces (`[--quantity <n>]`), from which the manual's synopses are built too.
    static func usageTokens(for path: [String]) -> [String] {
        let spec = command(at: path)
        var tokens = [CommandTable.programName] + path
        if spec.subcommands.isEmpty {
            tokens += spec.arguments.map { argument in
                var argument = argument
                // `buy [<name> ...] [--all]`: the names are optional when --all can replace them.
                if spec.argumentsOptionalWith != nil { argument.isOptional = true }
                return argument.synopsis
            }
        }
        tokens += spec.visibleOptions.map { "[\($0.synopsis)]" + ($0.isRepeatable ? " ..." : "") }
        if !spec.subcommands.isEmpty { tokens.append(spec.runsWithoutSubcommand ? "[<subcommand>]" : "<subcommand>") }
        return tokens
    }

    /// One row of an ARGUMENTS, OPTIONS or SUBCOMMANDS section: the label, then the help in its column
    /// (on a terminal narrower than 60 cells, a column nearer the left, so the help keeps some room).
    static func row(label: String, help: String, width: Int = width) -> String {
        let column = width >= 60 ? helpColumn : max(2, width / 4)
        let lead = "  " + label
        let helpLines = wrap(help, indent: column, width: width).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        guard lead.count + 2 <= column, let first = helpLines.first else {
            return ([lead] + helpLines).joined(separator: "\n")
        }
        // The first line's indent is replaced by the label, padded to the column.
        let firstText = String(first.dropFirst(column))
        let padded = lead + String(repeating: " ", count: column - lead.count)
        return ([padded + firstText] + helpLines.dropFirst()).joined(separator: "\n")
    }

    /// `text` wrapped at word boundaries to `width` (``width`` unless given), every line indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int, width: Int = width) -> String {
        let words = text.split(separator: " ").map(String.init)
        return wrapTokens(words, prefix: String(repeating: " ", count: indent), width: width)
    }

    /// `tokens` joined by spaces after `prefix`, wrapped to `width` (``width`` unless given); continuation
    /// lines are indented by the width of `prefix` so they line up under the first token.
    static func wrapTokens(_ tokens: [String], prefix: String, width: Int = width) -> String {
        let indent = String(repeating: " ", count: prefix.count)
        var lines: [String] = []
        var line = prefix
        var lineHasToken = false
        for token in tokens {
            if lineHasToken && line.count + 1 + token.count > width {
                lines.append(line)
                line = indent
                lineHasToken = false
            }
            line += (lineHasToken ? " " : "") + token
            lineHasToken = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
