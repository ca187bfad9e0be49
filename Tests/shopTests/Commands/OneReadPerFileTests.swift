import Foundation
import Testing

/// One command reads each of its files once (issue 37): the data file, the device file and the purchase log
/// are each opened for reading at most once, and the lock file once, counted by `strace` on the real binary.
/// A file read twice is a second chance for another process's write to slip in between the two reads.
@Suite(.enabled(if: Strace.canTrace, "needs strace(1) allowed to trace a child process"))
struct OneReadPerFileTests {
    /// The lines `strace` wrote for `shop arguments...`, tracing the system calls `calls` (`openat`).
    private func trace(_ shop: ShopProcess, _ arguments: [String], calls: String) throws -> [Substring] {
        let log = shop.folder.appendingPathComponent("strace-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Strace.path)
        process.arguments =
            ["-f", "-qq", "-e", "trace=\(calls)", "-o", log.path, ShopProcess.executable.path] + arguments
        process.environment = shop.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(arguments)")
        let text = try String(contentsOf: log, encoding: .utf8)
        try? FileManager.default.removeItem(at: log)
        return text.split(separator: "\n")
    }

    /// How often `shop arguments...` opened each file beside the data file: reads (`O_RDONLY`) and all opens.
    private func opens(_ shop: ShopProcess, _ arguments: [String]) throws -> [String: (reads: Int, opens: Int)] {
        var counts: [String: (reads: Int, opens: Int)] = [:]
        for line in try trace(shop, arguments, calls: "openat")
        where line.contains("openat(") && !line.contains("ENOENT") {
            for file in ["shop.json", "shop.json.device", "shop.json.purchases", "shop.json.lock"]
            where line.contains("/data/\(file)\"") {
                counts[file, default: (0, 0)].opens += 1
                if line.contains("O_RDONLY") { counts[file, default: (0, 0)].reads += 1 }
            }
        }
        return counts
    }

    @Test func eachCommandReadsEachFileOnce() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["sample"])
        // A device file of its own (current store, name) and an item kept in stock: the costly paths.
        try shop.ok(["store", "use", "Supermarket"])
        try shop.ok(["device", "name", "kitchen"])
        try shop.ok(["add", "Cheese", "--stock", "--keeps", "14"])
        let commands: [[String]] = [
            ["add", "Butter"], ["edit", "Milk", "--note", "semi-skimmed"], ["list"], ["list", "--json"],
            ["buy", "Butter"], ["add", "Butter"], ["buy", "Butter"],  // the second buy of a day reads the log
            ["buy", "Cheese"], ["stock", "add", "Cheese", "-q", "2"], ["open", "Cheese"], ["use", "Cheese"],
            ["stock"], ["history"], ["undo"],
        ]
        for command in commands {
            let counts = try opens(shop, command)
            for (file, count) in counts {
                #expect(count.reads <= 1, "\(command) read \(file) \(count.reads) times")
                if file == "shop.json.lock" {
                    #expect(count.opens <= 1, "\(command) opened the lock \(count.opens) times")
                }
            }
            // The data file is read by every one of them: the count above is not vacuous.
            #expect(counts["shop.json"]?.reads == 1, "\(command): \(counts)")
        }
        // The purchases were logged by this device's name, read from its file inside the change.
        #expect(try shop.ok(["history", "--json"]).stdout.contains("\"by\" : \"kitchen\""))
    }
}

extension OneReadPerFileTests {
    /// A change records its undo step with two looks at the history's index (the link check before the
    /// change, the mode kept when it is replaced) and one unlink of the new snapshot's name (issue 49: the
    /// index was looked at 4 times, and the snapshot's name unlinked twice).
    @Test func undoStepStatsItsIndexTwiceAndUnlinksItsSnapshotOnce() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "Butter"])
        try shop.ok(["add", "Milk"])
        let lines = try trace(shop, ["add", "Eggs"], calls: "stat,lstat,newfstatat,statx,unlink,unlinkat")
        let indexLooks = lines.filter { $0.contains("stat") && $0.contains(".undo/index.json\"") }
        #expect(indexLooks.count == 2, "\(indexLooks)")
        let snapshotUnlinks = lines.filter { $0.contains("unlink") && $0.contains(".undo/3.json\"") }
        #expect(snapshotUnlinks.count == 1, "\(snapshotUnlinks)")
        // The step was recorded: undo takes the change back.
        #expect(try shop.ok(["undo"]).stderr == "Undid: add Eggs\n")
    }
}

/// `strace`, where it is installed and may trace (a container may forbid ptrace).
enum Strace {
    static let path = "/usr/bin/strace"

    static let canTrace: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-f", "-qq", "-e", "trace=openat", "-o", "/dev/null", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}
