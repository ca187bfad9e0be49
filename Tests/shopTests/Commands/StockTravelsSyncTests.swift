import Foundation
import Testing

/// SPEC 23: stock entries travel. `use`, `open` and `stock add` are changes like purchases: the next `sync`
/// commits and sends them, every device computes the same stock, and a use is never lost to a clock.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct StockTravelsSyncTests {
    /// The total at home of `name`, as the first line of `shop stock NAME` gives it (`cheese: 500 g`).
    static func atHome(_ device: ShopProcess, _ name: String) throws -> String? {
        let outcome = try device.ok(["stock", name])
        let first = outcome.stdout.split(separator: "\n").first.map(String.init) ?? ""
        return first.hasPrefix(name + ": ") ? String(first.dropFirst(name.count + 2)) : nil
    }

    /// Before, `sync` said `no local changes` after a `use`: the log's new line stayed on the device (its
    /// blob was compared by purchases only), and the two devices ended with two stocks.
    @Test func aUseOpenAndStockAddTravelWithTheNextSync() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "cheese", "--stock", "-q", "500g"])
        try laptop.ok(["buy", "cheese"])
        try lab.join(laptop, phone)
        #expect(try Self.atHome(phone, "cheese") == "500 g")

        try laptop.ok(["use", "cheese", "-q", "100g"])
        let sent = try laptop.ok(["sync"])
        #expect(sent.stderr.contains("committed your changes"), "\(sent)")
        #expect(!sent.stderr.contains("no local changes"), "\(sent)")
        try phone.ok(["sync"])
        #expect(try Self.atHome(phone, "cheese") == "400 g")

        try phone.ok(["open", "cheese"])
        try phone.ok(["stock", "add", "cheese", "-q", "200g"])
        let back = try phone.ok(["sync"])
        #expect(back.stderr.contains("committed your changes"), "\(back)")
        try laptop.ok(["sync"])
        #expect(try Self.atHome(laptop, "cheese") == "600 g")
        #expect(try laptop.ok(["stock", "--json"]).stdout == phone.ok(["stock", "--json"]).stdout)
        // Nothing of the log is left behind uncommitted.
        for device in [laptop, phone] {
            let status = try SyncLab.git(["status", "--porcelain", "--", "shop.json.purchases"], in: device.dataFolder)
            let log = try SyncLab.git(["show", "HEAD:shop.json.purchases"], in: device.dataFolder)
            #expect(log.split(separator: "\n").count == 4, "\(status)\n\(log)")
        }
    }

    /// SPEC 23: the shared data file holds nothing of one device. Before, its log marker named this device's
    /// inode of the log, so every device's copy differed and each sync had a change to commit.
    @Test func theSharedDataFileIsTheSameByteForByteOnEveryDevice() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs", "cheese", "--stock"])
        try laptop.ok(["buy", "milk"])
        try lab.join(laptop, phone)
        try phone.ok(["buy", "eggs"])
        try laptop.ok(["buy", "cheese", "-q", "500g"])
        try laptop.ok(["use", "cheese", "-q", "50g"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        let files = [laptop, phone].map { try? Data(contentsOf: $0.syncedFile) }
        #expect(files[0] != nil && files[0] == files[1], "the two devices' data files differ")
        for device in [laptop, phone] {
            let committed = try SyncLab.git(["show", "HEAD:shop.json"], in: device.dataFolder)
            #expect(!committed.contains("\"inode\"") && committed.contains("\"digest\""), "\(committed)")
        }
        // Nothing more to send from either side.
        for device in [laptop, phone] {
            let again = try device.ok(["sync"])
            #expect(again.stderr.contains("no local changes") && again.stderr.contains("nothing to send"), "\(again)")
        }
    }

    /// A purchase taken back by `unbuy` before the other device saw it reached that device as its deletion line
    /// alone, so the two logs held different lines and their markers differed. The merge now carries the dead line
    /// too: both devices hold the same lines, and the same data file.
    @Test func aPurchaseUnboughtBeforeTheOtherDeviceSawItLeavesBothLogsTheSameLines() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "milk", "eggs"])
        try lab.join(laptop, phone)
        try laptop.ok(["buy", "milk"])
        try laptop.ok(["unbuy", "milk"])
        try phone.ok(["buy", "eggs"])
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        let logs = [laptop, phone].map {
            Set(
                ((try? String(contentsOf: $0.syncedFile.appendingPathExtension("purchases"), encoding: .utf8)) ?? "")
                    .split(separator: "\n"))
        }
        #expect(logs[0].count == 3 && logs[0] == logs[1], "\(logs)")
        #expect(try Data(contentsOf: laptop.syncedFile) == Data(contentsOf: phone.syncedFile))
    }

    /// A purchase of a record that a sync joined into a same-named one is read as the kept record's; before, a
    /// device that wrote the line again (what came in) wrote the kept id, so the two devices' lines differed.
    @Test func aPurchaseOfAJoinedItemKeepsTheLineItWasLoggedWith() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let laptop = try lab.device("laptop")
        let phone = try lab.device("phone")
        try laptop.ok(["add", "bread"])
        try lab.join(laptop, phone)
        for device in [laptop, phone] {
            try device.ok(["add", "oat milk"])
            try device.ok(["buy", "oat milk"])
        }
        for device in [laptop, phone, laptop] { try device.ok(["sync"]) }
        let logs = [laptop, phone].map {
            Set(
                ((try? String(contentsOf: $0.syncedFile.appendingPathExtension("purchases"), encoding: .utf8)) ?? "")
                    .split(separator: "\n"))
        }
        #expect(logs[0].count == 2 && logs[0] == logs[1], "\(logs)")
        #expect(try Data(contentsOf: laptop.syncedFile) == Data(contentsOf: phone.syncedFile))
        // Both purchases are the kept record's, as history says.
        let history = try phone.ok(["history", "--json"]).stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["itemId"] as? String }) == [try ServeProcessTests.itemID(phone, "oat milk")])
    }

    /// Device B's clock two days ahead buys 6 milk; on A, `use milk` took nothing (the lot was dated after
    /// the use) and said one of it was not at home, and the stock stayed 6 for good.
    @Test func aUseIsNeverLostToAClockAhead() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        var laptop = try lab.device("laptop")
        var phone = try lab.device("phone")
        laptop.environment["SHOP_NOW"] = "2026-12-06T10:00:00Z"
        phone.environment["SHOP_NOW"] = "2026-12-08T10:00:00Z"
        try laptop.ok(["add", "milk", "--stock"])
        try lab.join(laptop, phone)
        try phone.ok(["buy", "milk", "-q", "6"])
        try phone.ok(["sync"])
        try laptop.ok(["sync"])
        let used = try laptop.ok(["use", "milk"])
        #expect(used.stderr == "Used milk: 5 left\n", "\(used)")
        try laptop.ok(["sync"])
        try phone.ok(["sync"])
        #expect(try Self.atHome(laptop, "milk") == "5")
        #expect(try Self.atHome(phone, "milk") == "5")
    }
}
