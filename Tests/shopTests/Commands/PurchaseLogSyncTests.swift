import Foundation
import Testing

/// The purchase log travels with the list: purchases made on two devices all arrive on both, one
/// deleted by `unbuy` stays deleted everywhere, the log file is committed beside the data file (git never
/// writes it), and `undo` of a sync takes back the purchases it brought in.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct PurchaseLogSyncTests {
    /// The history as `shop history --json` gives it: name and date of every purchase, newest first.
    private func history(_ device: ShopProcess) throws -> [String] {
        let outcome = try device.ok(["history", "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return rows.map { "\($0["name"] as? String ?? "?") \(($0["date"] as? String ?? "?").prefix(10))" }.sorted()
    }

    @Test func purchasesOfTwoDevicesMeetAndAnUnbuyTravels() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs", "bread", "tea", "--price", "1.50"])
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        try lab.join(laptop, phone)
        #expect(try history(phone) == ["milk 2026-11-01"])

        // Both devices buy apart; both purchases arrive on both.
        try phone.ok(["buy", "eggs", "--date", "2026-11-02"])
        try laptop.ok(["buy", "bread", "--date", "2026-11-03"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        let all = ["bread 2026-11-03", "eggs 2026-11-02", "milk 2026-11-01"]
        #expect(try history(laptop) == all)
        #expect(try history(phone) == all)

        // A purchase made by mistake, taken back on one device, is gone on the other too, and the item's
        // date goes back with it.
        try laptop.ok(["unbuy", "eggs"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        #expect(try history(phone) == ["bread 2026-11-03", "milk 2026-11-01"])
        let eggs = try phone.items()["eggs"]
        #expect(eggs?["onList"] as? Bool == true, "\(String(describing: eggs))")
        #expect(eggs?["dateLastPurchased"] == nil || eggs?["dateLastPurchased"] is NSNull)

        // The log is committed beside the data file, and both devices hold the same list and the same log.
        // git status shows at most the list's own files, when a device's log holds the remote's lines in
        // its own order (SPEC 16: logs compare as what they hold; a commit of the order alone would be one
        // without a change).
        for device in [laptop, phone] {
            let status = try SyncLab.git(["status", "--porcelain"], in: device.dataFolder)
            #expect(
                status.split(separator: "\n").allSatisfy {
                    ["M shop.json", "M shop.json.purchases"].contains($0.trimmingCharacters(in: .whitespaces))
                },
                "\(status)")
            let tracked = try SyncLab.git(["ls-files"], in: device.dataFolder)
            #expect(tracked.split(separator: "\n").contains("shop.json.purchases"), "\(tracked)")
        }
        #expect(try laptop.run(["export"]).stdout == phone.run(["export"]).stdout)
    }

    /// SPEC 16 amends 8.4 here: purchases that came in have travelled, so `undo` leaves them.
    @Test func undoOfASyncThatBroughtPurchasesInIsRefused() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs"])
        try lab.join(laptop, phone)
        try laptop.ok(["buy", "milk", "--date", "2026-11-05"])
        try laptop.ok(["sync"])
        try phone.ok(["add", "tea"])
        try phone.ok(["sync"])
        #expect(try history(phone) == ["milk 2026-11-05"])
        let refused = try phone.run(["undo"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.hasPrefix("Error: cannot undo 'sync': what it logged has been synced"), "\(refused)")
        #expect(try history(phone) == ["milk 2026-11-05"])
        #expect(try phone.items()["milk"]?["onList"] as? Bool == false)
    }

    @Test func aRemoteLogThatIsNotALogIsRefused() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk"])
        try laptop.ok(["buy", "milk"])
        try lab.join(laptop)
        let attacker = try lab.attacker()
        try Data("not a purchase\n".utf8).write(to: attacker.appendingPathComponent("shop.json.purchases"))
        try lab.push(attacker, "garbage log")
        try laptop.ok(["add", "eggs"])
        let before = try Data(contentsOf: laptop.syncedFile)
        let head = try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder)
        let outcome = try laptop.run(["sync"])
        #expect(outcome.status == 65, "\(outcome)")
        #expect(outcome.stderr.contains("origin/main:shop.json.purchases"), "\(outcome)")
        #expect(try Data(contentsOf: laptop.syncedFile) == before)
        #expect(try SyncLab.git(["rev-parse", "HEAD"], in: laptop.dataFolder) == head)
    }

    /// Two devices that each added and bought "milk" before sharing: the two records become one, and the
    /// purchases of the one dropped follow the one kept (its date is the later purchase's).
    @Test func purchasesFollowTheRecordKeptWhenTwoSameNamedItemsBecomeOne() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "--price", "1.10"])
        try laptop.ok(["buy", "milk", "--date", "2026-11-01"])
        try phone.ok(["add", "Milk"])
        try phone.ok(["buy", "Milk", "--date", "2026-11-04"])
        try lab.join(laptop, phone)
        try laptop.ok(["sync"])
        for device in [laptop, phone] {
            let items = try device.items()
            #expect(items.count == 1, "\(items.keys)")
            let milk = try #require(items.values.first)
            #expect((milk["dateLastPurchased"] as? String)?.hasPrefix("2026-11-04") == true, "\(milk)")
            let outcome = try device.ok(["history", "--json"])
            let rows = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(rows.count == 2)
            #expect(Set(rows.compactMap { $0["itemId"] as? String }) == [milk["id"] as? String], "\(rows)")
        }
    }
}

/// Two devices buying at two stores (SPEC section 12): after `sync`, each store's last price and each
/// store's "unavailable" are intact on both, and each purchase names the device that logged it.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct StorePricesSyncTests {
    private func atStore(_ device: ShopProcess, _ store: String) throws -> [String: [String: Any]] {
        let outcome = try device.ok(["list", "--store", store, "--json"])
        let rows = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "?", $0) })
    }

    @Test func eachStoresPriceAndAvailabilityArriveOnBothDevices() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["store", "add", "Aldi"])
        try laptop.ok(["store", "add", "Costco"])
        try laptop.ok(["add", "coffee", "tea", "--price", "8.00"])
        try lab.join(laptop, phone)

        try laptop.ok(["buy", "coffee", "--store", "Aldi", "--price", "6.49", "--date", "2026-11-01"])
        try laptop.ok(["unavailable", "tea", "--store", "Aldi"])
        try phone.ok(["buy", "coffee", "--store", "Costco", "--paid", "7.25", "--date", "2026-11-02"])
        try phone.ok(["unavailable", "tea", "--store", "Costco"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        for device in [laptop, phone] {
            try device.ok(["add", "coffee"])
            let aldi = try atStore(device, "Aldi")
            let costco = try atStore(device, "Costco")
            #expect(aldi["coffee"]?["price"] as? Double == 6.49, "\(String(describing: aldi["coffee"]))")
            #expect(costco["coffee"]?["price"] as? Double == 7.25, "\(String(describing: costco["coffee"]))")
            #expect(aldi["coffee"]?["itemPrice"] as? Double == 8 && costco["coffee"]?["itemPrice"] as? Double == 8)
            #expect(aldi["tea"]?["isAvailable"] as? Bool == false && costco["tea"]?["isAvailable"] as? Bool == false)
            let everywhere = try device.ok(["list", "--json"]).stdout
            #expect(!everywhere.contains("\"isAvailable\" : false"), "\(everywhere)")
            try device.ok(["drop", "coffee"])
        }
        let spending = try laptop.ok(["spending", "--by", "store", "--json"]).stdout
        #expect(spending.contains("\"total\" : 6.49") && spending.contains("\"total\" : 7.25"), "\(spending)")
    }
}
