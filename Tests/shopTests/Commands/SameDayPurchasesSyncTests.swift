import Foundation
import Testing

/// SPEC 23: same-day purchases on two devices are no conflict. The item's date bought follows from the log,
/// which keeps both purchases, so no `shop: conflict:` line and no "replaced" message come from it.
@Suite(.serialized, .enabled(if: SyncLab.hasGit)) struct SameDayPurchasesSyncTests {
    @Test func twoDevicesBuyingOneItemTheSameDaySayNoConflict() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        var laptop = try lab.device("laptop")
        var phone = try lab.device("phone")
        laptop.environment["SHOP_NOW"] = "2026-12-05T09:00:00Z"
        phone.environment["SHOP_NOW"] = "2026-12-05T17:30:00Z"
        try laptop.ok(["add", "milk", "bread"])
        try lab.join(laptop, phone)
        try laptop.ok(["buy", "milk", "-q", "2"])
        try phone.ok(["buy", "milk", "-q", "1"])
        try laptop.ok(["sync"])
        for device in [phone, laptop, phone] {
            let outcome = try device.ok(["sync"])
            #expect(!outcome.stderr.contains("conflict"), "\(outcome)")
            #expect(!outcome.stderr.contains("replaced"), "\(outcome)")
        }
        let json = try phone.ok(["sync", "--json"]).stdout
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((report["conflicts"] as? [Any])?.isEmpty == true, "\(json)")
        // Both purchases are kept, and the date is the later one, on both devices.
        for device in [laptop, phone] {
            let history = try device.ok(["history", "--json"]).stdout
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
            #expect(rows.count == 2, "\(history)")
            #expect(try device.items()["milk"]?["dateLastPurchased"] as? String == "2026-12-05T17:30:00Z")
        }
    }
}
