import Foundation
import Testing

@testable import shop

/// Issue 20, item 10: the README is for users. It cites nothing a user does not have (the spec, issue
/// numbers), keeps performance to a short section (the full tables live in `.bench/README.md`), and
/// names every command and option the parser accepts, like the help, the man page and the completions.
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

    @Test(.enabled(if: readme != nil)) func performanceIsShortAndTheFullTablesAreWithTheBenchmark() throws {
        let readme = try #require(Self.readme)
        let performance = try #require(Self.section("Performance", in: readme))
        #expect(performance.split(separator: "\n").count <= 25, "\(performance)")
        #expect(performance.split(separator: "\n").filter { $0.hasPrefix("|---") }.count == 1, "one table")
        #expect(performance.contains(".bench/README.md"))
        let bench = try String(contentsOf: Self.root.appendingPathComponent(".bench/README.md"), encoding: .utf8)
        #expect(bench.contains("### Known gaps") && bench.contains("Peak memory (max RSS, MiB)"))
    }

    @Test(.enabled(if: readme != nil)) func namesEveryCommandAndOption() throws {
        let readme = try #require(Self.readme)
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
        #expect(missing.isEmpty, "the README never names: \(missing)")
    }
}
