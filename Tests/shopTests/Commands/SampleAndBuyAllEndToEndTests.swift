import Foundation
import Testing

/// `shop sample` brings the sample's purchase log along (so `history`, `spending` and learned restock have
/// something to show), and `buy --all` at a store says which items it bought at the Unknown Location.
@Suite struct SampleAndBuyAllEndToEndTests {
    @Test func sampleLoadsItsPurchasesOnce() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let loaded = try shop.run(["sample"])
        #expect(loaded.status == 0, "\(loaded)")
        let count = try #require(loaded.stderr.firstMatch(of: #/and (?<count>\d+) purchases, into /#)?.count)
        let purchases = try #require(Int(count))
        #expect(purchases >= 100)
        let history = try shop.run(["history"])
        #expect(history.stdout.hasSuffix("\n"), "\(history)")
        #expect(history.stdout.contains("\(purchases) purchases, "), "\(history)")
        // The dates are fixed: the same totals on any day.
        let spending = try shop.run(["spending", "--by", "store", "--format", "csv"])
        #expect(spending.stdout.contains("Warehouse Club,") && spending.stdout.contains("Saturday Market,"))
        // Loaded again over itself, nothing is logged twice; undoing the first load takes its purchases back
        // with the list, as one step.
        #expect(try shop.run(["sample", "--force"]).status == 0)
        #expect(try shop.run(["history"]).stdout.contains("\(purchases) purchases, "))
        #expect(try shop.run(["undo"]).stderr == "Undid: sample --force\n")
        #expect(try shop.run(["history"]).stdout.contains("\(purchases) purchases, "))
        #expect(try shop.run(["undo"]).stderr == "Undid: sample\n")
        #expect(try shop.run(["history"]).stdout == "No purchases.\n")
    }

    @Test func buyAllAtAStoreNamesWhatItBoughtAtTheUnknownLocation() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["-q", "sample"])
        let bought = try shop.run(["--store", "warehouse", "buy", "--all"])
        #expect(bought.status == 0, "\(bought)")
        let lines = bought.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Bought ") == true, "\(bought)")
        #expect(
            lines.last == "Among them, from the Unknown Location (which every store has): AA batteries", "\(bought)")
        let history = try shop.run(["history", "AA batteries"])
        #expect(history.stdout.contains("Warehouse Club"), "\(history)")
        // Without a store, --all buys everything: nothing to point out.
        let other = try ShopProcess()
        defer { other.remove() }
        try other.run(["-q", "sample"])
        let all = try other.run(["buy", "--all"])
        #expect(all.status == 0 && !all.stderr.contains("Unknown Location"), "\(all)")
        // Nothing bought there: no such line either.
        try other.run(["-q", "add", "dish soap"])
        let none = try other.run(["--store", "warehouse", "buy", "--all"])
        #expect(none.stderr == "Bought Dish soap\n", "\(none)")
    }
}
