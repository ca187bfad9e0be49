import Foundation
import Testing

/// Issue 20, item 1: the first examples a new user copies (the README's tour, the man page's EXAMPLES) do
/// what they seem to. That they print what the README shows is ``ReadmeExampleTests``' job, for every block.
@Suite(.serialized) struct FirstExamplesEndToEndTests {
    /// The repository's README.md.
    static let readme: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    }()

    /// The lines of the README's first `console` block after `heading`.
    static func consoleBlock(after heading: String, in text: String) -> [String] {
        guard let start = text.range(of: heading + "\n") else { return [] }
        let rest = text[start.upperBound...]
        guard let open = rest.range(of: "```console\n"), let close = rest[open.upperBound...].range(of: "\n```")
        else { return [] }
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Shell words of a simple command line: spaces separate, double quotes group, `#` starts a comment.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quoted = false
        for character in line {
            if quoted {
                if character == "\"" { quoted = false } else { word!.append(character) }
            } else if character == "\"" {
                quoted = true
                word = word ?? ""
            } else if character == " " {
                if let done = word { words.append(done) }
                word = nil
            } else if character == "#" && word == nil {
                break
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let done = word { words.append(done) }
        return words
    }

    /// Whether `shop add ...` names several items and gives them options, which then apply to all of them:
    /// the example that looked like one thing and did another.
    static func addsSeveralNamesWithOptions(_ words: [String]) -> Bool {
        guard words.count > 1, words[0] == "shop", words[1] == "add" else { return false }
        let takingValue: Set = ["-q", "--quantity", "-l", "--location", "--price", "--note", "--every"]
        var names = 0
        var options = 0
        var index = 2
        while index < words.count {
            let word = words[index]
            if takingValue.contains(word) {
                options += 1
                index += 1
            } else if word.hasPrefix("-") && word != "-" {
                if word != "--json" { options += 1 }
            } else {
                names += 1
            }
            index += 1
        }
        return names > 1 && options > 0
    }

    @Test func theCheckCatchesTheOldFirstExample() {
        #expect(Self.addsSeveralNamesWithOptions(Self.words(#"shop add "whole milk" eggs -q 12 --price 0.35"#)))
        #expect(!Self.addsSeveralNamesWithOptions(Self.words(#"shop add "whole milk" -q 2 --price 1.19"#)))
        #expect(!Self.addsSeveralNamesWithOptions(Self.words(#"shop add tea "rye bread"  # two items"#)))
    }

    @Test(.enabled(if: readme != nil)) func noFirstExampleGivesOptionsToSeveralNames() throws {
        let readme = try #require(Self.readme)
        // The tour opens with the list as walked, then adds: every command line of the README is checked.
        let tour = Self.consoleBlock(after: "## A tour", in: readme)
        #expect(tour.first == "$ shop list --by-location", "\(tour)")
        let readmeLines = readme.split(separator: "\n").map(String.init)
        #expect(readmeLines.contains { $0.hasPrefix("$ shop add ") })
        for line in readmeLines where line.hasPrefix("$ ") {
            #expect(!Self.addsSeveralNamesWithOptions(Self.words(String(line.dropFirst(2)))), "README: \(line)")
        }
        let shop = try ShopProcess()
        defer { shop.remove() }
        let page = try shop.run(["man"]).stdout
        let examples = try #require(page.components(separatedBy: ".SH EXAMPLES\n").last)
        let lines = examples.split(separator: "\n").map { $0.replacingOccurrences(of: "\\-", with: "-") }
        #expect(lines.contains { $0.hasPrefix("shop add ") })
        for line in lines where line.hasPrefix("shop add ") {
            #expect(!Self.addsSeveralNamesWithOptions(Self.words(line)), "man page: \(line)")
        }
    }
}
