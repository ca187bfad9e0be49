import Foundation
import Testing

/// Purchases and several lists (SPEC section 22): each purchase records the list it was bought from, by id and by
/// name, so a renamed list still finds its purchases (`--list` of `history` and `spending`, `spending --by list`,
/// `"list"` in `history --json`); a household of one untouched list logs its purchases as before lists existed.
@Suite(.serialized) struct ListPurchasesEndToEndTests {
    /// Milk on Groceries, cake on a Party list; both bought.
    private func household() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["add", "milk", "--price", "1.50"])
        try shop.run(["lists", "add", "Party"])
        try shop.run(["--list", "Party", "add", "cake", "--price", "12"])
        try shop.run(["buy", "milk", "cake"])
        return shop
    }

    private func log(_ shop: ShopProcess) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: shop.dataFile.path + ".purchases"), encoding: .utf8)
    }

    private func json(_ shop: ShopProcess, _ arguments: [String]) throws -> [[String: Any]] {
        let outcome = try shop.run(arguments)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]], "\(outcome)")
    }

    @Test func eachPurchaseRecordsItsListAndARenamedListStillFindsThem() throws {
        let shop = try household()
        defer { shop.remove() }
        let lines = try log(shop).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("\"listId\":\"") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"list\":\"Party\"") && $0.contains("\"name\":\"cake\"") })
        try shop.run(["lists", "rename", "Party", "Birthday"])
        var outcome = try shop.run(["history", "--list", "birthday"])
        #expect(
            outcome.status == 0 && outcome.stdout.contains("cake") && !outcome.stdout.contains("milk"), "\(outcome)")
        outcome = try shop.run(["history"], environment: ["SHOP_LIST": "Birthday"])
        #expect(outcome.stdout.contains("cake") && outcome.stdout.contains("milk"), "SHOP_LIST does not filter")
        let history = try json(shop, ["history", "--json"])
        #expect(Set(history.map { "\($0["name"]!) \($0["list"]!)" }) == ["cake Birthday", "milk Groceries"])
        #expect(history.allSatisfy { $0["listId"] == nil })
        outcome = try shop.run(["spending", "--by", "list"])
        #expect(
            outcome.stdout
                == "list       purchases  total\nBirthday           1  12.00\nGroceries          1   1.50\n\n"
                + "2 purchases, 13.50 in total\n", "\(outcome)")
        let rows = try json(shop, ["spending", "--by", "list", "--list", "Groceries", "--json"])
        #expect(rows.map { $0["group"] as? String } == ["Groceries"], "\(rows)")
    }

    /// A removed list's purchases keep the name it had, in `spending --by list` and `history --json`.
    @Test func aRemovedListsPurchasesKeepItsName() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["lists", "remove", "Party"])
        let history = try json(shop, ["history", "--json"])
        #expect(Set(history.map { "\($0["name"]!) \($0["list"]!)" }) == ["cake Party", "milk Groceries"])
        // The CSV names the list as `--json` does, in its last column.
        let csv = try shop.run(["history", "--format", "csv"]).stdout.split(separator: "\r\n")
        #expect(csv.first?.hasSuffix(",by,list") == true, "\(csv)")
        #expect(
            Set(csv.dropFirst().map { "\($0.split(separator: ",")[1]) \($0.split(separator: ",").last!)" })
                == ["cake Party", "milk Groceries"], "\(csv)")
    }

    /// With one list, the log is written as before lists existed (no list keys); such a line, like every line
    /// logged before version 11, is on `Groceries` once there are several lists.
    @Test func oneListLogsAsBeforeAndItsLinesAreOnGroceries() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "--price", "1.50"])
        try shop.run(["buy", "milk"])
        #expect(try !log(shop).contains("\"list"))
        try shop.run(["lists", "add", "Party"])
        try shop.run(["lists", "rename", "Groceries", "Food"])
        #expect(try json(shop, ["history", "--json"]).map { $0["list"] as? String } == ["Food"])
        #expect(try shop.run(["history", "--list", "Food"]).stdout.contains("milk"))
        #expect(try shop.run(["history", "--list", "Party"]).stdout == "No purchases.\n")
    }

    /// An unknown `--list` is one line naming it, exit 1, and nothing written.
    @Test(arguments: [["history", "--list", "Garden"], ["spending", "--by", "list", "--list", "Garden"]])
    func anUnknownListIsRefused(arguments: [String]) throws {
        let shop = try household()
        defer { shop.remove() }
        let before = try Data(contentsOf: shop.dataFile)
        let logBefore = try log(shop)
        let outcome = try shop.run(arguments)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: no list matches 'Garden'\n"), "\(outcome)")
        #expect(try Data(contentsOf: shop.dataFile) == before)
        #expect(try log(shop) == logBefore)
    }
}
