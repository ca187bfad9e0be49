import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 26: a full disk during a fast-forward that brings purchases in, then `sync` with room; and
/// `unbuy` on a device that has another device's purchase dated days ahead (its clock ran fast).
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct LogSafetyDiskAndClockTests {
    @Test(.enabled(if: SyncAttributesAndDiskTests.canMountTmpfs, "needs root and mount(8) for a small tmpfs"))
    func aFullDiskDuringAFastForwardLeavesNoLitterAndTheNextSyncRecovers() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("disk/laptop")
        let disk = lab.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(
            SyncAttributesAndDiskTests.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk.path]) == 0)
        defer { SyncAttributesAndDiskTests.run("/usr/bin/umount", ["-l", disk.path]) }
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk"])
        try laptop.ok(["buy", "milk"])
        try lab.join(laptop, phone)
        for free in [250, 600] {
            // Many purchases come in: a log of several hundred kilobytes, with the items they bought.
            let names = (0..<800).map { "round \(free) item number \($0) with a fairly long name" }
            #expect(try phone.run(["add", "-"], input: names.joined(separator: "\n")).status == 0)
            try phone.ok(["buy", "--all"])
            try phone.ok(["sync"])
            let expected = try PurchaseLogSafetyTests.history(phone)
            let filler = disk.appendingPathComponent("filler")
            SyncFullDiskTests.fill(filler, leaving: free * 1024)
            let before = try Data(contentsOf: laptop.syncedFile)
            let outcome = try laptop.run(["sync"])
            if outcome.status != 0 {
                #expect(outcome.status == 74 || outcome.status == 1, "\(free) KiB free: \(outcome)")
                #expect(try Data(contentsOf: laptop.syncedFile) == before, "\(free) KiB free")
            }
            try SyncFullDiskTests.empty(filler)
            Self.expectNoLitter(laptop)
            // With room, sync recovers by itself, every time.
            let again = try laptop.run(["sync"])
            #expect(again.status == 0, "after \(free) KiB free: \(again)")
            #expect(try PurchaseLogSafetyTests.history(laptop) == expected)
            Self.expectNoLitter(laptop)
        }
    }

    /// No `.merge_file_*`, no temporary file of shop's beside the data file or in `.git`, no empty log.
    static func expectNoLitter(_ device: ShopProcess, sourceLocation: SourceLocation = #_sourceLocation) {
        let folder = device.dataFolder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let git =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".git").path)) ?? []
        let litter =
            names.filter { $0.hasPrefix(".merge_file_") || $0.hasPrefix(".shop.json.") }
            + git.filter { $0.hasPrefix(".shop-sync") || $0 == "shop-sync.purchases" || $0 == "shop-sync.index" }
        #expect(litter.isEmpty, "\(litter)", sourceLocation: sourceLocation)
        let log = folder.appendingPathComponent("shop.json.purchases")
        if let size = try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int {
            #expect(size > 0, "an empty log was left", sourceLocation: sourceLocation)
        }
    }

    /// Device A's clock runs two days ahead (`SHOP_NOW`): it buys milk at 1.00. B syncs, buys milk at 2.00
    /// by mistake and runs `unbuy milk`: B's purchase (logged last) goes, on both devices; A's real one,
    /// dated two days after it, stays.
    @Test func unbuyTakesThePurchaseLoggedLastWhateverTheClocksSay() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        var fast = try lab.device("fast")
        var slow = try lab.device("slow")
        fast.environment["SHOP_NOW"] = "2026-03-03T10:00:00Z"
        slow.environment["SHOP_NOW"] = "2026-03-01T10:00:00Z"
        try fast.ok(["add", "milk"])
        try lab.join(fast, slow)
        try fast.ok(["buy", "milk", "--price", "1.00"])
        try fast.ok(["sync"])
        try slow.ok(["sync"])
        try slow.ok(["add", "milk"])
        try slow.ok(["buy", "milk", "--price", "2.00"])
        try slow.ok(["unbuy", "milk"])
        try slow.ok(["sync"])
        try fast.ok(["sync"])
        for device in [fast, slow] {
            let outcome = try device.ok(["history", "--json"])
            let rows = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
            let kept = rows.map { "\($0["price"] ?? "none") \(($0["date"] as? String ?? "?").prefix(10))" }
            #expect(kept == ["1 2026-03-03"], "\(rows)")
            let milk = try device.items()["milk"]
            #expect(
                (milk?["dateLastPurchased"] as? String)?.hasPrefix("2026-03-03") == true, "\(String(describing: milk))")
        }
    }
}
