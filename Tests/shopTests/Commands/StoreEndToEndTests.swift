import Foundation
import Testing

/// `shop store ...`, `shop stores`, `--store`, `SHOP_STORE` and the list at a store, as real processes.
@Suite(.serialized) struct StoreEndToEndTests {
    /// A sandbox with Produce (5), Dairy (10), Bakery (20), Deli (30) and items in each and at the Unknown Location.
    private func groceries() throws -> ShopProcess {
        let shop = try ShopProcess()
        try shop.run(["location", "add", "Produce", "--order", "5"])
        try shop.run(["location", "add", "Dairy", "--order", "10"])
        try shop.run(["location", "add", "Bakery", "--order", "20"])
        try shop.run(["location", "add", "Deli", "--order", "30"])
        try shop.run(["add", "apples", "pears", "-l", "produce"])
        try shop.run(["add", "milk", "-l", "dairy", "--price", "1.50"])
        try shop.run(["add", "bread", "-l", "bakery"])
        try shop.run(["add", "ham", "-l", "deli"])
        try shop.run(["add", "batteries"])
        return shop
    }

    private func json(_ outcome: ShopProcess.Outcome) throws -> Any {
        #expect(outcome.status == 0, "\(outcome)")
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test func storeCommandsEndToEnd() throws {
        let shop = try groceries()
        defer { shop.remove() }
        var outcome = try shop.run(["store", "add", "Market", "deli", "Produce"])
        #expect(outcome.status == 0 && outcome.stderr == "Added store Market (2 locations)\n", "\(outcome)")
        try shop.run(["store", "add", "Corner"])
        outcome = try shop.run(["stores"])
        #expect(outcome.stdout == "  Corner  0 locations  1 on list\n  Market  2 locations  4 on list\n", "\(outcome)")

        outcome = try shop.run(["store", "order", "market", "produce", "dairy", "deli"])
        #expect(outcome.stderr == "New walking order for Market (3 locations)\n", "\(outcome)")
        outcome = try shop.run(["store", "use", "mark"])
        #expect(outcome.stderr == "Now shopping at Market\n", "\(outcome)")
        let stores = try #require(try json(shop.run(["stores", "--json"])) as? [[String: Any]])
        #expect(stores.map { $0["name"] as? String } == ["Corner", "Market"])
        #expect(stores.map { $0["isCurrent"] as? Bool } == [false, true])
        #expect(stores[1]["locations"] as? [String] == ["Produce", "Dairy", "Deli"])
        #expect(Set(stores[1].keys) == ["id", "name", "isCurrent", "locations", "onListCount"])

        let shown = try #require(try json(shop.run(["store", "show", "market", "--json"])) as? [String: Any])
        #expect(shown["onListCount"] as? Int == 5 && shown["isCurrent"] as? Bool == true)
        outcome = try shop.run(["store", "show", "Market"])
        #expect(
            outcome.stdout == """
                Market (current)
                  1  Produce           2 on list
                  2  Dairy             1 on list
                  3  Deli              1 on list
                  –  Unknown Location  1 on list

                On the list here: 5 items
                Not at this store: Bakery

                """, "\(outcome)")

        outcome = try shop.run(["store", "edit", "market", "--name", "Saturday Market"])
        #expect(outcome.stderr == "Renamed store Market to Saturday Market\n", "\(outcome)")
        outcome = try shop.run(["store", "use", "--none"])
        #expect(outcome.stderr == "No store is current now\n", "\(outcome)")
        try shop.run(["store", "use", "Saturday"])
        outcome = try shop.run(["store", "remove", "saturday market"])
        #expect(outcome.stderr == "Removed store Saturday Market; no store is current now\n", "\(outcome)")
        #expect(try json(shop.run(["stores", "--json"])) as? [[String: Any]] != nil)
        #expect(try shop.run(["stores"]).stdout == "  Corner  0 locations  1 on list\n")
    }

