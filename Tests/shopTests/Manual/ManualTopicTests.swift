import Foundation
import Testing

@testable import shop

/// Issue 52: the manual by topic. Each page under `Sources/shop/Manual/Pages` is a topic that `shop help TOPIC`
/// shows and `shop man TOPIC` prints in roff; the examples in each are run by ``ReadmeExampleTests``.
@Suite struct ManualTopicTests {
    static let pagesFolder = ReadmeTests.root.appendingPathComponent("Sources/shop/Manual/Pages")

    /// Every page file is a topic (a page whose title line did not parse, or one missing from `Package.swift`,
    /// would be missing here), and no topic shares a command's name: `shop help NAME` would not know which.
    @Test func everyPageIsATopicAndNoneIsACommand() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.pagesFolder.path).sorted()
        #expect(files == ManualTopic.all.map { "\($0.pageName).\($0.section).md" }.sorted())
        #expect(ManualTopic.all.count >= 8)
        // What the command line knows without reading the pages.
        #expect(ManualTopic.names == ManualTopic.all.map(\.name))
        let commands = Set(CommandTable.root.subcommands.map(\.name))
        for topic in ManualTopic.all {
            #expect(!commands.contains(topic.name), "\(topic.name) is also a command")
            #expect(!topic.summary.isEmpty && !topic.document.blocks.isEmpty, "\(topic.name)")
        }
    }

    @Test(arguments: ManualTopic.all.map(\.name))
    func helpShowsTheTopicsPage(_ name: String) throws {
        let topic = try #require(ManualTopic.named(name))
        let result = ShopCommandLine.run(arguments: ["help", name], environment: [:])
        #expect(result.exitCode == 0 && result.messages.isEmpty)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "\(topic.pageName.uppercased())(\(topic.section))")
        let name = HelpRenderer.wrap("\(topic.pageName) - \(topic.summary)", indent: 7)
        #expect(result.output.hasPrefix("\(lines[0])\n\nNAME\n\(name)\n"))
        // Every heading of the page is there, and no line is wider than help's 80 columns but an example's.
        for case .heading(let level, let text) in topic.document.blocks {
            #expect(lines.contains(Substring(level <= 2 ? text.uppercased() : "   " + text)), "\(text)")
        }
        let examples = Set(
            topic.document.blocks.flatMap { block -> [String] in
                if case .literal(_, let lines) = block { return lines }
                return []
            })
        let tooWide = lines.filter { $0.count > HelpRenderer.width && !examples.contains(String($0.dropFirst(11))) }
        #expect(tooWide.isEmpty, "wider than \(HelpRenderer.width) columns: \(tooWide)")
        // No Markdown mark is left in the prose.
        #expect(!result.output.contains("**"))
    }

    @Test func aNarrowTerminalGetsTheTopicWrappedToItsWidth() {
        let result = ShopCommandLine.run(
            arguments: ["help", "sharing"], environment: [:], stdoutIsTerminal: true, terminalColumns: 50)
        #expect(result.exitCode == 0)
        for line in result.output.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
    }

    @Test func anUnknownTopicIsAUsageErrorListingTheTopics() {
        let result = ShopCommandLine.run(arguments: ["help", "sharng"], environment: [:])
        #expect(result.exitCode == 64 && result.output.isEmpty)
        let topics = ManualTopic.all.map(\.name).joined(separator: ", ")
        #expect(
            result.messages.hasPrefix(
                "Error: Unknown command or topic 'sharng' (topics: \(topics)). Did you mean 'sharing'?\n"),
            "\(result.messages)")
        let man = ShopCommandLine.run(arguments: ["man", "sharng"], environment: [:])
        #expect(man.exitCode == 64 && man.messages.contains("'sharng'"))
        // A subcommand's name is still only a subcommand.
        let sub = ShopCommandLine.run(arguments: ["help", "store", "walking"], environment: [:])
        #expect(sub.exitCode == 64 && sub.messages.hasPrefix("Error: Unknown subcommand 'walking'"))
    }

    @Test func theOverviewListsEveryTopic() {
        let help = ShopCommandLine.run(arguments: ["help"], environment: [:]).output
        #expect(help.contains("TOPICS:\n"))
        for topic in ManualTopic.all {
            #expect(help.contains("\n  \(topic.name) "), "\(topic.name)")
        }
        #expect(help.contains("See 'shop help <topic>' for a topic's page, or 'man shop-<topic>'."))
    }

    @Test(arguments: ManualTopic.all.map(\.name))
    func manPrintsTheTopicInRoff(_ name: String) throws {
        let topic = try #require(ManualTopic.named(name))
        let result = ShopCommandLine.run(arguments: ["man", name], environment: [:])
        #expect(result.exitCode == 0)
        #expect(result.output.hasPrefix(".TH \(topic.pageName.uppercased()) \(topic.section) \"\" \"shop "))
        #expect(result.output.contains(".SH SEE ALSO\n\\fBshop\\fR(1), "))
    }

    /// Each page renders with `groff -man -ww` without a warning, and reads as its source says.
    @Test(
        .enabled(if: ManPageTests.groff != nil, "groff is not installed"), arguments: ManualTopic.all.map(\.name))
    func topicRendersWithoutAWarning(_ name: String) throws {
        let topic = try #require(ManualTopic.named(name))
        let (status, plain, warnings) = try ManPageTests.groffRender(topic.roff(version: ShopCommandLine.version))
        #expect(status == 0)
        #expect(warnings.isEmpty, "\(warnings)")
        for case .heading(2, let text) in topic.document.blocks {
            #expect(plain.contains("\n" + text.uppercased() + "\n"), "\(text)")
        }
        for case .literal("console", let lines) in topic.document.blocks {
            let first = try #require(lines.first)
            #expect(plain.contains(first), "\(first)")
        }
    }

    @Test func theMarkdownSubsetReadsAsWritten() {
        let document = ManualDocument(
            """
            # shop-x(7): a test
            Intro `code` and **strong**,
            *emphasis* and 2 * 3.

            ## Section
            - one
              more
              - nested
            - two
            | a | b \\| c |
            |---|---|
            | `x` | y |
            ```console
            $ shop list
            ## not a heading
            ```
            ### Sub
            """)
        #expect(document.title == "shop-x(7): a test")
        #expect(
            document.blocks == [
                .paragraph("Intro `code` and **strong**, *emphasis* and 2 * 3."),
                .heading(level: 2, text: "Section"),
                .bullets([
                    .init(level: 1, text: "one more"), .init(level: 2, text: "nested"), .init(level: 1, text: "two"),
                ]),
                .table(header: ["a", "b | c"], rows: [["`x`", "y"]]),
                .literal(kind: "console", lines: ["$ shop list", "## not a heading"]),
                .heading(level: 3, text: "Sub"),
            ])
        #expect(
            ManualDocument.spans("Intro `code` and **strong**, *emphasis* and 2 * 3.") == [
                .text("Intro "), .code("code"), .text(" and "), .strong("strong"), .text(", "), .emphasis("emphasis"),
                .text(" and 2 * 3."),
            ])
    }
}
