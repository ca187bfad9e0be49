import Foundation
import Testing

@testable import shop

/// The README runs: every `$ ...` line of every ```` ```console ```` block, run as a newcomer types it on the
/// sample data (see ``ReadmeSandbox`` for the setting), exits as shown and prints what is shown (see
/// ``ReadmeOutputMatch`` for what may differ). A failure names the block, the command and the first line
/// that differs, at that README line. Run alone with `swift test --filter ReadmeExample`.
@Suite struct ReadmeExampleTests {
    /// The files whose examples run: the README, then each topic page of the manual.
    static let documents: [(path: String, text: String)] = (["README.md"] + ManualTopic.all.map(\.sourcePath))
        .compactMap { path in
            (try? String(contentsOf: ReadmeTests.root.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
        }
    static let blocks = documents.flatMap { ReadmeBlock.blocks(in: $0.text, file: $0.path) }
    static let gitMissing =
        !FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
        && !FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git")

    /// Each single-device block on a fresh copy of the sample data.
    @Test(.enabled(if: ReadmeTests.readme != nil), arguments: blocks.filter { !$0.isMultiDevice })
    func blockPrintsWhatItShows(_ block: ReadmeBlock) throws {
        let sandbox = try ReadmeSandbox(repository: ReadmeTests.root)
        defer { sandbox.remove() }
        try Self.replay(block, in: sandbox)
    }

    /// SPEC 23: the sample's dates move with today, so every single-device block prints what it shows on a clock
    /// years ahead too (before, `stock` and `restock --suggest` printed other lines on any later day).
    @Test(.enabled(if: ReadmeTests.readme != nil), arguments: blocks.filter { !$0.isMultiDevice })
    func blockPrintsWhatItShowsYearsAhead(_ block: ReadmeBlock) throws {
        // 2031-06-17T10:00:00Z: another year, month and weekday than the README's day.
        let sandbox = try ReadmeSandbox(repository: ReadmeTests.root, now: Date(timeIntervalSince1970: 1_939_456_800))
        defer { sandbox.remove() }
        try Self.replay(block, in: sandbox)
    }

    /// The multi-device blocks of each file, in order, on one set of devices and one remote per file: each
    /// block goes on from where the one before left the devices.
    @Test(
        .enabled(if: ReadmeTests.readme != nil),
        .disabled(if: gitMissing, "git is not installed: the examples with several devices sync through git"),
        arguments: documents.map(\.path).filter { path in blocks.contains { $0.file == path && $0.isMultiDevice } })
    func devicesSyncAsShown(_ file: String) throws {
        let household = Self.blocks.filter { $0.file == file && $0.isMultiDevice }
        let sandbox = try ReadmeSandbox(repository: ReadmeTests.root)
        defer { sandbox.remove() }
        for block in household where !(try Self.replay(block, in: sandbox)) { break }
    }

    @Test(.enabled(if: ReadmeTests.readme != nil)) func everyBlockIsRunnable() {
        #expect(Self.blocks.count >= 10, "console blocks found: \(Self.blocks.count)")
        #expect(
            Self.documents.count == 1 + ManualTopic.all.count, "every topic page is read: \(Self.documents.map(\.path))"
        )
        for block in Self.blocks {
            #expect(!block.steps.isEmpty, "\(block.testDescription) has no `$ ` line")
            #expect(
                block.strayLines.isEmpty,
                "\(block.testDescription): lines \(block.strayLines) come before the first prompt, as output of no command"
            )
        }
        #expect(
            Self.blocks.contains { $0.file == "README.md" && $0.isMultiDevice },
            "the README shows sharing between devices")
    }

    /// Runs the block's steps in order, stopping at the first that fails (what follows would fail for its
    /// sake). Records one issue at the README line that differs.
    /// - Returns: whether every step printed what it shows.
    @discardableResult
    static func replay(_ block: ReadmeBlock, in sandbox: ReadmeSandbox) throws -> Bool {
        try sandbox.createRemotes(named: block.steps.map(\.command))
        for step in block.steps {
            let outcome = try sandbox.run(step.command, on: step.device)
            if let problem = problem(with: step, outcome) {
                let file = block.fileName
                Issue.record(
                    Comment(
                        rawValue: "In the block at \(file):\(block.line) (\(block.heading)), "
                            + "`\(step.prompt)\(step.command)` (\(file):\(step.line)) "
                            + problem.description.replacing("README.md:", with: "\(file):") + "\n"
                            + "What it printed (exit \(outcome.status)):\n"
                            + printedLines(outcome).map { "| \($0)" }.joined(separator: "\n")),
                    sourceLocation: SourceLocation(
                        fileID: "shop/\(file)", filePath: ReadmeTests.root.appendingPathComponent(block.file).path,
                        line: problem.line, column: 1))
                return false
            }
        }
        return true
    }

    /// The lines the terminal received (the newline that ends the last one is not an empty line after it).
    static func printedLines(_ outcome: TerminalCommand.Outcome) -> [String] {
        var lines = outcome.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// What is wrong with one step's outcome, at which README line.
    struct Problem: CustomStringConvertible {
        var line: Int
        var description: String
    }

    static func problem(with step: ReadmeBlock.Step, _ outcome: TerminalCommand.Outcome) -> Problem? {
        if outcome.timedOut { return Problem(line: step.line, description: "did not finish within a minute.") }
        let printed = printedLines(outcome)
        if let difference = ReadmeOutputMatch.firstDifference(shown: step.shown.map(\.text), printed: printed) {
            let got = difference.printed.map { "`\($0)`" } ?? "the end of the output"
            guard let index = difference.shownIndex else {
                let end = step.shown.last?.line ?? step.line
                return Problem(
                    line: end, description: "printed more than is shown: after README.md:\(end), got \(got).")
            }
            let (line, text) = step.shown[index]
            let expected =
                "expected `\(text)`" + (difference.afterAnyLines ? " (after the lines `...` stands for)" : "")
            return Problem(
                line: line,
                description: "printed something else at README.md:\(line):\n  \(expected)\n  got      \(got)")
        }
        if outcome.status != step.expectedStatus {
            return Problem(
                line: step.line,
                description: "exited \(outcome.status), but the README shows "
                    + (step.expectedStatus == 0 ? "success (exit 0)." : "an error (exit 1)."))
        }
        return nil
    }
}

