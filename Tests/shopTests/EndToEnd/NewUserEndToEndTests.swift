import Foundation
import Testing

/// What a new user tripped on in a week of shopping (issue 20), checked through the real `shop` binary:
/// wording, views that kept what was set out of sight, JSON, errors, availability and store totals.
@Suite(.serialized) struct NewUserEndToEndTests {
    private func json(_ outcome: ShopProcess.Outcome) throws -> Any {
        #expect(outcome.status == 0, "\(outcome)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    /// Dairy (10) with milk ×2 at 1.50 and a note, Produce (20) with apples at 0.60, Deli (30) with ham at
    /// 4.00, and a store Market that walks Produce only.
    private func market() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["location", "add", "Dairy", "--order", "10"])
        try shop.run(["location", "add", "Produce", "--order", "20"])
        try shop.run(["location", "add", "Deli", "--order", "30"])
        try shop.run(["add", "milk", "-l", "dairy", "-q", "2", "--price", "1.50", "--note", "the blue carton"])
        try shop.run(["add", "apples", "-l", "produce", "--price", "0.60"])
        try shop.run(["add", "ham", "-l", "deli", "--price", "4"])
        try shop.run(["store", "add", "Market", "produce"])
        return shop
    }

    // MARK: - 2. Wording

    @Test func errorsUseTheRightArticleAndNoDoubledQuote() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "apples"])
        try shop.run(["add", "pears"])
        try shop.expectFailure(
            ["edit", "pears", "--name", "Apples"], status: 1, mentioning: "Error: an item named 'apples' already exists"
        )
        try shop.run(["location", "add", "Dairy"])
        try shop.expectFailure(["location", "add", "dairy"], status: 1, mentioning: "Error: a location named 'Dairy'")
        try shop.run(["store", "add", "Market"])
        try shop.expectFailure(["store", "add", "market"], status: 1, mentioning: "Error: a store named 'Market'")
        try shop.expectFailure(
            ["store", "order", "Market", "Unknown Location"], status: 1,
            mentioning: "Error: 'Unknown Location' cannot be part of the walking order of store 'Market'\n")
        let outcome = try shop.run(["store", "add", "Corner", "unknown location"])
        #expect(!outcome.stderr.contains("''"), "\(outcome)")
    }

    @Test func addSaysUpdatedForAnItemOnTheListAndBackOnTheListForABoughtOne() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk", "eggs"])
        var outcome = try shop.run(["add", "milk", "-q", "4"])
        #expect(outcome.status == 0 && outcome.stderr == "Updated milk\n", "\(outcome)")
        outcome = try shop.run(["add", "milk", "-q", "4"])
        #expect(outcome.stderr == "milk: already on the list\n", "\(outcome)")
        try shop.run(["buy", "eggs"])
        outcome = try shop.run(["add", "eggs", "milk", "bread", "-q", "4"])
        #expect(outcome.stderr == "Added bread\nBack on the list: eggs\nmilk: already on the list\n", "\(outcome)")
    }

    @Test(.enabled(if: SyncLab.hasGit)) func syncInitWithoutDataDoesNotClaimToCommitTheDataFile() throws {
        let lab = try SyncLab()
        defer { lab.remove() }
        let phone = try lab.device("phone")
        var outcome = try phone.ok(["sync", "init", lab.remote.path])
        #expect(!outcome.stderr.contains("data file"), "\(outcome)")
        #expect(outcome.stderr.contains("committed the git settings"), "\(outcome)")
        let laptop = try lab.device("laptop")
        try laptop.ok(["add", "milk"])
        outcome = try laptop.ok(["sync", "init", lab.remote.path])
        #expect(outcome.stderr.contains("committed the data file and its git settings"), "\(outcome)")
    }

    // MARK: - 4. Views that show what was set

    @Test func textAndMarkdownShowLineTotalsAndNotes() throws {
        let shop = try market()
        defer { shop.remove() }
        try shop.run(["unavailable", "ham"])
        var outcome = try shop.run(["list", "--format", "text"])
        #expect(
            outcome.stdout == """
                Shopping list (3 items)

                Dairy (1)
                  milk (x2)  3.00
                    the blue carton

                Produce (1)
                  apples  0.60

                Deli (1)
                  ham (unavailable)  4.00

                Total: 7.60

                """, "\(outcome)")
        outcome = try shop.run(["list", "--format", "markdown"])
        #expect(outcome.stdout.contains("- [ ] milk (x2) — 3.00 — the blue carton\n"), "\(outcome)")
        #expect(outcome.stdout.contains("- [ ] apples — 0.60\n"), "\(outcome)")
        #expect(outcome.stdout.contains("- [ ] ~~ham~~ — 4.00\n"), "\(outcome)")
        // Markdown's punctuation in a note is escaped like a name's.
        try shop.run(["edit", "apples", "--note", "*green* ones"])
        outcome = try shop.run(["list", "--format", "markdown"])
        #expect(outcome.stdout.contains("- [ ] apples — 0.60 — \\*green\\* ones\n"), "\(outcome)")
    }

    // MARK: - 5. JSON

    @Test func storesJSONCarriesTheOnListCount() throws {
        let shop = try market()
        defer { shop.remove() }
        try shop.run(["add", "batteries"])
        try shop.run(["store", "add", "Corner"])
        let stores = try #require(try json(shop.run(["stores", "--json"])) as? [[String: Any]])
        // Market: apples and the Unknown Location's batteries; Corner: only the Unknown Location.
        #expect(stores.map { $0["onListCount"] as? Int } == [1, 2], "\(stores)")
        let text = try shop.run(["stores"]).stdout
        #expect(text == "  Corner  0 locations  1 on list\n  Market  1 location   2 on list\n", "\(text)")
    }

    /// SPEC 16: every item named is in `buy --json`, each saying whether a purchase was logged.
    @Test func buyJSONSaysWhichItemsWereLogged() throws {
        let shop = try market()
        defer { shop.remove() }
        try shop.run(["buy", "milk"])
        let outcome = try shop.run(["buy", "milk", "apples", "--json"])
        let items = try #require(try json(outcome) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["milk", "apples"], "\(outcome)")
        #expect(items.map { $0["logged"] as? Bool } == [false, true], "\(outcome)")
        #expect(
            outcome.stderr
                == "Bought apples\nmilk: already bought today with the same amount, store and price: nothing logged (--again logs another)\n",
            "\(outcome)")
        let again = try #require(try json(shop.run(["unbuy", "apples", "--json"])) as? [[String: Any]])
        #expect(again.count == 1)
        let nothing = try shop.run(["available", "apples", "--json"])
        #expect(try #require(try json(nothing) as? [[String: Any]]).isEmpty, "\(nothing)")
        #expect(nothing.stderr == "apples: already available\n", "\(nothing)")
    }

    // MARK: - 6. Errors

    @Test func exportToShoppingList14WithoutAFolderIsAUsageErrorWithTheUsageLine() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "milk"])
        try shop.expectFailure(["export", "--format", "shoppinglist14"], status: 64, mentioning: "-o <path>")
        let outcome = try shop.run(["export", "--format", "shoppinglist14"])
        #expect(outcome.stderr.contains("\nUsage: shop export "), "\(outcome)")
    }

    @Test func readingADataFileThatDoesNotExistSaysSoAndCreatesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let missing = shop.folder.appendingPathComponent("typo/shop.jsn").path
        for command in [["list"], ["purchased"], ["locations"], ["stores"], ["timer"], ["export"], ["list", "--json"]] {
            let outcome = try shop.run(["--file", missing] + command)
            #expect(outcome.status == 0, "\(command)\n\(outcome)")
            // The path is cut in the middle past 60 cells, as in errors: its start and file name stay.
            #expect(outcome.stderr.hasPrefix("No data file at '/"), "\(command)\n\(outcome)")
            #expect(outcome.stderr.contains("/typo/shop.jsn' yet; the first change creates it.\n"), "\(outcome)")
        }
        #expect(!FileManager.default.fileExists(atPath: shop.folder.appendingPathComponent("typo").path))
        // Quiet means quiet, and a file that exists is read without a word.
        #expect(try shop.run(["--file", missing, "-q", "list"]).stderr.isEmpty)
        try shop.run(["add", "milk"])
        #expect(try shop.run(["list"]).stderr.isEmpty)
    }

    // MARK: - 7. Availability

    @Test func buyingOrPuttingBackMakesAnItemAvailableAgain() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.run(["add", "tofu", "milk", "eggs"])
        try shop.run(["unavailable", "tofu", "milk", "eggs"])
        try shop.run(["buy", "tofu"])
        #expect(try available("tofu", in: shop) == true)
        try shop.run(["add", "tofu"])
        let outcome = try shop.run(["buy", "--all"])
        #expect(outcome.stderr == "Bought tofu\nStill on the list, unavailable: eggs, milk\n", "\(outcome)")
        // An unavailable item still on the list stays so when added again: the store is still out of it.
        try shop.run(["add", "milk", "-q", "2"])
        #expect(try available("milk", in: shop) == false)
        // Bought while unavailable (found after all), then put back: available.
        try shop.run(["buy", "eggs"])
        try shop.run(["unbuy", "eggs"])
        #expect(try available("eggs", in: shop) == true)
    }

    private func available(_ name: String, in shop: ShopProcess) throws -> Bool? {
        (try json(shop.run(["show", name, "--json"])) as? [String: Any])?["isAvailable"] as? Bool
    }

    // MARK: - 8. Import

    @Test func importingItemsAloneWarnsAndShowsTheCommandForBothFiles() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let folder = shop.folder.appendingPathComponent("my export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let items = """
            [{"name": "Milk ", "quantity": 1, "locationName": "Dairy", "onList": true, "isAvailable": true},
             {"name": "Ham", "quantity": 1, "locationName": "Deli", "onList": true, "isAvailable": true},
             {"name": "Tape", "quantity": 1, "locationName": "Unknown Location", "onList": false, "isAvailable": true}]
            """
        let locations = """
            [{"name": " Dairy", "visitationOrder": 3, "red": 0.5, "green": 0.5, "blue": 0.5, "opacity": 1},
             {"name": "Deli", "visitationOrder": 4, "red": 0.5, "green": 0.5, "blue": 0.5, "opacity": 1}]
            """
        try Data(items.utf8).write(to: folder.appendingPathComponent("items.json"))
        try Data(locations.utf8).write(to: folder.appendingPathComponent("locations.json"))
        let itemsPath = folder.appendingPathComponent("items.json").path
        var outcome = try shop.run(["import", itemsPath])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(
            outcome.stderr == """
                Imported 3 items (3 added) and 0 locations (0 added); 1 name trimmed of surrounding spaces
                2 items went to the Unknown Location: their locations were not imported (no locations.json was given).
                To import both files: shop import "\(itemsPath)" "\(folder.path)/locations.json"

                """, "\(outcome)")
        // The command shown does it: the items move to their locations, and nothing more is said.
        outcome = try shop.run(["import", itemsPath, folder.path + "/locations.json"])
        #expect(
            outcome.stderr
                == "Imported 3 items (0 added, 2 updated, 1 unchanged) and 2 locations (2 added); 2 names trimmed of surrounding spaces\n",
            "\(outcome)")
        let list = try #require(try json(shop.run(["list", "--json"])) as? [[String: Any]])
        #expect(list.map { $0["location"] as? String } == ["Dairy", "Deli"], "\(list)")
        // Once the list has the locations, the items file alone finds them: no warning.
        outcome = try shop.run(["import", itemsPath])
        #expect(!outcome.stderr.contains("Unknown Location"), "\(outcome)")
    }

    // MARK: - 9. Totals at a store

    @Test func atAStoreTheTotalIsOfWhatIsThereAndTheRestHasItsOwnLine() throws {
        let shop = try market()
        defer { shop.remove() }
        for view in [
            ["list"], ["list", "--by-location"], ["list", "--format", "text"], ["list", "--format", "markdown"],
        ] {
            let outcome = try shop.run(["--store", "market"] + view)
            #expect(outcome.stdout.hasSuffix("\nTotal: 0.60\nNot at Market: 7.00\n"), "\(view)\n\(outcome)")
            let plain = try shop.run(view)
            #expect(plain.stdout.hasSuffix("\nTotal: 7.60\n"), "\(view)\n\(plain)")
        }
        // Nothing priced elsewhere: no second line; nothing priced here: a total of 0.00.
        try shop.run(["buy", "milk", "ham"])
        #expect(try shop.run(["--store", "market", "list"]).stdout.hasSuffix("\nTotal: 0.60\n"))
        try shop.run(["add", "ham"])
        try shop.run(["buy", "apples"])
        #expect(try shop.run(["--store", "market", "list"]).stdout.hasSuffix("\nTotal: 0.00\nNot at Market: 4.00\n"))
    }
}
