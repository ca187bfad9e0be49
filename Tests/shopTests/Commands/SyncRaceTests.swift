import Foundation
import Testing

/// `sync` against concurrent writers and sudden death, with real processes.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SyncRaceTests {
    @Test func syncRacingALoopOfAddsLosesNothing() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let shop = try lab.device("laptop")
        try shop.ok(["add", "milk"])
        try shop.ok(["sync", "init", lab.remote.path])
        let names = (0..<25).map { "item \($0)" }
        // Each add waits up to 30 s for the lock (not the harness's 2 s): on a loaded machine a sync can hold
        // it longer than 2 s, and an add that gave up would be missing for that reason alone.
        let adder = Thread {
            for name in names { _ = try? shop.run(["add", name], environment: ["SHOP_LOCK_TIMEOUT": "30"]) }
        }
        adder.start()
        for _ in 0..<4 { _ = try shop.run(["sync"]) }
        while adder.isExecuting { Thread.sleep(forTimeInterval: 0.05) }
        try shop.ok(["sync"])
        #expect(Set(try shop.items().keys).isSuperset(of: names))
        // Everything reached the remote: a fresh device gets all of it.
        let phone = try lab.device("phone")
        try phone.ok(["sync", "init", lab.remote.path])
        try phone.ok(["sync"])
        #expect(Set(try phone.items().keys).isSuperset(of: names + ["milk"]))
    }

    @Test func aSyncKilledAtAnyInstantLeavesALoadableFileAndARecoverableRepository() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["sample"])
        try lab.join(laptop, phone)
        var generator = SplitMix64(state: 0x5EED_0025)
        for round in 0..<6 {
            try phone.ok(["add", "phone \(round)"])
            try phone.ok(["sync"])
            try laptop.ok(["add", "laptop \(round)"])
            let process = Process()
            process.executableURL = ShopProcess.executable
            process.arguments = ["sync"]
            process.environment = laptop.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.15, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Whatever instant it died at, the data file loads and the next sync finishes the job.
            #expect(try laptop.run(["list"]).status == 0)
            try laptop.ok(["sync"])
        }
        try phone.ok(["sync"])
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
        let names = Set(try laptop.items().keys)
        #expect(names.isSuperset(of: (0..<6).flatMap { ["phone \($0)", "laptop \($0)"] }))
    }
}
