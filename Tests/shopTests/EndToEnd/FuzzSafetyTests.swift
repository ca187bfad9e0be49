import Foundation
import Testing

@testable import shop

/// A small seeded generator, so a failing case can be replayed from the seed in the message.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// A temporary data folder for in-process runs of the entry point.
struct InProcessSandbox {
    let folder: URL
    var dataFile: URL { folder.appendingPathComponent("shop.json") }
    var environment: [String: String] {
        ["SHOP_FILE": dataFile.path, "HOME": folder.path, "TZ": "UTC", "SHOP_LOCK_TIMEOUT": "1"]
    }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func run(_ arguments: [String], input: String = "") -> ShopCommandLine.Result {
        ShopCommandLine.run(arguments: arguments, environment: environment, readStandardInput: { input })
    }

    func dataBytes() -> Data? { try? Data(contentsOf: dataFile) }
}

@Suite(.serialized) struct FuzzSafetyTests {
    static let allowedExitCodes: Set<Int32> = [0, 1, 64, 65, 74, 75]

    static let vocabulary: [String] = [
        "add", "buy", "unbuy", "list", "purchased", "show", "edit", "remove", "available", "unavailable",
        "locations", "location", "restock", "timer", "start", "stop", "reset", "undo", "redo", "sample", "help",
        "export", "import", "completions", "bash", "milk", "eggs", "Milk", "m", "e", "Dairy", "dairy", "id:",
        "id:abcd", "id:zzzz", "-", "--", "-q", "--quiet", "-l", "--location", "--price", "--no-price", "--star",
        "--unstar", "--note", "--no-note", "--every", "--no-every", "--name", "--order", "--color", "--json",
        "--format", "text", "markdown", "csv", "json", "--by-location", "--recent", "--all", "--force",
        "--dry-run", "--file", "--color=always", "--price=2.49", "-q=3", "0", "1", "-1", "101", "99999999999999999999",
        "2.499", "1e3", "#336699", "#zz", "red", "", " ", "\u{1b}[2J", "\n", "é", "🥛", "--help", "-h", "--version",
        "--nope", "x=y", "=", "--json=yes", "never", "auto",
    ]

    /// 2000 random command lines: only the contract's exit codes, never a trap, the data file always loads.
    @Test func fuzzedCommandLines() throws {
        let sandbox = try InProcessSandbox()
        defer { sandbox.remove() }
        _ = sandbox.run(["sample"])
        var generator = SplitMix64(state: 20_261_122)
        var seen: [Int32: Int] = [:]
        for iteration in 0..<2000 {
            let count = Int.random(in: 0...6, using: &generator)
            var arguments = (0..<count).map { _ in Self.vocabulary.randomElement(using: &generator)! }
            // Keep the data file where the sandbox looks, and now and then make the list empty again.
            arguments.removeAll { $0 == "--file" }
            // Mostly start with a command, so the run gets past the parser more often than not.
            if Int.random(in: 0..<4, using: &generator) > 0 {
                arguments.insert(Self.vocabulary[Int.random(in: 0..<21, using: &generator)], at: 0)
            }
            if iteration % 500 == 499 { arguments = ["sample", "--force"] }
            let result = sandbox.run(arguments, input: "bread\n# comment\n\nbutter\n")
            seen[result.exitCode, default: 0] += 1
            #expect(
                Self.allowedExitCodes.contains(result.exitCode),
                "\(arguments): exit \(result.exitCode)\n\(result.messages)")
            if result.exitCode != 0 && result.exitCode != 64 {
                #expect(
                    result.messages.hasPrefix("Error: ") || result.messages.contains("\nError: "),
                    "\(arguments)\n\(result.messages)")
            }
        }
        // The vocabulary reaches successes, refusals and usage errors alike.
        #expect(seen[0, default: 0] > 100 && seen[1, default: 0] > 50 && seen[64, default: 0] > 100, "\(seen)")
        let list = sandbox.run(["list", "--json"])
        #expect(list.exitCode == 0, "\(list.messages)")
        #expect(sandbox.run(["undo"]).exitCode != 65)
    }

    /// 400 random mutations of a valid data file: `list` exits 0 or 65, never traps; a refused file is
    /// never rewritten by a change (`add` leaves its bytes exactly as they were).
    @Test func fuzzedDataFiles() throws {
        let sandbox = try InProcessSandbox()
        defer { sandbox.remove() }
        _ = sandbox.run(["sample"])
        _ = sandbox.run(["timer", "start"])
        let original = Array(try #require(sandbox.dataBytes()))
        var generator = SplitMix64(state: 42)
        let junk: [[UInt8]] =
            ["{", "}", "[", "]", ",", ":", "\"", "null", "-1", "1e999", "\\u0000", "\\ud800", "true", "\u{ff}"]
            .map { Array($0.utf8) } + [[0xff], [0xc3], [0x00]]
        var refused = 0
        for iteration in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
                case 2: bytes.insert(contentsOf: junk.randomElement(using: &generator)!, at: at)
                case 3:
                    let end = min(bytes.count, at + Int.random(in: 1...200, using: &generator))
                    bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &generator))
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            try Data(bytes).write(to: sandbox.dataFile)
            let list = sandbox.run(["list"])
            #expect([0, 65].contains(list.exitCode), "iteration \(iteration): exit \(list.exitCode)\n\(list.messages)")
            guard list.exitCode == 65 else { continue }
            refused += 1
            let add = sandbox.run(["add", "zz"])
            #expect(add.exitCode == 65, "iteration \(iteration): \(add.messages)")
            #expect(sandbox.dataBytes() == Data(bytes), "iteration \(iteration): a refused file was rewritten")
        }
        #expect(refused > 100)
    }
}
