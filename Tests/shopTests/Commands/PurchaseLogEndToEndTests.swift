import Foundation
import ShopTools
import Testing

@testable import shop

/// The purchase log through the real `shop` binary (SPEC section 10): buy with its options, unbuy, drop,
/// remove, history, spending, learned restock, export and import, and every error leaving both files as
/// they were.
@Suite struct PurchaseLogEndToEndTests {
    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// The log file beside the data file.
    static func logBytes(_ shop: ShopProcess) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"))
    }

    /// A day `days` before today, as `--date` takes it.
    static func day(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date().addingTimeInterval(-Double(days) * 86_400))
    }

    @Test func buyLogsPurchasesAndHistoryShowsThemNewestFirst() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["store", "add", "Corner"])
        try shop.run(["add", "milk", "bread", "eggs", "--price", "2.50"])
        #expect(try shop.run(["buy", "milk", "-q", "2", "--store", "Corner"]).status == 0)
        #expect(try shop.run(["buy", "bread", "--price", "3.10", "--date", Self.day(3)]).status == 0)
        #expect(try shop.run(["buy", "eggs"]).status == 0)

        let history = try #require(try Self.json(shop.run(["history", "--json"]).stdout) as? [[String: Any]])
        #expect(
            history.map { $0["name"] as? String } == ["eggs", "milk", "bread"]
                || history.map { $0["name"] as? String } == ["milk", "eggs", "bread"])
        let milk = try #require(history.first { $0["name"] as? String == "milk" })
        #expect(milk["quantity"] as? Int == 2 && milk["price"] as? Double == 2.5 && milk["lineTotal"] as? Double == 5)
        #expect(milk["store"] as? String == "Corner" && milk["storeId"] is String)
        #expect(
            Set(milk.keys) == [
                "id", "itemId", "name", "date", "quantity", "unit", "price", "priceUnit", "lineTotal", "store",
                "storeId", "list",
                "by",
            ])
        let bread = try #require(history.last)
        #expect((bread["date"] as? String)?.hasPrefix(Self.day(3)) == true && bread["price"] as? Double == 3.1)
        // The options became the items' own.
        let items = try #require(try Self.json(shop.run(["purchased", "--json"]).stdout) as? [[String: Any]])
        #expect(items.first { $0["name"] as? String == "bread" }?["price"] as? Double == 3.1)
        #expect(items.first { $0["name"] as? String == "milk" }?["quantity"] as? Int == 2)

        let text = try shop.run(["history"]).stdout
        #expect(text.hasSuffix("\n3 purchases, 10.60 in total\n"), "\(text)")
        #expect(try shop.run(["history", "MIL"]).stdout.contains("1 purchase, 5.00 in total"))
        #expect(try shop.run(["history", "--store", "corner", "--json"]).stdout.contains("\"milk\""))
        #expect(!(try shop.run(["history", "--store", "corner", "--json"]).stdout.contains("\"eggs\"")))
        // SHOP_STORE does not filter the history.
        #expect(try shop.run(["history"], environment: ["SHOP_STORE": "Corner"]).stdout.contains("3 purchases"))
        let csv = try shop.run(["history", "--format", "csv"]).stdout
        #expect(
            csv.hasPrefix("date,name,quantity,price,lineTotal,store,priceUnit,by,list\r\n")
                && csv.contains(",milk,2,2.50,5.00,Corner,,"))
        #expect(csv.split(separator: "\r\n").count == 4)
    }

    @Test func unbuyDeletesTheLatestPurchaseDropAndRemoveKeepTheHistory() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "tea", "jam"])
        try shop.run(["buy", "milk", "--date", Self.day(8)])
        try shop.run(["add", "milk"])
        try shop.run(["buy", "milk"])
        var outcome = try shop.run(["unbuy", "milk", "--json"])
        let milk = try #require((try Self.json(outcome.stdout) as? [[String: Any]])?.first)
        #expect(
            (milk["dateLastPurchased"] as? String)?.hasPrefix(Self.day(8)) == true && milk["onList"] as? Bool == true)
        #expect(try shop.run(["history"]).stdout.contains("1 purchase,"))

        outcome = try shop.run(["drop", "tea"])
        #expect(outcome.status == 0 && outcome.stderr.contains("tea"), "\(outcome)")
        let tea = try #require((try Self.json(shop.run(["show", "tea", "--json"]).stdout) as? [String: Any]))
        #expect(tea["onList"] as? Bool == false && tea["dateLastPurchased"] is NSNull)
        #expect(try shop.run(["history", "tea"]).stdout == "No purchases.\n")

        try shop.run(["buy", "jam"])
        try shop.run(["remove", "jam"])
        #expect(try shop.run(["history", "jam"]).stdout.contains("1 purchase,"))
        // Undo of the unbuy brings the purchase back.
        try shop.run(["undo"])  // remove
        try shop.run(["undo"])  // buy jam
        try shop.run(["undo"])  // drop
        try shop.run(["undo"])  // unbuy
        #expect(try shop.run(["history", "milk"]).stdout.contains("2 purchases,"))
    }

    @Test func everyErrorExitsAsTheSpecSaysAndChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        try shop.run(["buy", "eggs"])
        let log = Self.logBytes(shop)
        try shop.expectFailure(["buy", "milk", "--date", "last week"], status: 64, mentioning: "'--date'")
        try shop.expectFailure(["buy", "milk", "--date", "2026-02-30"], status: 1, mentioning: "2026-02-30")
        try shop.expectFailure(["buy", "milk", "--date", "2999-01-01"], status: 1, mentioning: "in the future")
        try shop.expectFailure(
            ["buy", "milk", "--date", "1969-12-31"], status: 1, mentioning: "not between the years 1970 and 9999")
        try shop.expectFailure(["buy", "milk", "-q", "0"], status: 1, mentioning: "quantity")
        try shop.expectFailure(["buy", "milk", "--price", "-1"], status: 1, mentioning: "-1")
        // (`buy --store` of a name that is no store logs it there: SPEC section 12, ReceiptsEndToEndTests.)
        try shop.expectFailure(
            ["spending", "--by", "fortnight"], status: 64,
            mentioning: "'week', 'month', 'year', 'store', 'location', 'item', 'device' or 'list'")
        try shop.expectFailure(
            ["history", "--since", "2026-11-20", "--until", "2026-11-01"], status: 1, mentioning: "after")
        try shop.expectFailure(
            ["spending", "--since", "2026-11-20", "--until", "2026-11-01"], status: 1, mentioning: "after")
        try shop.expectFailure(["history", "--since", "last week"], status: 64, mentioning: "'--since'")
        try shop.expectFailure(["drop", "nothing"], status: 1, mentioning: "nothing")
        try shop.expectFailure(["unbuy", "nothing"], status: 1, mentioning: "nothing")
        try shop.expectFailure(["add", "tea", "--every", "often"], status: 64, mentioning: "often")
        #expect(Self.logBytes(shop) == log)
    }

    @Test func spendingGroupsOldestFirstWithBarsOnATerminalOnly() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "bread", "jam", "--price", "2"])
        try shop.run(["buy", "milk", "--date", "2026-01-15"])
        try shop.run(["buy", "bread", "-q", "3", "--date", "2026-03-02"])
        try shop.run(["edit", "jam", "--no-price"])
        try shop.run(["buy", "jam", "--date", "2026-03-03"])

        let rows = try #require(try Self.json(shop.run(["spending", "--json"]).stdout) as? [[String: Any]])
        #expect(rows.map { $0["group"] as? String } == ["2026-01", "2026-03"])
        #expect(rows[1]["from"] as? String == "2026-03-01" && rows[1]["until"] as? String == "2026-03-31")
        #expect(
            rows[1]["purchases"] as? Int == 2 && rows[1]["total"] as? Double == 6 && rows[1]["unpriced"] as? Int == 1)
        let weeks = try #require(
            try Self.json(shop.run(["spending", "--by", "week", "--json"]).stdout) as? [[String: Any]])
        #expect(weeks.map { $0["group"] as? String } == ["2026-W03", "2026-W10"])
        let stores = try #require(
            try Self.json(shop.run(["spending", "--by", "store", "--json"]).stdout) as? [[String: Any]])
        #expect(stores.count == 1 && stores[0]["group"] is NSNull)
        #expect(
            try shop.run(["spending", "--format", "csv"]).stdout
                == "group,from,until,purchases,total,unpriced\r\n2026-01,2026-01-01,2026-01-31,1,2.00,0\r\n2026-03,2026-03-01,2026-03-31,2,6.00,1\r\n"
        )
        #expect(try shop.run(["spending", "--since", "2026-02-01"]).stdout.contains("1 without a price"))

        let piped = try shop.run(["spending"]).stdout
        #expect(!piped.contains("█"))
        let terminal = try shop.runInTerminal(["spending", "--color", "never"], columns: 50)
        let lines = terminal.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("2026-03") && $0.hasSuffix("█") }, "\(terminal)")
        #expect(lines.allSatisfy { cellWidth(of: $0) <= 50 }, "\(terminal)")
        // The smaller total's bar is a third of the larger one's, in eighths.
        let bars = lines.filter { $0.hasPrefix("2026-") }.map { line in
            line.unicodeScalars.filter { "▏▎▍▌▋▊▉█".unicodeScalars.contains($0) }.count
        }
        #expect(bars.count == 2 && bars[0] < bars[1])
    }

    @Test func learnedRestockExplainsItselfAndSuggests() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "coffee", "tea"])
        for days in [29, 22, 15, 8] {
            try shop.run(["buy", "coffee", "tea", "--date", Self.day(days)])
        }
        let suggest = try shop.run(["restock", "--suggest"])
        #expect(
            suggest.stdout.contains(
                "coffee: about every 7 days (4 purchases at regular gaps)\n  shop edit coffee --every auto\n"),
            "\(suggest)")
        #expect(try shop.run(["edit", "coffee", "--every", "auto"]).status == 0)
        #expect(
            (try Self.json(shop.run(["show", "coffee", "--json"]).stdout) as? [String: Any])?["every"] as? String
                == "auto")
        let show = try shop.run(["show", "coffee"]).stdout
        #expect(show.contains("auto: about 7 days (learned from 4 purchases), next due "), "\(show)")
        let dryRun = try shop.run(["restock", "--dry-run"])
        #expect(dryRun.stdout.contains("due     coffee: auto: about 7 days"), "\(dryRun)")
        let restocked = try shop.run(["restock"])
        #expect(restocked.stderr.contains("Restocked coffee"), "\(restocked)")
        // Learning needs three purchases.
        try shop.run(["add", "jam", "--every", "auto"])
        try shop.run(["buy", "jam"])
        #expect(
            try shop.run(["restock", "--dry-run"]).stdout.contains(
                "left    jam: auto: not learned yet (1 purchase; needs 3)"))
    }

    @Test func exportAndImportCarryTheLog() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try shop.run(["buy", "milk", "--price", "1.20"])
        let export = shop.folder.appendingPathComponent("export.json")
        #expect(try shop.run(["export", "-o", export.path]).status == 0)
        let other = try ShopProcess()
        defer { other.remove() }
        for _ in 0..<2 { #expect(try other.run(["import", export.path]).status == 0) }
        #expect(try other.run(["history", "--json"]).stdout == shop.run(["history", "--json"]).stdout)
        #expect(try other.run(["export"]).stdout == shop.run(["export"]).stdout)
    }
}
