import Foundation
import Testing

/// The item commands as a user runs them: a real process, a real file.
@Suite(.serialized) struct ItemCommandsEndToEndTests {
    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func items(_ shop: ShopProcess, _ arguments: [String] = ["list", "--json"]) throws -> [[String: Any]] {
        let outcome = try shop.run(arguments)
        #expect(outcome.status == 0, "\(outcome)")
        return try #require(try json(outcome.stdout) as? [[String: Any]])
    }

    @Test func addListBuyUnbuyRoundTrip() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        #expect(shop.dataBytes() == nil)
        var outcome = try shop.run([
            "add", "whole milk", "eggs", "-q", "12", "--price", "0.25", "--star", "--note", "free range", "--every",
            "7",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr == "Added whole milk, eggs\n")
        #expect(outcome.stdout.isEmpty)
        let listed = try items(shop)
        #expect(listed.map { $0["name"] as? String } == ["eggs", "whole milk"])
        let eggs = listed[0]
        #expect(eggs["quantity"] as? Int == 12 && eggs["price"] as? Double == 0.25 && eggs["starred"] as? Bool == true)
        #expect(eggs["note"] as? String == "free range" && eggs["every"] as? Int == 7)
        #expect(eggs["location"] as? String == "Unknown Location" && eggs["onList"] as? Bool == true)
        #expect(eggs["dateLastPurchased"] is NSNull)

        outcome = try shop.run(["buy", "EGG"])
        #expect(outcome.status == 0 && outcome.stderr == "Bought eggs\n", "\(outcome)")
        outcome = try shop.run(["buy", "eggs"])
        #expect(outcome.status == 0 && outcome.stderr.contains("eggs: already bought"), "\(outcome)")
        let history = try items(shop, ["purchased", "--json"])
        #expect(history.map { $0["name"] as? String } == ["eggs"])
        let date = try #require(history[0]["dateLastPurchased"] as? String)
        #expect(date.hasSuffix("Z") && date.count == 20)

        outcome = try shop.run(["unbuy", "eggs", "--json"])
        #expect(outcome.status == 0, "\(outcome)")
        let unbought = try #require(try json(outcome.stdout) as? [[String: Any]])
        // SPEC section 10: unbuy deletes the purchase and restores the date from before it (never bought).
        #expect(unbought.first?["onList"] as? Bool == true && unbought.first?["dateLastPurchased"] is NSNull)
    }

