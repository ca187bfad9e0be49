import Foundation
import Testing

/// Runs the built `shop` binary as a real process with a controlled environment.
struct ShopProcess {
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The `shop` executable beside the test bundle in the build folder.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // xctest bundles on Darwin nest the binary; walk up until the folder holds `shop`.
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("shop").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("shop")
    }()

    /// A sandbox: its own temporary folder, data file and HOME, removed by ``remove()``.
    let folder: URL
    var dataFile: URL { folder.appendingPathComponent("data/shop.json") }
    var environment: [String: String]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment = [
            "HOME": folder.appendingPathComponent("home").path,
            "SHOP_FILE": folder.appendingPathComponent("data/shop.json").path,
            "PATH": "/usr/bin:/bin",
            "TZ": "UTC",
            "SHOP_LOCK_TIMEOUT": "2",
        ]
        environment.merge(Self.movedClock) { $1 }
    }

    /// libfaketime's variables, when the suite runs under a moved clock (`faketime -f '+400d' swift test`).
    /// The test computes its expectations ("3 days ago") from its own clock, so every `shop` it starts,
    /// and the git those start, must see the same clock: without these a controlled environment dropped the
    /// preload, and shop ran a year behind the test that judged it.
    static let movedClock: [String: String] = ProcessInfo.processInfo.environment.filter { name, _ in
        name == "LD_PRELOAD" || name.hasPrefix("FAKETIME") || name == "DONT_FAKE_MONOTONIC"
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `shop arguments...`, feeding `input` to standard input.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let stdout = Pipe()
        let stdin = Pipe()
        // Standard error goes to a file: with two pipes, one reader could block while the other fills.
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let stderr = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        try stderr.close()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read standard output before waiting, or a large output fills the pipe and both sides wait forever.
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errorFile)) ?? Data()
        try? FileManager.default.removeItem(at: errorFile)
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `shop` with words split on spaces (for arguments without spaces).
    @discardableResult
    func run(_ line: String, input: String? = nil) throws -> Outcome {
        try run(line.split(separator: " ").map(String.init), input: input)
    }

    /// Starts `shop arguments...` without waiting (for racing and killed writers); output is discarded and
    /// the lock is waited for up to 20 seconds.
    func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(["SHOP_LOCK_TIMEOUT": "20"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The data file's bytes, or nil when it does not exist.
    func dataBytes() -> Data? {
        try? Data(contentsOf: dataFile)
    }

    /// Expects the command to fail with `status`, a one-line `Error:` message containing `fragment`,
    /// and the data file byte-for-byte as it was.
    func expectFailure(
        _ arguments: [String], status: Int32, mentioning fragment: String, input: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = dataBytes()
        let outcome = try run(arguments, input: input)
        #expect(outcome.status == status, "\(arguments)\n\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasPrefix("Error: "), "\(outcome)", sourceLocation: sourceLocation)
        #expect(
            outcome.stderr.contains(fragment), "\(arguments): wanted \(fragment)\n\(outcome)",
            sourceLocation: sourceLocation)
        #expect(outcome.stdout.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
        #expect(dataBytes() == before, "\(arguments) changed the data file", sourceLocation: sourceLocation)
    }
}