/// The rules of the README test themselves: a wrong line is caught and named, the allowed differences pass.
@Suite struct ReadmeOutputMatchTests {
    @Test func sameOutputMatches() {
        #expect(ReadmeOutputMatch.firstDifference(shown: ["a", "b"], printed: ["a", "b  "]) == nil)
        #expect(ReadmeOutputMatch.firstDifference(shown: [], printed: []) == nil)
    }

    @Test func aChangedLineIsTheFirstDifference() {
        let difference = ReadmeOutputMatch.firstDifference(shown: ["a", "b", "c"], printed: ["a", "x", "c"])
        #expect(difference == .init(shownIndex: 1, printed: "x"))
    }

    @Test func missingAndExtraLinesAreNamed() {
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["a", "b"], printed: ["a"]) == .init(shownIndex: 1, printed: nil))
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["a"], printed: ["a", "b"]) == .init(shownIndex: nil, printed: "b")
        )
        #expect(
            ReadmeOutputMatch.firstDifference(shown: [], printed: ["Updated milk"])
                == .init(shownIndex: nil, printed: "Updated milk"))
    }

    @Test func datesMatchAnyDate() {
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["Milk  2026-11-23  2.38"], printed: ["Milk  2031-01-02  2.38"])
                == nil)
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["at 2026-11-01T09:00:00Z"], printed: ["at 2027-02-03T10:11:12Z"])
                == nil)
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["Milk  2026-11-23  2.38"], printed: ["Milk  2026-11-23  2.39"])
                != nil)
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["2026-09  14"], printed: ["2026-10  14"]) != nil,
            "a month is not a date")
        #expect(ReadmeOutputMatch.firstDifference(shown: ["(for 2026-W48)"], printed: ["(for 2031-W25)"]) == nil)
        #expect(ReadmeOutputMatch.firstDifference(shown: ["(for 2026-W48)"], printed: ["(for 2031-25)"]) != nil)
    }

    @Test func dotsStandForLinesOrTheRestOfALine() {
        #expect(ReadmeOutputMatch.firstDifference(shown: ["a", "...", "z"], printed: ["a", "b", "c", "z"]) == nil)
        #expect(ReadmeOutputMatch.firstDifference(shown: ["a", "...", "z"], printed: ["a", "z"]) == nil)
        #expect(ReadmeOutputMatch.firstDifference(shown: ["...", "b", "..."], printed: ["a", "b", "c"]) == nil)
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["Bought Milk, ..."], printed: ["Bought Milk, Eggs and 3 more"])
                == nil)
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["Bought Milk, ..."], printed: ["Bought Eggs, Milk"])
                == .init(shownIndex: 0, printed: "Bought Eggs, Milk"))
        #expect(
            ReadmeOutputMatch.firstDifference(shown: ["a", "...", "z"], printed: ["a", "b", "c"])
                == .init(shownIndex: 2, printed: nil, afterAnyLines: true))
    }

    @Test func blocksAreCutAtPrompts() {
        let text = """
            ## Sharing
            Some text.
            ```console
            $ shop add tea
            Added tea

            laptop$ shop sync   # a comment
            Synced
            ```
            ```sh
            # a comment, not a heading
            $ not run
            ```
            ```console
            $ shop undo
            ```
            """
        let blocks = ReadmeBlock.blocks(in: text)
        #expect(blocks.count == 2)
        #expect(blocks.last?.heading == "Sharing" && blocks.last?.line == 14)
        let block = blocks[0]
        #expect(block.line == 3 && block.heading == "Sharing" && block.isMultiDevice)
        #expect(block.steps.map(\.command) == ["shop add tea", "shop sync   # a comment"])
        #expect(block.steps.map(\.device) == [nil, "laptop"])
        #expect(block.steps[0].shown.map(\.text) == ["Added tea"], "the blank separator is dropped")
        #expect(block.steps[1].shown.map(\.line) == [8])
    }

    /// The failure names the README line, what it shows and what was printed, or the exit code.
    @Test func problemsNameTheLineAndBothTexts() throws {
        let step = ReadmeBlock.Step(
            device: nil, command: "shop list", line: 10, shown: [(11, "Milk ×2  6.98"), (12, "Eggs     4.29")])
        let wrong = try #require(
            ReadmeExampleTests.problem(with: step, .init(status: 0, text: "Milk ×2  6.98\nEggs     4.30\n")))
        #expect(wrong.line == 12)
        #expect(wrong.description.contains("README.md:12") && wrong.description.contains("expected `Eggs     4.29`"))
        #expect(wrong.description.contains("got      `Eggs     4.30`"))
        let more = try #require(
            ReadmeExampleTests.problem(with: step, .init(status: 0, text: "Milk ×2  6.98\nEggs     4.29\nHint: x\n")))
        #expect(more.line == 12 && more.description.contains("got `Hint: x`"))
        let failed = try #require(
            ReadmeExampleTests.problem(with: step, .init(status: 1, text: "Milk ×2  6.98\nEggs     4.29\n")))
        #expect(failed.line == 10 && failed.description.contains("exited 1"))
        #expect(ReadmeExampleTests.problem(with: step, .init(status: 0, text: "Milk ×2  6.98\nEggs     4.29\n")) == nil)
    }

    @Test func statusFollowsWhatIsShown() {
        func step(_ shown: [String]) -> ReadmeBlock.Step {
            .init(device: nil, command: "shop x", line: 1, shown: shown.map { (2, $0) })
        }
        #expect(step(["Updated tea"]).expectedStatus == 0)
        #expect(step(["Error: nothing to redo", "Hint: ..."]).expectedStatus == 1)
        #expect(step(["Error: cannot read 'x'", "exit 74"]).expectedStatus == 0, "the echo's status")
    }
}
