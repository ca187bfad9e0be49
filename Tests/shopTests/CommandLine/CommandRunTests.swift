import Testing

@testable import shop

/// The table is the registry: every command that can be named runs.
@Suite struct CommandRunTests {
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
