import Foundation
import Testing

/// Issue 20, item 3: an undo you can see. Each step is named by its command line, options included,
/// and `shop undo --list` shows the steps undo would take back.
@Suite(.serialized) struct UndoListEndToEndTests {
    @Test func undoNamesTheStepWithItsOptions() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "eggs", "whole milk"])
        try shop.run(["edit", "eggs", "--note", "brown"])
        try shop.run(["edit", "eggs", "-q", "2", "--json"])
        // Options in the command table's order; a tab in a value escaped; an unknown store is ignored by edit.
        try shop.run(["--store", "x", "edit", "eggs", "--note", "a\tb", "--star"])
        var outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: edit eggs --star --note \"a\\tb\" --store x\n", "\(outcome)")
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: edit eggs --quantity 2\n", "\(outcome)")
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: edit eggs --note brown\n", "\(outcome)")
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: add eggs \"whole milk\"\n", "\(outcome)")
        try shop.run(["add", "-"], input: "a\nb\n")
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: add - (names from standard input)\n", "\(outcome)")
        try shop.run(["add"] + (1...12).map { "n\($0)" })
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: add n1 n2 n3 n4 n5 n6 n7 n8 (and 4 more names)\n", "\(outcome)")
    }

    @Test func undoListShowsTheStepsNewestFirstAndChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        var outcome = try shop.run(["undo", "--list"])
        #expect(outcome.status == 0 && outcome.stdout.isEmpty && outcome.stderr == "Nothing to undo.\n", "\(outcome)")
        #expect(shop.dataBytes() == nil)
        for step in 1...10 { try shop.run(["add", "item\(step)"]) }
        try shop.run(["edit", "item1", "--note", "brown"])
        try shop.run(["buy", "item1"])
        try shop.run(["undo"])
        let before = shop.dataBytes()
        outcome = try shop.run(["undo", "--list"])
        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.count == 11 && lines.first == " 1  edit item1 --note brown" && lines.last == "11  add item1",
            "\(outcome)")
        #expect(shop.dataBytes() == before)
        outcome = try shop.run(["undo", "--list", "--json"])
        let steps = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: String]])
        #expect(steps.first == ["description": "edit item1 --note brown"] && steps.count == 11, "\(outcome)")
        // undo takes back exactly the first step listed.
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: edit item1 --note brown\n", "\(outcome)")
        // --list belongs to undo, not redo.
        outcome = try shop.run(["redo", "--list"])
        #expect(outcome.status == 64, "\(outcome)")
    }

    @Test func undoListIsInHelpManAndCompletions() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        #expect(try shop.run(["undo", "--help"]).stdout.contains("--list"))
        #expect(try shop.run(["man"]).stdout.contains("\\-\\-list"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try shop.run(["completions", shell]).stdout
            let undoLines = script.split(separator: "\n").filter { $0.contains("undo") && $0.contains("list") }
            #expect(!undoLines.isEmpty, "\(shell)")
        }
    }
}
