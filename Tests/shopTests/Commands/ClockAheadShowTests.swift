import Foundation
import Testing

/// SPEC 23, left from 20: a device whose clock is years ahead does not pin another device's dates or restock.
/// Its purchase is kept, and ignored by dates until its time: `show` said `Last bought: 2029-12-06` and, in the
/// same view, `every 7 days, never bought: due now`; now it says the date it believes, the one ahead beside it,
/// and when the item is next due, as `restock` decides.
@Suite(.serialized, .enabled(if: SyncLab.hasGit, "git is not installed")) struct ClockAheadShowTests {
    @Test func aPurchaseFromAClockYearsAheadDoesNotPinTheDateShown() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        var laptop = try lab.device("laptop")
        var phone = try lab.device("phone")
        laptop.environment["SHOP_NOW"] = "2026-11-20T10:00:00Z"
        phone.environment["SHOP_NOW"] = "2029-12-06T10:00:00Z"
        try laptop.ok(["add", "milk", "--every", "7"])
        try laptop.ok(["buy", "milk"])
        try lab.join(laptop, phone)
        try phone.ok(["buy", "milk", "--again"])
        try phone.ok(["sync"])
        laptop.environment["SHOP_NOW"] = "2026-12-06T10:00:00Z"
        try laptop.ok(["sync"])
        let shown = try laptop.ok(["show", "milk"]).stdout
        #expect(
            shown.contains("Last bought:  2026-11-20 (a purchase dated 2029-12-06 is ahead of this clock)"), "\(shown)")
        #expect(shown.contains("Every:        every 7 days, next due 2026-11-27"), "\(shown)")
        let restock = try laptop.ok(["restock", "--dry-run"]).stdout
        #expect(restock.contains("due     milk: every 7 days, next due 2026-11-27"), "\(restock)")
    }
}