    @Test func addOfAnExistingNameRelistsAndGlobalQuietIsQuiet() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run("add Milk")
        try shop.run("buy milk")
        var outcome = try shop.run("-q add MILK")
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
        outcome = try shop.run("add milk --quiet")
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome)")
        let listed = try items(shop)
        #expect(listed.count == 1 && listed[0]["name"] as? String == "Milk" && listed[0]["onList"] as? Bool == true)
        // After the command, -q is the quantity.
        outcome = try shop.run("add milk -q 3")
        #expect(try items(shop)[0]["quantity"] as? Int == 3)
    }

    @Test func buyAllSkipsUnavailableAndAvailableAllRestores() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run("add bread butter jam")
        var outcome = try shop.run("unavailable jam")
        #expect(outcome.status == 0 && outcome.stderr == "Marked unavailable: jam\n", "\(outcome)")
        outcome = try shop.run("buy --all")
        #expect(outcome.stderr == "Bought bread, butter\nStill on the list, unavailable: jam\n", "\(outcome)")
        #expect(try items(shop).map { $0["name"] as? String } == ["jam"])
        outcome = try shop.run("available --all --json")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try items(shop)[0]["isAvailable"] as? Bool == true)
    }

    @Test func editEveryFlagAndRemove() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run("location add Dairy --order 3")
        try shop.run(["add", "milk", "--price", "1", "--note", "x", "--every", "3", "--star"])
        var outcome = try shop.run([
            "edit", "milk", "--name", "Oat milk", "-q", "2", "-l", "dai", "--no-price", "--unstar", "--no-note",
            "--no-every",
        ])
        #expect(outcome.status == 0 && outcome.stderr == "Updated Oat milk\n", "\(outcome)")
        let edited = try items(shop)[0]
        #expect(
            edited["name"] as? String == "Oat milk" && edited["quantity"] as? Int == 2
                && edited["location"] as? String == "Dairy")
        #expect(
            edited["price"] is NSNull && edited["note"] is NSNull && edited["every"] is NSNull
                && edited["starred"] as? Bool == false)
        outcome = try shop.run(["edit", "oat", "--price=2.49", "--note=-dashes-", "--every=14", "--star"])
        #expect(outcome.status == 0, "\(outcome)")
        let again = try items(shop)[0]
        #expect(
            again["price"] as? Double == 2.49 && again["note"] as? String == "-dashes-" && again["every"] as? Int == 14)
        outcome = try shop.run(["remove", "oat milk"])
        #expect(outcome.status == 0 && outcome.stderr == "Removed Oat milk\n", "\(outcome)")
        #expect(try items(shop).isEmpty)
    }

    @Test func namesFromStandardInput() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let outcome = try shop.run(["add", "-"], input: "apples\n\n# a comment\n  pears  \r\nplums\n")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try items(shop).map { $0["name"] as? String } == ["apples", "pears", "plums"])
        try shop.expectFailure(
            ["add", "-"], status: 1, mentioning: "standard input held no names", input: "# nothing\n\n")
    }

    @Test func errorsLeaveTheFileUntouched() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run("add milk eggs")
        try shop.run("add milk-chocolate")
        try shop.expectFailure(["add", "bread", "-q", "0"], status: 1, mentioning: "quantity 0")
        try shop.expectFailure(["add", "bread", "-q", "10000"], status: 1, mentioning: "quantity 10000")
        try shop.expectFailure(["add", "bread", "-q", "many"], status: 64, mentioning: "'many'")
        try shop.expectFailure(["add", "bread", "--price", "-1"], status: 1, mentioning: "invalid price '-1'")
        try shop.expectFailure(["add", "bread", "--price", "1.234"], status: 1, mentioning: "1.234")
        try shop.expectFailure(["add", "bread", "--every", "0"], status: 1, mentioning: "restock interval 0")
        try shop.expectFailure(
            ["add", "bread", "-l", "Nowhere"], status: 1, mentioning: "no location matches 'Nowhere'")
        try shop.expectFailure(["add", "  "], status: 1, mentioning: "is empty")
        try shop.expectFailure(["add", "bad\u{1b}name"], status: 1, mentioning: "control character")
        try shop.expectFailure(["add", String(repeating: "x", count: 201)], status: 1, mentioning: "201 characters")
        try shop.expectFailure(["add"], status: 64, mentioning: "Missing expected argument")
        try shop.expectFailure(["add", "x", "--quantty", "2"], status: 64, mentioning: "Did you mean '--quantity'?")
        try shop.expectFailure(["ad", "x"], status: 64, mentioning: "Did you mean 'add'?")
        try shop.expectFailure(["buy", "bread"], status: 1, mentioning: "no item matches 'bread'")
        try shop.expectFailure(["buy", "mil"], status: 1, mentioning: "matches several items")
        try shop.expectFailure(["buy", "--all", "milk"], status: 64, mentioning: "'--all' cannot be combined")
        try shop.expectFailure(["buy", "milk", "nope"], status: 1, mentioning: "'nope'")
        try shop.expectFailure(
            ["edit", "milk", "--price", "2", "--no-price"], status: 64, mentioning: "cannot be used together")
        try shop.expectFailure(["edit", "milk", "--name", "EGGS"], status: 1, mentioning: "already exists")
        try shop.expectFailure(["show", "id:12"], status: 1, mentioning: "invalid id reference")
        try shop.expectFailure(["unbuy", "eg"], status: 1, mentioning: "no item matches 'eg'")
        try shop.expectFailure(["purchased", "--recent", "-1"], status: 1, mentioning: "negative")
        try shop.expectFailure(["list", "--format", "xml"], status: 64, mentioning: "'xml'")
        // buy of names where one fails buys none of them.
        #expect(try items(shop).count == 3)
    }

    @Test func usageErrorsPrintTheUsageLineAndAHint() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let outcome = try shop.run(["add", "x", "--bogus"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("Usage: shop add"), "\(outcome)")
        #expect(outcome.stderr.contains("See 'shop add --help' for more information."), "\(outcome)")
        #expect(shop.dataBytes() == nil)
    }
}
