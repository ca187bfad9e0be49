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

    /// Starts `shop arguments...` without waiting; output is discarded.
    private func spawn(_ shop: ShopProcess, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = arguments
        process.environment = shop.environment.merging(["SHOP_LOCK_TIMEOUT": "20"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
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
                guard let process = try? spawn(shop, ["add", "w\(writer)-\(index)"]) else {
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
        for iteration in 0..<30 {
            let name = "killed-\(iteration)"
            let process = try spawn(shop, ["add", name])
            usleep(UInt32.random(in: 0...30_000))
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
    @Test func heldLockTimesOutWithExit75() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let lockPath = shop.dataFile.path + ".lock"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        guard FileManager.default.isExecutableFile(atPath: holder.executableURL!.path) else { return }
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
        if !imported.stderr.contains("Unknown") && !imported.stderr.contains("no implementation") {
            #expect(imported.status == 74, "\(imported)")
        }
        #expect(shop.dataBytes() == nil)
    }
}
