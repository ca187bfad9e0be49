import Foundation
import Testing

/// Real processes racing, dying and waiting on the lock: the data file stays whole and no change is lost.
@Suite(.serialized) struct ProcessSafetyTests {
    private func listNames(_ shop: ShopProcess) throws -> Set<String> {
        let outcome = try shop.run(["list", "--json"])
        #expect(outcome.status == 0, "\(outcome)")
        let items = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]]
        return Set((items ?? []).compactMap { $0["name"] as? String })
    }

    private func leftovers(_ shop: ShopProcess) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: shop.dataFile.deletingLastPathComponent().path)
            .filter { $0.contains(".tmp.") }
    }

    /// 6 writers × 10 adds each, all at once: all 60 items are there and the history still works.
    @Test func parallelWritersLoseNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let lock = NSLock()
        nonisolated(unsafe) var failures = 0
        DispatchQueue.concurrentPerform(iterations: 6) { writer in
            for index in 0..<10 {
                guard let process = try? shop.spawn(["add", "w\(writer)-\(index)"]) else {
                    lock.withLock { failures += 1 }
                    continue
                }
                process.waitUntilExit()
                if process.terminationStatus != 0 { lock.withLock { failures += 1 } }
            }
        }
        #expect(lock.withLock { failures } == 0)
        let expected = Set((0..<6).flatMap { writer in (0..<10).map { "w\(writer)-\($0)" } })
        #expect(try listNames(shop) == expected)
        #expect(try leftovers(shop).isEmpty)
        #expect(try shop.run(["undo"]).status == 0)
        #expect(try listNames(shop).count == 59)
    }

    /// 30 writers on a 3000-item file, each SIGKILLed 0-30 ms after it starts: the file always loads, and
    /// every add that exited 0 is kept. Temporaries of killed writers are removed by the next write.
    @Test func killedWritersNeverTearTheFile() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let bulk = (0..<3000).map { "bulk item \($0)" }.joined(separator: "\n")
        #expect(try shop.run(["-q", "add", "-"], input: bulk).status == 0)
        var committed: [String] = []
        var generator = SplitMix64(state: 0x5EED_0030)
        for iteration in 0..<30 {
            let name = "killed-\(iteration)"
            let process = try shop.spawn(["add", name])
            usleep(UInt32.random(in: 0...30_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit, process.terminationStatus == 0 { committed.append(name) }
            let names = try listNames(shop)
            #expect(names.count >= 3000, "iteration \(iteration): the file lost items")
            #expect(Set(committed).isSubset(of: names), "iteration \(iteration): a finished add was lost")
        }
        #expect(try shop.run(["add", "after the storm"]).status == 0)
        let left = try leftovers(shop)
        #expect(left.isEmpty, "stale temporaries left: \(left)")
        #expect(try listNames(shop).count >= 3001 + committed.count)
    }

    /// Another process holds the lock: `shop add` waits SHOP_LOCK_TIMEOUT, exits 75, changes nothing.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"),
            "needs /usr/bin/flock (util-linux) to hold the lock from another process"))
    func heldLockTimesOutWithExit75() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let lockPath = shop.dataFile.path + ".lock"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        let ready = shop.folder.appendingPathComponent("held")
        holder.arguments = [lockPath, "sh", "-c", "touch '\(ready.path)'; sleep 3"]
        try holder.run()
        defer {
            holder.terminate()
            holder.waitUntilExit()
        }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: ready.path) { usleep(10_000) }
        let before = shop.dataBytes()
        let outcome = try shop.run(["add", "x"], environment: ["SHOP_LOCK_TIMEOUT": "0.5"])
        #expect(outcome.status == 75 && outcome.stderr.contains("locked by another shop process"), "\(outcome)")
        #expect(shop.dataBytes() == before)
        let undo = try shop.run(["undo"], environment: ["SHOP_LOCK_TIMEOUT": "0.5"])
        #expect(undo.status == 75 && shop.dataBytes() == before, "\(undo)")
    }

    /// A data path under a regular file (tests run as root, so permissions cannot refuse): exit 74, nothing
    /// created. A missing import path: exit 74 (checked once `import` exists).
    @Test func unwritablePlacesExit74() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let blocker = shop.folder.appendingPathComponent("plainfile")
        try Data("x".utf8).write(to: blocker)
        let path = blocker.appendingPathComponent("shop.json").path
        let outcome = try shop.run(["--file", path, "add", "milk"])
        #expect(outcome.status == 74 && outcome.stderr.hasPrefix("Error: cannot write"), "\(outcome)")
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
        // Reading through a file is an I/O error too; undo has nothing to read.
        #expect(try shop.run(["--file", path, "list"]).status == 74)
        #expect(try [1, 74].contains(shop.run(["--file", path, "undo"]).status))
        let imported = try shop.run(["import", shop.folder.appendingPathComponent("missing.json").path])
        #expect(imported.status == 74, "\(imported)")
        #expect(shop.dataBytes() == nil)
    }

    /// A data file shop may not read: exit 74 naming it, for reading and for writing commands, and the
    /// file unchanged. As root (CI), shop runs as `nobody` through setpriv, since root reads every file.
    @Test(
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "running as root without /usr/bin/setpriv (util-linux): no way to run shop as a user who cannot read the file"
        ))
    func unreadableDataFileExits74() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        #expect(try shop.run(["add", "milk"]).status == 0)
        let before = shop.dataBytes()
        if getuid() != 0 { chmod(shop.dataFile.path, 0o000) }
        // The folders must let `nobody` reach the file, so that only the file's own mode refuses it.
        for folder in [shop.folder, shop.dataFile.deletingLastPathComponent()] { chmod(folder.path, 0o755) }
        for arguments in [["list"], ["add", "eggs"]] {
            let outcome = try runUnprivileged(shop, arguments)
            #expect(outcome.status == 74, "\(arguments): \(outcome)")
            #expect(outcome.stderr.hasPrefix("Error: cannot "), "\(outcome)")
            #expect(outcome.stderr.contains("shop.json"), "\(outcome)")
        }
        chmod(shop.dataFile.path, 0o600)
        #expect(shop.dataBytes() == before)
    }

    /// Runs shop as the user `nobody` when the tests run as root, else as the current user.
    private func runUnprivileged(_ shop: ShopProcess, _ arguments: [String]) throws -> ShopProcess.Outcome {
        guard getuid() == 0 else { return try shop.run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments =
            ["--reuid=65534", "--regid=65534", "--clear-groups", ShopProcess.executable.path] + arguments
        process.environment = shop.environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both outputs are a line or two: neither pipe can fill before the process ends.
        process.waitUntilExit()
        return ShopProcess.Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
