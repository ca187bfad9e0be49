import Testing
@testable import shop

@Suite struct CommandRegistryTests {
    /// Every runnable path of the table (one without subcommands, not `help`) has an implementation.
    @Test func everyCommandInTheTableRuns() {
        let runnable = CommandTable.allPaths.filter { path in
            guard let spec = CommandTable.command(at: path), !path.isEmpty else { return false }
            return spec.subcommands.isEmpty && path != ["help"]
        }
        let missing = runnable.filter { CommandRegistry.command(for: $0) == nil }
        #expect(missing.isEmpty, "no implementation for \(missing)")
    }
}
