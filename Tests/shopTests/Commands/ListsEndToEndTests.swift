import Foundation
import Testing

/// Several lists (SPEC section 22) as real processes: `lists` and its subcommands, `--list` and `SHOP_LIST`,
/// `list --all-lists`, `mv`, `add` moving an item, commands finding an item on any list, and each refusal.
@Suite(.serialized) struct ListsEndToEndTests {
    /// Milk and bread on Groceries, a Party list with cake (priced) and candles.
    private func household() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["add", "milk", "--price", "1.50"])
        try shop.run(["add", "bread"])
        try shop.run(["lists", "add", "Party"])
        try shop.run(["--list", "party", "add", "cake", "--price", "12"])
        try shop.run(["add", "candles"], environment: ["SHOP_LIST": "Party"])
        return shop
    }

    private func data(_ shop: ShopProcess) throws -> Data { try Data(contentsOf: shop.dataFile) }

    @Test func listsShowCountsTotalsAndTheCurrentOne() throws {
        let shop = try household()
        defer { shop.remove() }
        var outcome = try shop.run(["lists"])
        #expect(outcome.stdout == "* Groceries  2 items   1.50\n  Party      2 items  12.00\n", "\(outcome)")
        let lists = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["lists", "--json"]).stdout.utf8)) as? [[String: Any]])
        #expect(lists.map { $0["name"] as? String } == ["Groceries", "Party"])
        #expect(lists.map { $0["count"] as? Int } == [2, 2])
        #expect(lists.map { $0["total"] as? Double } == [1.5, 12])
        #expect(lists.map { $0["current"] as? Bool } == [true, false])
        #expect(Set(lists[0].keys) == ["id", "name", "count", "total", "current"])
        outcome = try shop.run(["lists", "use", "par"])
        #expect(outcome.stderr == "Now working on Party\n", "\(outcome)")
        #expect(try shop.run(["list"]).stdout.hasPrefix("cake"))
        #expect(try shop.run(["lists"]).stdout == "  Groceries  2 items   1.50\n* Party      2 items  12.00\n")
    }

    @Test func listShowsTheListInEffectAndAllListsHeadedByName() throws {
        let shop = try household()
        defer { shop.remove() }
        #expect(
            try shop.run(["list"]).stdout
                == "bread        Unknown Location\nmilk   1.50  Unknown Location\n\nTotal: 1.50\n")
        #expect(
            try shop.run(["list", "--list", "Party"]).stdout
                == "cake     12.00  Unknown Location\ncandles         Unknown Location\n\nTotal: 12.00\n")
        let all = try shop.run(["list", "--all-lists"]).stdout
        #expect(
            all == "Groceries\nbread        Unknown Location\nmilk   1.50  Unknown Location\n\nTotal: 1.50\n\n"
                + "Party\ncake     12.00  Unknown Location\ncandles         Unknown Location\n\nTotal: 12.00\n")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["list", "--all-lists", "--json"]).stdout.utf8))
                as? [[String: Any]])
        #expect(items.map { $0["list"] as? String } == ["Groceries", "Groceries", "Party", "Party"])
    }

    @Test func addMovesAnItemFromAnotherListAndSaysFromWhere() throws {
        let shop = try household()
        defer { shop.remove() }
        let outcome = try shop.run(["--list", "Party", "add", "milk"])
        #expect(outcome.status == 0 && outcome.stderr == "Moved milk from Groceries to Party\n", "\(outcome)")
        #expect(try shop.run(["list"]).stdout == "bread  Unknown Location\n")
    }

    @Test func mvMovesItemsInOneUndoStep() throws {
        let shop = try household()
        defer { shop.remove() }
        var outcome = try shop.run(["mv", "milk", "cake", "Party"])
        #expect(outcome.stderr == "Moved milk from Groceries to Party\n", "\(outcome)")
        outcome = try shop.run(["mv", "milk", "bread", "groceries"])
        #expect(outcome.stderr == "Moved milk from Party to Groceries\n", "\(outcome)")
        #expect(
            try shop.run(["list", "--list", "Party"]).stdout
                == "cake     12.00  Unknown Location\ncandles         Unknown Location\n\nTotal: 12.00\n")
        try shop.run(["mv", "bread", "milk", "Party"])
        outcome = try shop.run(["undo"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            try shop.run(["list"]).stdout
                == "bread        Unknown Location\nmilk   1.50  Unknown Location\n\nTotal: 1.50\n")
    }

    @Test func buyDropEditShowAndRemoveFindAnItemOnAnyList() throws {
        let shop = try household()
        defer { shop.remove() }
        #expect(try shop.run(["buy", "cake"]).stderr == "Bought cake\n")
        #expect(try shop.run(["drop", "candles"]).status == 0)
        #expect(try shop.run(["edit", "candles", "--note", "tall"]).status == 0)
        #expect(try shop.run(["show", "candles"]).stdout.contains("tall"))
        // Unbought, cake goes back on the list it was bought from, whatever list is current.
        #expect(try shop.run(["unbuy", "cake"]).status == 0)
        #expect(try shop.run(["list", "--list", "Party"]).stdout == "cake  12.00  Unknown Location\n\nTotal: 12.00\n")
        let shown = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["show", "candles", "--json"]).stdout.utf8))
                as? [String: Any])
        #expect(shown["list"] is NSNull)
        #expect(try shop.run(["remove", "cake"]).status == 0)
    }

    @Test func renameAndRemoveWithMoveTo() throws {
        let shop = try household()
        defer { shop.remove() }
        try shop.run(["lists", "use", "Party"])
        var outcome = try shop.run(["lists", "rename", "party", "Birthday"])
        #expect(outcome.stderr == "Renamed list Party to Birthday\n", "\(outcome)")
        outcome = try shop.run(["lists", "remove", "Birthday", "--move-to", "Groceries"])
        #expect(
            outcome.stderr == "Removed list Birthday; moved 2 items to Groceries; Groceries is the current list now\n",
            "\(outcome)")
        #expect(try shop.run(["lists"]).stdout == "* Groceries  4 items  13.50\n")
    }

    /// Each refusal: one line naming the bad value, exit 1, the data file byte for byte as it was.
    @Test(
        arguments: [
            (["lists", "remove", "Party"], "list 'Party' has 2 items on it"),
            (["lists", "add", "party"], "a list named 'Party' already exists"),
            (["lists", "add", " "], "list name"),
            (["lists", "rename", "Party", "groceries"], "a list named 'Groceries' already exists"),
            (["lists", "use", "Garden"], "no list matches 'Garden'"),
            (["lists", "remove", "Garden"], "no list matches 'Garden'"),
            (["lists", "remove", "Party", "--move-to", "Garden"], "no list matches 'Garden'"),
            (["lists", "remove", "Party", "--move-to", "party"], "--move-to names the list being removed ('Party')"),
            (["--list", "Garden", "add", "rake"], "no list matches 'Garden'"),
            (["list", "--list", "Garden"], "no list matches 'Garden'"),
            (["mv", "milk", "Garden"], "no list matches 'Garden'"),
            (["mv", "rake", "Party"], "no item matches 'rake'"),
        ])
    func refusalsChangeNothing(arguments: [String], message: String) throws {
        let shop = try household()
        defer { shop.remove() }
        let before = try data(shop)
        let outcome = try shop.run(arguments)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("Error: ") && outcome.stderr.contains(message), "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }.count == 1)
        #expect(try data(shop) == before)
    }

    @Test func theLastListCannotBeRemoved() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        let before = try data(shop)
        let outcome = try shop.run(["lists", "remove", "Groceries", "--move-to", "Groceries"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(try data(shop) == before)
        let last = try shop.run(["lists", "remove", "Groceries"])
        #expect(last.status == 1 && last.stderr.contains("list 'Groceries' is the only list"), "\(last)")
        #expect(try data(shop) == before)
    }

    /// Completions complete list names (`lists use`, `--list`).
    @Test func completionsCompleteListNames() throws {
        let shop = try household()
        defer { shop.remove() }
        #expect(try shop.run(["__complete", "lists", "p"]).stdout == "Party\n")
        #expect(try shop.run(["__complete", "lists"]).stdout == "Groceries\nParty\n")
    }

    /// With one list, a file is written as before lists existed: no `lists`, no `listId`.
    @Test func oneListWritesNoListKeys() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "bread"])
        let text = String(decoding: try data(shop), as: UTF8.self)
        #expect(!text.contains("\"lists\"") && !text.contains("listId") && text.contains("\"version\" : 12"))
    }
}
