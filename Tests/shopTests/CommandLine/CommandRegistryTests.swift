import Testing
@testable import shop

@Suite struct CommandRegistryTests {
    /// Every runnable path of the table (one without subcommands, not `help`) has an implementation, and
    /// a command that groups subcommands has none unless it runs by itself (`sync`).
    @Test func everyCommandInTheTableRuns() {
        let runnable = CommandTable.allPaths.filter { path in
            guard let spec = CommandTable.command(at: path), !path.isEmpty else { return false }
            return spec.subcommands.isEmpty && path != ["help"]
        }
        let missing = runnable.filter { CommandTable.command(at: $0)?.run == nil }
        #expect(missing.isEmpty, "no implementation for \(missing)")
        let grouping = CommandTable.allPaths.filter { path in
            guard let spec = CommandTable.command(at: path) else { return false }
            return !spec.subcommands.isEmpty && !spec.runsWithoutSubcommand && spec.run != nil
        }
        #expect(grouping.isEmpty, "\(grouping) can never run")
    }
}

@Suite struct StandardInputNamesTests {
    @Test func splitsLinesSkippingBlanksAndComments() {
        let text = "apples\n\n# a comment\n   # indented comment\n  pears  \r\n\u{00A0}\nplums\r\n\t\ncafé"
        #expect(CommandContext.names(fromLines: text) == ["apples", "  pears  ", "plums", "café"])
        #expect(CommandContext.names(fromLines: "").isEmpty)
        #expect(CommandContext.names(fromLines: "\n\n").isEmpty)
    }
}
