import Foundation
import Testing

/// SPEC 20, Input: every input read is bounded, shop's own files are regular or refused without
/// blocking, arguments are UTF-8, and every error escapes what it echoes. Each refusal leaves the data
/// file and the purchase log byte-identical.
@Suite(.serialized) struct BoundedInputTests {
    func sandbox() throws -> ShopProcess {
        let shop = try ShopProcess()
        #expect(try shop.run(["-q", "add", "milk", "eggs"]).status == 0)
        #expect(try shop.run(["-q", "buy", "milk"]).status == 0)
        return shop
    }

    /// The data file and its log, to compare bytes before and after a refusal.
    func files(_ shop: ShopProcess) -> [Data?] {
        [shop.dataBytes(), try? Data(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"))]
    }

    @Test func standardInputOverTheLimitIsRefusedBeforeMemoryGrows() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let before = files(shop)
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let outcome = try runWired(shop, ["add", "-"], stdin: zero)
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("standard input is over the 16 MiB"), "\(outcome)")
        #expect(files(shop) == before)
    }

    @Test func importOfAnEndlessFileIsRefused() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let before = files(shop)
        let outcome = try shop.run(["import", "/dev/zero"])
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("'/dev/zero' is over the 64 MiB"), "\(outcome)")
        #expect(files(shop) == before)
    }

    @Test func aNameTooLongOnStandardInputIsRefusedByItsLine() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let before = files(shop)
        let input = "bread\n# a comment\n\n" + String(repeating: "x", count: 100_000) + "\nbutter\n"
        let outcome = try shop.run(["add", "-"], input: input)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.contains("line 4 of standard input is a name of 100000 characters"), "\(outcome)")
        #expect(outcome.stderr.count < 300, "the name was echoed")
        #expect(files(shop) == before)
    }

    @Test func aLineOfStandardInputThatIsNotUTF8IsRefusedByItsLine() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let before = files(shop)
        let source = shop.folder.appendingPathComponent("names.txt")
        try Data([UInt8]("bread\nbu".utf8) + [0xFF] + [UInt8]("tter\n".utf8)).write(to: source)
        let outcome = try runWired(shop, ["add", "-"], stdin: FileHandle(forReadingAtPath: source.path))
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("line 2 of standard input is not valid UTF-8"), "\(outcome)")
        #expect(files(shop) == before)
    }

    /// A FIFO (or a device) at any of shop's own files is refused with exit 74 at once: nothing waits for
    /// a writer that never comes.
    @Test(arguments: ["", ".lock", ".purchases", ".device"])
    func aFIFOAtOneOfShopsOwnFilesIsRefusedWithoutBlocking(_ suffix: String) throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let path = shop.dataFile.path + suffix
        let saved = try? Data(contentsOf: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = try shop.run(["buy", "eggs"])
        #expect(outcome.status == 74, "\(suffix): \(outcome)")
        #expect(outcome.stderr.contains("not a regular file"), "\(suffix): \(outcome)")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "\(suffix): the FIFO was replaced")
        try FileManager.default.removeItem(atPath: path)
        if let saved { try saved.write(to: URL(fileURLWithPath: path)) }
    }

    /// An argument that is not UTF-8 is refused (exit 64) and named with its bytes escaped, instead of
    /// being stored with U+FFFD in it.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let before = files(shop)
        let outcome = try shop.run(
            ["/bin/sh", "-c", "exec \"$0\" add eggs \"$(printf 'mi\\377lk\\033')\"", ShopProcess.executable.path],
            viaShell: true)
        #expect(outcome.status == 64, "\(outcome)")
        #expect(outcome.stderr.contains("argument 3 is not valid UTF-8: 'mi\\xfflk\\e'"), "\(outcome)")
        #expect(files(shop) == before)
    }

    @Test(arguments: ["--since", "--until"])
    func dateErrorsEscapeWhatTheyEcho(_ option: String) throws {
        let shop = try sandbox()
        defer { shop.remove() }
        let outcome = try shop.run(["history", option, "\u{1B}]2;owned\u{07}"])
        #expect(outcome.status == 64, "\(outcome)")
        #expect(!outcome.stderr.contains("\u{1B}") && !outcome.stderr.contains("\u{07}"), "\(outcome)")
        #expect(outcome.stderr.contains("\\e]2;owned\\u{7}"), "\(outcome)")
    }
}

extension ShopProcess {
    /// Runs a program other than shop (a shell that execs it with bytes Swift strings cannot hold).
    func run(_ command: [String], viaShell: Bool) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorFile.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let errors = (try? Data(contentsOf: errorFile)) ?? Data()
        return Outcome(status: process.terminationStatus, stdout: "", stderr: String(decoding: errors, as: UTF8.self))
    }
}
