import Foundation
import Testing

/// Completions insert every name as one shell word meaning exactly that name (issue 16, story 5): spaces,
/// `&`, quotes and `$` included. Each shell's completion is driven for real: bash's and zsh's function
/// with `COMP_WORDS`/`COMP_CWORD` set, fish through `complete -C`; each inserted word is then read back by
/// the same shell to check it is one word and the exact name.
@Suite(.serialized) struct CompletionQuotingEndToEndTests {
    private static func shellPath(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Names that break an unquoted completion.
    static let names = ["Eggs & Butter", "Baby food", #"Bab$y "x""#, "it's", "semi;colon", "a\\b", "*star*"]

    private func sandbox() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["location", "add", "Eggs & Butter"])
        try shop.run(["add"] + Self.names + ["-l", "Eggs & Butter"])
        try shop.run(["store", "add", "Saturday Market", "Eggs & Butter"])
        try shop.run(["store", "add", "Sat & Sun"])
        return shop
    }

    /// Runs `script` in `shell` with `shop` on the PATH; its standard output, one line per element.
    private func run(_ shell: String, _ arguments: [String], in shop: ShopProcess) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.shellPath(shell)))
        process.arguments = arguments
        process.environment = shop.environment.merging([
            "PATH": ShopProcess.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// For bash and zsh: what the completion function inserts for `words` (the last one being completed),
    /// each inserted word as the shell then reads it: `count|word` per candidate.
    private func bashLike(_ shell: String, _ words: [String], in shop: ShopProcess) throws -> [String] {
        let script = shop.folder.appendingPathComponent("completion.\(shell)")
        try Data(try shop.run(["completions", shell]).stdout.utf8).write(to: script)
        // Single-quoted for the shell: a quote inside is closed, escaped and reopened.
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let body = """
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE="${COMP_WORDS[*]}"; _shop
            for r in "${COMPREPLY[@]}"; do eval "w=($r)"; printf '%s|%s\\n' "${#w[@]}" "${w[0]}"; done
            """
        if shell == "zsh" {
            // zsh runs bash completion functions through bashcompinit, in sh emulation.
            let command =
                "source '\(script.path)'; f() { emulate -L sh; setopt kshglob noshglob braceexpand; \(body); }; f"
            return try run("zsh", ["-f", "-c", command], in: shop)
        }
        return try run("bash", ["-c", "source '\(script.path)'; \(body)"], in: shop)
    }

    private func checkBashLike(_ shell: String) throws {
        let shop = try sandbox()
        defer { shop.remove() }
        #expect(try bashLike(shell, ["shop", "location", "show", "Eggs"], in: shop) == ["1|Eggs & Butter"])
        #expect(try bashLike(shell, ["shop", "buy", "Bab"], in: shop) == [#"1|Bab$y "x""#, "1|Baby food"])
        #expect(try bashLike(shell, ["shop", "--store", "Sat"], in: shop) == ["1|Sat & Sun", "1|Saturday Market"])
        // Every name, completed from its first letter and from an escaped prefix, is one exact word.
        for name in Self.names {
            let inserted = try bashLike(shell, ["shop", "show", String(name.prefix(1))], in: shop)
            #expect(inserted.contains("1|\(name)"), "\(shell): \(name) -> \(inserted)")
        }
        #expect(try bashLike(shell, ["shop", "show", #"Bab\$"#], in: shop) == [#"1|Bab$y "x""#])
        #expect(try bashLike(shell, ["shop", "show", #"it\'"#], in: shop) == ["1|it's"])
        #expect(try bashLike(shell, ["shop", "show", "'Eggs &"], in: shop) == ["1|Eggs & Butter"])
    }

    @Test func bashInsertsEachNameAsOneExactWord() throws { try checkBashLike("bash") }

    @Test(.enabled(if: shellPath("zsh") != nil, "zsh is not installed"))
    func zshInsertsEachNameAsOneExactWord() throws { try checkBashLike("zsh") }

    @Test(.enabled(if: shellPath("fish") != nil, "fish is not installed"))
    func fishOffersEachNameWhole() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let script = shop.folder.appendingPathComponent("completion.fish")
        try Data(try shop.run(["completions", "fish"]).stdout.utf8).write(to: script)
        func complete(_ line: String) throws -> [String] {
            // fish escapes a candidate as it inserts it; `complete -C` lists them as names (then a tab and
            // a description, if any).
            let escaped = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            return try run(
                "fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(escaped)'"], in: shop
            )
            .map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
        }
        #expect(try complete("shop location show Eggs") == ["Eggs & Butter"])
        #expect(try complete("shop buy Bab") == [#"Bab$y "x""#, "Baby food"])
        #expect(try complete("shop --store Sat") == ["Sat & Sun", "Saturday Market"])
        #expect(try complete(#"shop show Baby\ f"#) == ["Baby food"])
        #expect(try complete(#"shop show it\'"#) == ["it's"])
    }
}
