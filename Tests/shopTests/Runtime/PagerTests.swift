import Foundation
import Testing

@testable import shop

/// Issue 52: `shop help TOPIC` at a terminal goes through a pager, as `git help` does; in a pipe, or with the
/// pager set to `cat` or nothing, the page is written as it is.
@Suite struct PagerTests {
    /// Runs `shop ARGUMENTS` on a pseudo-terminal (or into a pipe) with `environment` added.
    static func run(_ arguments: String, environment: [String: String], pipe: Bool = false) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = ShopProcess.executable.path + " " + arguments + (pipe ? " | cat" : "")
        let base = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "SHOP_FILE": folder.path + "/shop.json"]
        let outcome = try TerminalCommand.run(
            line, in: folder, environment: base.merging(environment) { $1 }, columns: 80)
        #expect(outcome.status == 0 && !outcome.timedOut)
        return outcome.text
    }

    @Test func aTopicAtATerminalGoesThroughThePager() throws {
        // A pager that marks every line it shows, and says which LESS it was given.
        let shown = try Self.run("help sharing", environment: ["SHOP_PAGER": "echo \"LESS=$LESS\"; sed 's/^/|/'"])
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "LESS=FRX")
        #expect(lines.dropFirst().first == "|SHOP-SHARING(7)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("|") })
        // PAGER is read when SHOP_PAGER is not set, and the user's LESS is kept.
        let viaPager = try Self.run(
            "help log", environment: ["PAGER": "echo \"LESS=$LESS\"; sed 's/^/>/'", "LESS": "R"])
        #expect(viaPager.hasPrefix("LESS=R\n>SHOP-LOG(7)\n"))
    }

    @Test func noPagerInAPipeForCatOrForACommandsHelp() throws {
        let pager = ["SHOP_PAGER": "sed 's/^/|/'"]
        #expect(try Self.run("help sharing", environment: pager, pipe: true).hasPrefix("SHOP-SHARING(7)\n"))
        #expect(try Self.run("help sharing", environment: ["SHOP_PAGER": "cat"]).hasPrefix("SHOP-SHARING(7)\n"))
        #expect(try Self.run("help sharing", environment: ["SHOP_PAGER": ""]).hasPrefix("SHOP-SHARING(7)\n"))
        #expect(try Self.run("help add", environment: pager).hasPrefix("OVERVIEW: "), "a command's help is short")
    }

    @Test func thePagerIsChosenAsGitChoosesIt() {
        #expect(Pager.command(environment: [:]) == "less")
        #expect(Pager.command(environment: ["PAGER": "more"]) == "more")
        #expect(Pager.command(environment: ["PAGER": "more", "SHOP_PAGER": "most"]) == "most")
        #expect(Pager.command(environment: ["PAGER": "cat"]) == nil)
        #expect(Pager.command(environment: ["SHOP_PAGER": "  "]) == nil)
    }
}
