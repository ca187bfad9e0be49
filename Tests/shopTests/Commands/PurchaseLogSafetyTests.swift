import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 26: the purchase log is as safe as the list. No killed `buy`, restored backup or hostile remote
/// removes an acknowledged purchase, and `sync` recovers by itself from whatever they leave.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct PurchaseLogSafetyTests {
    /// Every purchase as `name date` (`shop history --json`), sorted.
    static func history(_ device: ShopProcess) throws -> [String] {
        let outcome = try device.ok(["history", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { "\($0["name"] as? String ?? "?") \(($0["date"] as? String ?? "?").prefix(10))" }.sorted()
    }

    /// The log beside a device's data file.
    static func log(_ device: ShopProcess) -> URL {
        device.dataFolder.appendingPathComponent("shop.json.purchases")
    }

    /// What a `buy` killed between its log write and its data write leaves: a complete purchase line past
    /// the data file's marker.
    @Test func logBytesPastTheMarkerNeverJamSync() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs"])
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        try lab.join(laptop, phone)
        let line =
            #"{"date":"2026-11-02T10:00:00Z","id":"6A1D39B0-8A5B-4C8E-9E43-2B4C0E0E0001","#
            + #""itemId":"6A1D39B0-8A5B-4C8E-9E43-2B4C0E0E0002","name":"half bought","price":null,"quantity":1,"#
            + #""store":null,"storeId":null}"# + "\n"
        let handle = try FileHandle(forWritingTo: Self.log(laptop))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
        try laptop.ok(["add", "tea"])
        let first = try laptop.run(["sync"])
        #expect(first.status == 0, "\(first)")
        // The unfinished purchase never counted and never travels; the next change cuts it off.
        #expect(try Self.history(laptop) == ["milk 2026-11-01"])
        try phone.ok(["sync"])
        #expect(try Self.history(phone) == ["milk 2026-11-01"])
        try laptop.ok(["buy", "eggs", "--date", "2026-11-03"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        #expect(try Self.history(phone) == ["eggs 2026-11-03", "milk 2026-11-01"])
        #expect(!(try String(contentsOf: Self.log(laptop), encoding: .utf8)).contains("half bought"))
    }

    /// Seeded rounds: `buy` SIGKILLed at a random moment, then `sync`. Every sync succeeds, and every
    /// purchase whose `buy` exited 0 is on both devices at the end.
    @Test func killedBuysFollowedBySyncLoseNothingAcknowledged() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        let names = (0..<16).map { "item \($0)" }
        try laptop.ok(["add"] + names)
        try lab.join(laptop, phone)
        var random = SplitMix64(state: UInt64(ProcessInfo.processInfo.environment["SHOP_TEST_SEED"] ?? "") ?? 26)
        var acknowledged: Set<String> = []
        for name in names {
            let buy = try laptop.spawn(["buy", name])
            usleep(UInt32.random(in: 0..<40_000, using: &random))
            kill(buy.processIdentifier, SIGKILL)
            buy.waitUntilExit()
            if buy.terminationReason == .exit && buy.terminationStatus == 0 { acknowledged.insert(name) }
            let sync = try laptop.run(["sync"])
            #expect(sync.status == 0, "after a killed buy of \(name): \(sync)")
        }
        try phone.ok(["sync"])
        for device in [laptop, phone] {
            let bought = Set(try Self.history(device).map { String($0.dropLast(11)) })
            #expect(acknowledged.isSubset(of: bought), "lost: \(acknowledged.subtracting(bought))")
            let onList = try device.items().filter { $0.value["onList"] as? Bool == false }.keys
            #expect(bought == Set(onList), "a purchase without its buy, or the other way round")
        }
        #expect(try Self.history(laptop) == Self.history(phone))
    }

    /// `cp backup.json shop.json`: the purchases acknowledged since the backup stay, through `buy` and
    /// `sync`, on both devices.
    @Test func aRestoredBackupLosesNoPurchase() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs", "bread", "tea"])
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        let backup = lab.root.appendingPathComponent("backup.json")
        try FileManager.default.copyItem(at: laptop.syncedFile, to: backup)
        try laptop.ok(["buy", "eggs", "--date", "2026-11-02"])
        try laptop.ok(["buy", "bread", "--date", "2026-11-03"])
        // Restored over the file, as `cp` does.
        try Data(contentsOf: backup).write(to: laptop.syncedFile)
        let all = ["bread 2026-11-03", "eggs 2026-11-02", "milk 2026-11-01"]
        #expect(try Self.history(laptop) == all)
        // A command that fails leaves the restored file as it is (byte for byte).
        try laptop.expectFailure(["buy", "no such thing"], status: 1, mentioning: "no such thing")
        #expect(try Data(contentsOf: laptop.syncedFile) == Data(contentsOf: backup))
        try laptop.ok(["buy", "tea", "--date", "2026-11-04"])
        #expect(try Self.history(laptop) == all + ["tea 2026-11-04"])
        // The data file caught up with its log: the items bought since the backup carry their dates.
        #expect((try laptop.items()["bread"]?["dateLastPurchased"] as? String)?.hasPrefix("2026-11-03") == true)
        try lab.join(laptop, phone)
        #expect(try Self.history(phone) == all + ["tea 2026-11-04"])
        // A restored log file (older than what was synced) gets its lines back from git, never sends
        // their loss.
        try Data().write(to: Self.log(laptop))
        try laptop.ok(["add", "coffee"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        #expect(try Self.history(phone) == all + ["tea 2026-11-04"])
        #expect(try Self.history(laptop) == all + ["tea 2026-11-04"])
    }

    /// A remote commit that deletes the log, cuts a line off it, or changes a purchase is refused like a
    /// deleted data file: exit 65 naming the path, nothing local changed. Purchases leave the log only
    /// through `unbuy`, whose deletion line travels.
    @Test(arguments: ["delete", "cut", "rewrite"])
    func aRemoteThatErasesTheLogIsRefused(_ attack: String) throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk", "eggs", "--price", "1.00"])
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        try laptop.ok(["buy", "eggs", "--date", "2026-11-02"])
        try lab.join(laptop)
        let attacker = try lab.attacker()
        let file = attacker.appendingPathComponent("shop.json.purchases")
        let text = try String(contentsOf: file, encoding: .utf8)
        switch attack {
        case "delete": try FileManager.default.removeItem(at: file)
        case "cut": try Data((text.split(separator: "\n").first! + "\n").utf8).write(to: file)
        default:
            // The same purchase, another name: a rewrite, not a deletion.
            try Data(text.replacingOccurrences(of: "\"name\":\"milk\"", with: "\"name\":\"MILK\"").utf8).write(to: file)
        }
        try lab.push(attacker, "erase the log")
        try laptop.ok(["add", "tea"])
        let before = try DeviceState(laptop, outside: lab.root.appendingPathComponent("attacker"))
        let logBefore = try Data(contentsOf: Self.log(laptop))
        let outcome = try laptop.run(["sync"])
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("origin/main:shop.json.purchases"), "\(outcome)")
        let after = try DeviceState(laptop, outside: lab.root.appendingPathComponent("attacker"))
        #expect(after.data == before.data && after.status == before.status)
        #expect(try Data(contentsOf: Self.log(laptop)) == logBefore)
        #expect(try Self.history(laptop) == ["eggs 2026-11-02", "milk 2026-11-01"])
    }

    /// The summary says what purchases came in and which were deleted (by `unbuy` on the other side).
    @Test func theSummaryNamesPurchasesThatCameInAndWereDeleted() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs"])
        try lab.join(laptop, phone)
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        try laptop.ok(["sync"])
        var outcome = try phone.ok(["sync"])
        // Said once: the item's line says it was bought.
        #expect(outcome.stderr.contains("milk bought") && !outcome.stderr.contains("purchase"), "\(outcome)")
        // A receipt entered later for an item already bought: the purchase is said.
        try laptop.ok(["buy", "milk", "--date", "2026-11-02"])
        try laptop.ok(["sync"])
        outcome = try phone.ok(["sync"])
        #expect(outcome.stderr.contains("+ purchase milk"), "\(outcome)")
        try laptop.ok(["unbuy", "milk"])
        try laptop.ok(["sync"])
        outcome = try phone.ok(["sync", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let received = (object?["received"] as? [String: Any])?["purchases"] as? [String: Int]
        #expect(received?["removed"] == 1, "\(outcome)")
        let records = object?["cameIn"] as? [[String: Any]] ?? []
        #expect(records.contains { $0["kind"] as? String == "purchase" && $0["change"] as? String == "removed" })
    }
}
