import Foundation
import Testing

@testable import shop

/// `SHOP_NOW` sets one process's clock: what it dates is dated then, whatever the machine's clock says,
/// and a value that is not a time is refused before anything is read or written.
@Suite struct ClockSettingEndToEndTests {
    @Test func aPurchaseIsDatedAtTheGivenTime() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "tea"])
        #expect(try shop.run(["buy", "milk"], environment: ["SHOP_NOW": "2025-02-03T09:30:00Z"]).status == 0)
        #expect(try shop.run(["buy", "tea"], environment: ["SHOP_NOW": "2025-02-04T09:30:00+02:00"]).status == 0)
        let history = try shop.run(["history", "--format", "csv"]).stdout
        // To the second, an offset read as UTC.
        #expect(history.contains("2025-02-03T09:30:00Z,milk,"), "\(history)")
        #expect(history.contains("2025-02-04T07:30:00Z,tea,"), "\(history)")
        // The day after the second purchase, both are recent within 2 days; five days later, both earlier.
        let recent = try shop.run(["purchased", "--recent", "2"], environment: ["SHOP_NOW": "2025-02-05T08:00:00Z"])
        #expect(recent.stdout.hasSuffix("Earlier\n  (none)\n"), "\(recent)")
        let later = try shop.run(["purchased", "--recent", "2"], environment: ["SHOP_NOW": "2025-02-09T08:00:00Z"])
        #expect(later.stdout.hasPrefix("Bought in the last 2 days\n  (none)\n"), "\(later)")
    }

    @Test(
        "a value that is not a time is exit 64 and changes nothing",
        arguments: [
            "2026-13-01T10:00:00Z", "2026-02-30T10:00:00Z", "yesterday", "2026-11-25", "2026-11-25T10:00:00",
            "2026-11-25 10:00:00Z", "1732530000", "2026-11-25T25:00:00Z",
        ])
    func malformed(value: String) throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        var withValue = shop
        withValue.environment["SHOP_NOW"] = value
        try withValue.expectFailure(["buy", "milk"], status: 64, mentioning: "SHOP_NOW '\(value)' is not a time")
        #expect(try withValue.run(["list"]).stderr.contains("Hint: write it as 2026-03-01T10:15:00Z"))
    }

    @Test func emptyMeansTheRealClock() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        #expect(try shop.run(["buy", "milk"], environment: ["SHOP_NOW": ""]).status == 0)
        #expect(try shop.run(["purchased", "--recent", "1"]).stdout.contains("milk"))
    }
}
