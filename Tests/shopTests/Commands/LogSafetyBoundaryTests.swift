import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 26, the rest of the boundary: a stale record never removes someone else's git lock, a household
/// whose `.gitattributes` has lines of its own can be joined (and the hints work when copied), a FIFO where
/// shop expects a file is refused rather than waited on, `unbuy` never trusts another device's clock, and
/// a full disk during a fast-forward leaves no litter and no jam.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct LogSafetyBoundaryTests {
    /// The case: a sync killed with its process group left its record naming a dead process; the
    /// user's own `git add` now holds `index.lock` (open, at work). The next sync must not remove it.
    @Test func aDeadSyncsRecordNeverRemovesALockInUse() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        try shop.ok(["sync", "init", lab.remote.path])
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try Data("\(gone.processIdentifier)\n".utf8).write(
            to: shop.dataFolder.appendingPathComponent(".git/shop-sync.pid"))
        Thread.sleep(forTimeInterval: 0.05)
        let lock = shop.dataFolder.appendingPathComponent(".git/index.lock")
        try Data().write(to: lock)
        // Held open, as git holds the lock file it is writing.
        let user = try FileHandle(forWritingTo: lock)
        let outcome = try shop.run(["sync"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(FileManager.default.fileExists(atPath: lock.path), "someone else's lock was removed")
        // The hint works when copied (the path is quoted for the shell).
        try user.close()
        let hint = try #require(outcome.stderr.split(separator: "(").last?.split(separator: ")").first)
        #expect(hint.hasPrefix("rm "), "\(outcome)")
        #expect(Self.shell(String(hint)) == 0)
        try shop.ok(["sync"])
    }

    /// What a sync killed with its process group in the middle of a git command leaves (its record, the
    /// lock, git's `.merge_file_*` copies, an earlier shop's temporary record) is cleared by the next sync.
    @Test func aKilledSyncsLeftoversAreClearedByTheNext() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        try lab.join(shop)
        let git = shop.dataFolder.appendingPathComponent(".git")
        try Data("12345\n".utf8).write(to: git.appendingPathComponent("shop-sync.pid"))
        Thread.sleep(forTimeInterval: 0.05)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let leftovers = [
            git.appendingPathComponent("index.lock"), shop.dataFolder.appendingPathComponent(".merge_file_a1B2c3"),
            git.appendingPathComponent(".shop-sync.pid.tmp.\(gone.processIdentifier).x7"),
            git.appendingPathComponent("shop-sync.purchases"),
        ]
        for file in leftovers { try Data("x".utf8).write(to: file) }
        try shop.ok(["add", "eggs"])
        try shop.ok(["sync"])
        for file in leftovers {
            #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)")
        }
        LogSafetyDiskAndClockTests.expectNoLitter(shop)
    }

    /// Runs a line in `/bin/sh`, as a person pasting a hint would.
    @discardableResult
    static func shell(_ line: String, in folder: URL? = nil) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        if let folder { process.currentDirectoryURL = folder }
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "test"
            environment["GIT_\(role)_EMAIL"] = "test@example.com"
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A household whose `.gitattributes` holds lines of its own is joined by a device with a list of its
    /// own: both lists meet, and both sets of lines are kept.
    @Test func joiningKeepsTheRemotesGitattributesLines() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop)
        let attacker = try lab.attacker()
        let attributes = attacker.appendingPathComponent(".gitattributes")
        let text = try String(contentsOf: attributes, encoding: .utf8)
        try Data((text + "*.md text eol=lf\n").utf8).write(to: attributes)
        try lab.push(attacker, "attributes of the household")
        try phone.ok(["add", "tea"])
        try lab.join(phone)
        #expect(try phone.items().keys.sorted() == ["milk", "tea"])
        let joined = try String(contentsOf: phone.dataFolder.appendingPathComponent(".gitattributes"), encoding: .utf8)
        #expect(joined.contains("*.md text eol=lf") && joined.contains("shop.json merge=shop"), "\(joined)")
        #expect(try SyncLab.git(["status", "--porcelain"], in: phone.dataFolder).isEmpty)
        try laptop.ok(["sync"])
        #expect(try laptop.items().keys.sorted() == ["milk", "tea"])
    }

    /// Another file both sides added apart: refused with a hint whose `git merge` accepts the unrelated
    /// histories when pasted; after the person settles the file, `sync` goes on.
    @Test func theHintForFilesBothSidesChangedWorksWhenCopied() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try lab.join(laptop)
        let attacker = try lab.attacker()
        try Data("the household's notes\n".utf8).write(to: attacker.appendingPathComponent("notes.txt"))
        try lab.push(attacker, "notes")
        try phone.ok(["add", "tea"])
        try phone.ok(["sync", "init", lab.remote.path])
        try Data("the phone's notes\n".utf8).write(to: phone.dataFolder.appendingPathComponent("notes.txt"))
        try SyncLab.git(["add", "notes.txt"], in: phone.dataFolder)
        try SyncLab.git(["commit", "-q", "-m", "notes"], in: phone.dataFolder)
        let outcome = try phone.run(["sync"])
        #expect(outcome.status == 1 && outcome.stderr.contains("notes.txt"), "\(outcome)")
        let hint = try #require(
            outcome.stderr.components(separatedBy: "(git -C ").last?.components(separatedBy: "), then").first)
        #expect(hint.contains("--allow-unrelated-histories"), "\(outcome)")
        // A real conflict in notes.txt (exit 1), not git's refusal of unrelated histories (exit 128).
        #expect(Self.shell("git -C " + hint) == 1)
        try Data("both notes\n".utf8).write(to: phone.dataFolder.appendingPathComponent("notes.txt"))
        #expect(Self.shell("git add notes.txt shop.json && git commit -q -m settled", in: phone.dataFolder) == 0)
        try phone.ok(["sync"])
        #expect(try phone.items().keys.sorted() == ["milk", "tea"])
    }

    /// `sync init` with a mistyped URL, in a folder whose path has a space and a quote: the hint's
    /// `git remote set-url` line, pasted with the right URL, fixes it.
    @Test func theMistypedURLHintWorksWhenCopied() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("Bob's list")
        try shop.ok(["add", "milk"])
        let outcome = try shop.ok(["sync", "init", lab.root.appendingPathComponent("mistyped.git").path])
        let line = try #require(
            outcome.stderr.split(separator: "\n").first { $0.contains("remote set-url") }?
                .components(separatedBy: "mistyped: ").last, "\(outcome)")
        #expect(Self.shell(line.replacingOccurrences(of: "CORRECT-URL", with: lab.remote.path)) == 0, "\(line)")
        try shop.ok(["sync"])
    }

    /// A FIFO where shop keeps a file of its own is refused at once (74), never waited on.
    @Test(arguments: ["shop.json.device", "shop.json.purchases", "shop.json"])
    func aFIFOWhereShopExpectsAFileIsRefused(_ name: String) throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "eggs"])
        try shop.ok(["buy", "milk"])
        let path = shop.dataFile.deletingLastPathComponent().appendingPathComponent(name)
        let before = shop.dataBytes()
        try? FileManager.default.removeItem(at: path)
        #expect(mkfifo(path.path, 0o600) == 0)
        // Which command opens which file: `list` the data and device files, `history` the data file and
        // the log, `buy` all three.
        let opens: [String: Set<String>] = [
            "list": ["shop.json.device", "shop.json"], "history": ["shop.json.purchases", "shop.json"],
            "buy": ["shop.json.device", "shop.json.purchases", "shop.json"],
        ]
        for command in [["list"], ["history"], ["buy", "eggs"]] {
            let (status, stderr) = try Self.run(shop, command, deadline: 10)
            #expect(status != nil, "\(command) waited on a FIFO at \(name)")
            guard opens[command[0]]!.contains(name) else { continue }
            #expect(status == 74, "\(command) with a FIFO at \(name): \(stderr)")
            #expect(stderr.contains("not a regular file"), "\(stderr)")
        }
        if name != "shop.json" { #expect(shop.dataBytes() == before) }
    }

    /// Runs shop, killing it (by its process id) if it is still running after `deadline` seconds.
    /// - Returns: its exit status (`nil`: it had to be killed) and standard error.
    static func run(_ shop: ShopProcess, _ arguments: [String], deadline: Double) throws -> (Int32?, String) {
        let process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = arguments
        process.environment = shop.environment
        let errors = shop.folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let handle = try FileHandle(forWritingTo: errors)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        let end = Date().addingTimeInterval(deadline)
        while process.isRunning && Date() < end { usleep(20_000) }
        var status: Int32? = nil
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        } else {
            status = process.terminationStatus
        }
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (status, text)
    }
}
