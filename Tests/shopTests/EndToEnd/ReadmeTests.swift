import Foundation
import Testing

@testable import shop

/// Issue 20, item 10: the README is for users. It cites nothing a user does not have (the spec, issue
/// numbers), leaves performance to `.bench/README.md`, and with the manual's topic pages names every command
/// and option the parser accepts, like the help, the man page and the completions.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let readme = try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)

    /// The text of the `## heading` section, up to the next `## ` heading.
    static func section(_ heading: String, in text: String) -> String? {
        guard let start = text.range(of: "\n## \(heading)\n") else { return nil }
        let rest = text[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test(.enabled(if: readme != nil)) func citesNoSpecSectionOrIssue() throws {
        let readme = try #require(Self.readme)
        let found = readme.firstMatch(of: #/SPEC|[Ss]ection \d|[Ii]ssues? #\d/#)
        // Only the line that cites, not the whole README, when it fails.
        let line = found.map { match in readme[..<match.range.upperBound].split(separator: "\n").last ?? "" }
        #expect(found == nil, "the README cites: \(line ?? "")")
    }

    /// Issue 52: the benchmark's figures live with the benchmark, not in the user's docs.
    @Test(.enabled(if: readme != nil)) func performanceFiguresAreWithTheBenchmark() throws {
        let readme = try #require(Self.readme)
        #expect(Self.section("Performance", in: readme) == nil)
        #expect(readme.contains(".bench/README.md"))
        let bench = try String(contentsOf: Self.root.appendingPathComponent(".bench/README.md"), encoding: .utf8)
        #expect(bench.contains("Peak memory (max RSS, MiB)"))
        for topic in ManualTopic.all {
            #expect(!topic.document.blocks.contains(.heading(level: 2, text: "Performance")), "\(topic.name)")
        }
    }

    /// Issue 52: a newcomer reads the README in ten minutes; the rest is in the manual's topics, each of which the
    /// README's map names.
    @Test(.enabled(if: readme != nil)) func readmeIsShortAndMapsEveryTopic() throws {
        let readme = try #require(Self.readme)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 400, "the README has \(lines) lines")
        for topic in ManualTopic.all {
            #expect(readme.contains("| \(topic.pageName)(\(topic.section)) | `\(topic.name)` |"), "\(topic.name)")
        }
    }

    /// The README and the topic pages together: shop(1) names them all by construction.
    @Test(.enabled(if: readme != nil)) func namesEveryCommandAndOption() throws {
        let pages = try ManualTopic.all.map {
            try String(contentsOf: Self.root.appendingPathComponent($0.sourcePath), encoding: .utf8)
        }
        let readme = try #require(Self.readme) + pages.joined()
        var missing: [String] = []
        for (path, spec) in ManPage.documentedCommands() {
            let command = "shop " + path.joined(separator: " ")
            if !readme.contains(command) { missing.append(command) }
            for option in spec.visibleOptions
            where !readme.contains(option.longFlag) && option.shortFlag.map(readme.contains) != true {
                missing.append(command + " " + option.longFlag)
            }
        }
        // Only what is missing, not the whole README, when it fails.
        #expect(missing.isEmpty, "neither the README nor a topic page names: \(missing)")
    }
}