    @Test func listWalksTheStoreInEveryView() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.run(["store", "add", "Market", "Deli", "Dairy"])
        var outcome = try shop.run(["--store", "market", "list"])
        #expect(
            outcome.stdout
                == """
                At Market
                ham
                milk       1.50  Dairy
                batteries        Unknown Location

                Not at Market:
                apples           Produce
                pears            Produce
                bread            Bakery

                Total: 1.50

                """.replacingOccurrences(of: "ham\n", with: "ham              Deli\n"), "\(outcome)")
        outcome = try shop.run(["list", "--by-location", "--store", "Market"])
        #expect(
            outcome.stdout.hasPrefix(
                "At Market\nDeli (1)\n  ham\nDairy (1)\n  milk       1.50\nUnknown Location (1)\n  batteries\n\nNot at Market:\nProduce (2)\n"
            ), "\(outcome)")
        outcome = try shop.run(["list", "--format", "text", "--store", "Market"])
        #expect(
            outcome.stdout.hasPrefix(
                "Shopping list at Market (6 items)\n\nDeli (1)\n  ham\n\nDairy (1)\n  milk  1.50\n\nUnknown Location (1)\n  batteries\n\nNot at Market:\n\nProduce (2)\n"
            ), "\(outcome)")
        outcome = try shop.run(["list", "--format", "markdown", "--store", "Market"])
        #expect(outcome.stdout.hasPrefix("# Shopping list at Market\n\n## Deli\n\n- [ ] ham\n"), "\(outcome)")
        #expect(outcome.stdout.contains("\n# Not at Market\n\n## Produce\n"), "\(outcome)")
        outcome = try shop.run(["list", "--format", "csv", "--store", "Market"])
        #expect(
            outcome.stdout.components(separatedBy: "\r\n").dropFirst().prefix(4).map {
                $0.components(separatedBy: ",")[0]
            } == ["ham", "milk", "batteries", "apples"], "\(outcome)")
        outcome = try shop.run(["list", "--location", "produce", "--store", "Market"])
        #expect(outcome.stdout == "At Market\nNot at Market:\napples  Produce\npears   Produce\n", "\(outcome)")

        let items = try #require(try json(shop.run(["list", "--json", "--store", "Market"])) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["ham", "milk", "batteries", "apples", "pears", "bread"])
        #expect(items.map { $0["atStore"] as? Bool } == [true, true, true, false, false, false])
        let groups = try #require(
            try json(shop.run(["list", "--json", "--by-location", "--store", "Market"])) as? [[String: Any]])
        #expect(
            groups.map { ($0["location"] as? [String: Any])?["name"] as? String } == [
                "Deli", "Dairy", "Unknown Location", "Produce", "Bakery",
            ])
        // No store in effect: no atStore key, and the output is what it was before stores existed.
        let plain = try #require(try json(shop.run(["list", "--json"])) as? [[String: Any]])
        #expect(plain.allSatisfy { $0["atStore"] == nil })
        #expect(plain.map { $0["name"] as? String } == ["apples", "pears", "milk", "bread", "ham", "batteries"])
    }

    @Test func noStoreMeansTheOutputOfBefore() throws {
        let shop = try groceries()
        defer { shop.remove() }
        let views = [
            ["list"], ["list", "--by-location"], ["list", "--format", "text"], ["list", "--json"],
            ["list", "--format", "csv"],
        ]
        let before = try views.map { try shop.run($0).stdout }
        try shop.run(["store", "add", "Market", "Deli"])
        #expect(try views.map { try shop.run($0).stdout } == before)
        try shop.run(["store", "use", "Market"])
        try shop.run(["store", "use", "--none"])
        #expect(try views.map { try shop.run($0).stdout } == before)
    }

    @Test func precedenceIsOptionThenEnvironmentThenCurrent() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.run(["store", "add", "Market", "Deli"])
        try shop.run(["store", "add", "Bakehouse", "Bakery"])
        try shop.run(["store", "use", "Market"])
        #expect(try shop.run(["list"]).stdout.hasPrefix("At Market\n"))
        #expect(try shop.run(["list"], environment: ["SHOP_STORE": "bakehouse"]).stdout.hasPrefix("At Bakehouse\n"))
        #expect(
            try shop.run(["--store", "market", "list"], environment: ["SHOP_STORE": "bakehouse"]).stdout.hasPrefix(
                "At Market\n"))
        // isCurrent marks the saved store, whatever --store says.
        let stores = try #require(try json(shop.run(["--store", "bake", "stores", "--json"])) as? [[String: Any]])
        #expect(stores.map { $0["isCurrent"] as? Bool } == [false, true])
    }

    @Test func badStoresFailCleanlyAndLeaveTheFile() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.expectFailure(["--store", "Nowhere", "list"], status: 1, mentioning: "no store matches 'Nowhere'")
        try shop.run(["store", "add", "Market", "Deli"])
        try shop.run(["store", "add", "Mall"])
        let unknown = try shop.run(["list", "--store", "Warehouse"])
        #expect(
            unknown.status == 1
                && unknown.stderr == "Error: no store matches 'Warehouse'\nHint: known stores: 'Mall', 'Market'\n",
            "\(unknown)")
        let environment = try shop.run(["list"], environment: ["SHOP_STORE": "Warehouse"])
        #expect(environment.status == 1 && environment.stderr.contains("known stores"), "\(environment)")
        try shop.expectFailure(["--store", "ma", "list"], status: 1, mentioning: "matches several stores")
        // buy alone takes a shop that is no store: it logs the purchases there (SPEC section 12).
        let elsewhere = try shop.run(["--store", "Warehouse", "buy", "--all"])
        #expect(
            elsewhere.status == 0 && elsewhere.stderr.contains("'Warehouse' is not one of the stores"), "\(elsewhere)")
        try shop.run(["undo"])
        try shop.expectFailure(
            ["store", "add", "market"], status: 1, mentioning: "a store named 'Market' already exists")
        try shop.expectFailure(["store", "add", " "], status: 1, mentioning: "store name ' ' is empty")
        try shop.expectFailure(
            ["store", "add", "Corner", "Deli", "Atlantis"], status: 1, mentioning: "no location matches 'Atlantis'")
        try shop.expectFailure(
            ["store", "add", "Corner", "Deli", "deli"], status: 1,
            mentioning: "location 'Deli' is given twice for store 'Corner'")
        try shop.expectFailure(
            ["store", "add", "Corner", "Unknown Location"], status: 1,
            mentioning: "the Unknown Location is in every store")
        try shop.expectFailure(["store", "order", "Market", "Deli", "Deli"], status: 1, mentioning: "given twice")
        try shop.expectFailure(["store", "order", "Market"], status: 64, mentioning: "Missing expected argument")
        try shop.expectFailure(["store", "edit", "Market"], status: 64, mentioning: "--name")
        try shop.expectFailure(["store", "edit", "Market", "--name", "mall"], status: 1, mentioning: "already exists")
        try shop.expectFailure(["store", "remove", "Warehouse"], status: 1, mentioning: "known stores")
        try shop.expectFailure(["store", "use"], status: 64, mentioning: "Missing expected argument")
        try shop.expectFailure(["store", "use", "Market", "--none"], status: 64, mentioning: "cannot be combined")
        try shop.expectFailure(["store", "show", "Warehouse"], status: 1, mentioning: "no store matches")
        try shop.expectFailure(["store", "frobnicate"], status: 64, mentioning: "frobnicate")
    }

    @Test func aRemovedCurrentStoreIsSimplyNone() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.run(["store", "add", "Market", "Deli"])
        try shop.run(["store", "use", "Market"])
        // Another device (or a hand edit) removes the store; this device's file still names it.
        var text = try String(contentsOf: shop.dataFile, encoding: .utf8)
        let start = try #require(text.range(of: "\"stores\" : [")).upperBound
        let end = try #require(text.range(of: "\n  ],\n  \"version\"")).lowerBound
        text.replaceSubrange(start..<end, with: "\n")
        try text.write(to: shop.dataFile, atomically: true, encoding: .utf8)
        let outcome = try shop.run(["list"])
        #expect(outcome.status == 0 && !outcome.stdout.hasPrefix("At "), "\(outcome)")
    }

    @Test func buyAllAtAStoreBuysOnlyWhatIsThere() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.run(["store", "add", "Dairy shop", "Dairy"])
        let outcome = try shop.run(["--store", "dairy shop", "buy", "--all"])
        // The Unknown Location is at every store: what was bought there is said (it is not in "Dairy shop").
        #expect(
            outcome.stderr
                == "Bought milk, batteries\nAmong them, from the Unknown Location (which every store has): batteries\n",
            "\(outcome)")
        let left = try #require(try json(shop.run(["list", "--json"])) as? [[String: Any]])
        #expect(left.map { $0["name"] as? String } == ["apples", "pears", "bread", "ham"])
    }

    @Test func locationRemovalUndoExportImportAndCompletions() throws {
        let shop = try groceries()
        defer { shop.remove() }
        try shop.run(["store", "add", "Market", "Deli", "Dairy"])
        try shop.run(["location", "remove", "Deli"])
        let market = try #require(try json(shop.run(["store", "show", "Market", "--json"])) as? [String: Any])
        #expect(market["locations"] as? [String] == ["Dairy"])
        // Every store command is an undoable step.
        var outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: location remove Deli\n", "\(outcome)")
        try shop.run(["store", "remove", "Market"])
        outcome = try shop.run(["undo"])
        #expect(outcome.stderr == "Undid: store remove Market\n", "\(outcome)")
        #expect(try shop.run(["stores"]).stdout.contains("Market"))
        // Choosing the current store is this device's own (SPEC section 8.3), not a step of the list's history.
        try shop.run(["store", "use", "Market"])
        #expect(try shop.run(["stores"]).stdout.hasPrefix("* Market"))
        try shop.run(["store", "use", "--none"])
        #expect(try shop.run(["stores"]).stdout.hasPrefix("  Market"))

        // Export carries the stores; importing into an empty file reproduces them.
        let exported = try shop.run(["export"])
        #expect(exported.stdout.contains("\"stores\" : [") && exported.stdout.contains("\"version\" : 12"))
        let other = try ShopProcess()
        defer { other.remove() }
        let exportFile = other.folder.appendingPathComponent("export.json")
        try Data(exported.stdout.utf8).write(to: exportFile)
        outcome = try other.run(["import", exportFile.path])
        #expect(
            outcome.stderr == "Imported 6 items (6 added), 4 locations (4 added) and 1 store (1 added)\n", "\(outcome)")
        #expect(try other.run(["export"]).stdout == exported.stdout)
        // Merged by name: a store of the same name is updated, its locations matched by name.
        try other.run(["store", "order", "Market", "Bakery"])
        outcome = try other.run(["import", exportFile.path])
        #expect(outcome.stderr.hasSuffix("and 1 store (0 added, 1 updated)\n"), "\(outcome)")

        outcome = try shop.run(["__complete", "stores", "m"])
        #expect(outcome.stdout == "Market\n")
        let script = try shop.run(["completions", "bash"]).stdout
        #expect(script.contains("__complete") && script.contains("stores"))
    }

    @Test func demoAtASampleStore() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let outcome = try shop.run(["demo", "--store", "saturday"])
        #expect(
            outcome.status == 0 && outcome.stdout.hasPrefix("At Saturday Market\nFruits & Vegetables (6)\n"),
            "\(outcome)")
        #expect(outcome.stdout.contains("\nNot at Saturday Market:\n"))
        #expect(shop.dataBytes() == nil)
        try shop.expectFailure(
            ["demo", "--store", "Nowhere"], status: 1,
            mentioning: "known stores: 'Saturday Market', 'Supermarket', 'Warehouse Club'")
    }
}
