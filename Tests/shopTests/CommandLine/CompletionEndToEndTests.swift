import Foundation
import Testing

@Suite(.serialized) struct CompletionEndToEndTests {
    private static func shellPath(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private func check(_ shell: String, flag: String = "-n") throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let outcome = try shop.run(["completions", shell])
        #expect(outcome.status == 0 && !outcome.stdout.isEmpty)
        let script = shop.folder.appendingPathComponent("script.\(shell)")
        try Data(outcome.stdout.utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.shellPath(shell)))
        process.arguments = [flag, script.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) -n refused the script")
    }

    @Test func bashScriptParses() throws { try check("bash") }
    @Test(.enabled(if: shellPath("zsh") != nil)) func zshScriptParses() throws { try check("zsh") }
    @Test(.enabled(if: shellPath("fish") != nil)) func fishScriptParses() throws {
        try check("fish", flag: "--no-execute")
    }

    @Test func bashCompletesLiveNamesAndSubcommands() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "Tortellini", "tomatoes", "bread"])
        let script = shop.folder.appendingPathComponent("shop.bash")
        try Data(try shop.run(["completions", "bash"]).stdout.utf8).write(to: script)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let command =
                "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _shop; printf '%s\\n' \"${COMPREPLY[@]}\""
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", command]
            process.environment = shop.environment.merging([
                "PATH": ShopProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
            ]) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["shop", "buy", "to"]) == ["tomatoes", "Tortellini"])
        #expect(try complete(["shop", "location", ""]) == ["add", "edit", "remove", "show"])
        #expect(try complete(["shop", "export", "--format", ""]) == ["json", "shoppinglist14"])
        // The purchase log's words: the groupings of spending, and `auto` for a learned interval.
        #expect(try complete(["shop", "spending", "--by", "m"]) == ["month"])
        #expect(try complete(["shop", "edit", "milk", "--every", ""]) == ["auto"])
        // Store names after --store (before or after the command) and for the store subcommands.
        try shop.run(["location", "add", "Deli"])
        try shop.run(["store", "add", "Market", "Deli"])
        try shop.run(["store", "add", "Mall"])
        #expect(try complete(["shop", "--store", "Ma"]) == ["Mall", "Market"])
        #expect(try complete(["shop", "list", "--store", "Mar"]) == ["Market"])
        #expect(try complete(["shop", "store", "show", ""]) == ["Mall", "Market"])
        #expect(try complete(["shop", "store", "order", "Market", "De"]) == ["Deli"])
        #expect(try complete(["shop", "sync", ""]) == ["init"])
        // Issue 52: the manual's topics after `help` (beside the commands) and `man`.
        #expect(try complete(["shop", "help", "sha"]) == ["sharing"])
        #expect(try complete(["shop", "man", "wa"]) == ["walking"])
        // Recipe subcommands, and the names of the recipes on the list after `recipe remove`.
        #expect(try complete(["shop", "recipe", ""]) == ["add", "remove", "import"])
        let recipe = shop.folder.appendingPathComponent("Lasagne.cook")
        try Data("Cook @pasta{500%g}.".utf8).write(to: recipe)
        try shop.run(["recipe", "add", recipe.path, "--for", "monday"])
        try shop.run(["recipe", "add", recipe.path, "--for", "friday"])
        #expect(try complete(["shop", "recipe", "remove", "La"]) == ["Lasagne"])
        let before = shop.dataBytes()
        let other = shop.folder.appendingPathComponent("none/shop.json").path
        #expect(try complete(["shop", "--file", other, "show", ""]) == [])
        #expect(!FileManager.default.fileExists(atPath: other) && shop.dataBytes() == before)
    }
}
