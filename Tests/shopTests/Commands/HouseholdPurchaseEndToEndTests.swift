import Foundation
import Testing

/// SPEC 16's purchase rules, each a defect a household met (issue 36): a second purchase on one day, a
/// pack with no amount, restock by calendar day, `purchased --json` and the words around them.
@Suite struct HouseholdPurchaseEndToEndTests {
    private static func history(_ shop: ShopProcess) throws -> [[String: Any]] {
        let outcome = try shop.ok(["history", "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    /// The market's eggs and then the discounter's are two purchases, not "already bought today".
    @Test func secondPurchaseOnOneDayIsLogged() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "eggs"])
        try shop.ok(["buy", "eggs", "--paid", "4.20", "--store", "Wochenmarkt"])
        let second = try shop.ok(["buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Aldi"])
        #expect(second.stderr.contains("Bought eggs\n"), "\(second)")
        // Each difference alone is a purchase: the amount, the store, the price.
        try shop.ok(["buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Lidl"])
        try shop.ok(["buy", "eggs", "-q", "12", "--paid", "2.19", "--store", "Lidl"])
        try shop.ok(["buy", "eggs", "-q", "12", "--price", "0.20", "--store", "Lidl"])
        let totals = try Self.history(shop).compactMap { $0["lineTotal"] as? Double }
        #expect(totals.sorted() == [2.19, 2.19, 2.19, 2.40, 4.20], "\(totals)")
    }

    /// An exact repeat is not logged; that is said even with --quiet, and --json says `"logged": false`;
    /// --again still logs it.
    @Test func exactRepeatIsSaidEvenQuietAndJSONSaysNotLogged() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "eggs"])
        let first = try shop.ok(["buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Aldi", "--json"])
        let firstItems = try #require(
            try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]])
        #expect(firstItems.map { $0["logged"] as? Bool } == [true], "\(first)")
        let before = shop.dataBytes()
        let quiet = try shop.ok(["--quiet", "buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Aldi"])
        #expect(
            quiet.stderr
                == "eggs: already bought today with the same amount, store and price: nothing logged (--again logs another)\n",
            "\(quiet)")
        let json = try shop.ok(["buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Aldi", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["logged"] as? Bool } == [false], "\(json)")
        #expect(items.map { $0["name"] as? String } == ["eggs"])
        // SPEC 23: not among the affected items: no item object (before, the whole item, as if bought).
        #expect(items.map { Set($0.keys) } == [["id", "logged", "name"]], "\(json)")
        #expect(shop.dataBytes() == before)
        try shop.ok(["buy", "eggs", "-q", "10", "--paid", "2.19", "--store", "Aldi", "--again"])
        #expect(try Self.history(shop).count == 2)
    }

    /// `add "olive oil" --pack 500ml --price 6.49`: the list shows 6.49 and `buy` logs it, as one pack.
    @Test func packWithNoAmountIsOnePack() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "olive oil", "--pack", "500ml", "--price", "6.49"])
        let list = try shop.ok(["list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["lineTotal"] as? Double == 6.49, "\(list)")
        try shop.ok(["buy", "olive oil"])
        let logged = try Self.history(shop)
        #expect(logged.first?["lineTotal"] as? Double == 6.49, "\(logged)")
        #expect(logged.first?["unit"] as? String == "pack", "\(logged)")
    }

    /// `--every 4` from a purchase at 15:13 is due at 06:30 four days later, not a minute before that day.
    @Test func restockCountsCalendarDays() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "milk", "--every", "4"])
        _ = try shop.run(["buy", "milk"], environment: ["SHOP_NOW": "2026-03-02T15:13:00Z"])
        let early = try shop.run(["restock", "--dry-run"], environment: ["SHOP_NOW": "2026-03-05T23:59:00Z"])
        #expect(early.stdout.hasPrefix("not due milk"), "\(early)")
        let due = try shop.run(["restock"], environment: ["SHOP_NOW": "2026-03-06T06:30:00Z"])
        #expect(due.status == 0 && due.stderr == "Restocked milk\n", "\(due)")
    }

    /// `purchased --json` gives what was paid at the latest purchase (SPEC 12), as the human view does,
    /// not today's price × today's amount.
    @Test func purchasedJSONGivesWhatWasPaid() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try shop.ok(["add", "coffee", "-q", "2"])
        try shop.ok(["buy", "coffee", "--paid", "24.98"])
        try shop.ok(["edit", "coffee", "-q", "3", "--price", "11.99"])
        let json = try shop.ok(["purchased", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["lineTotal"] as? Double == 24.98, "\(json)")
        let recent = try shop.ok(["purchased", "--recent", "7", "--json"])
        let split = try #require(try JSONSerialization.jsonObject(with: Data(recent.stdout.utf8)) as? [String: Any])
        #expect((split["recent"] as? [[String: Any]])?.first?["lineTotal"] as? Double == 24.98, "\(recent)")
        #expect(try shop.ok(["purchased"]).stdout.contains("24.98"))
    }

    /// Hints name the real grammar: `-q 0` asks for an amount, `--every` takes days or `auto`.
    @Test func hintsNameTheRealGrammar() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let zero = try shop.run(["add", "milk", "-q", "0"])
        #expect(zero.stderr == "Error: quantity 0 is out of range\nHint: an amount above 0, such as 2 or 500g\n")
        let weekly = try shop.run(["add", "milk", "--every", "weekly"])
        #expect(
            weekly.stderr.hasPrefix(
                "Error: Invalid value 'weekly' for '--every <days>': expected a number of days or 'auto'\n"),
            "\(weekly)")
        let nought = try shop.run(["add", "milk", "--every", "0"])
        #expect(nought.stderr.contains("Hint: --every takes a number of days from 1 to 3650, or 'auto'\n"))
    }

    /// A count of packs and a need in the pack's family are one amount (SPEC 23: never `×1 + 1 pack (150 g)`);
    /// `--format text` has no bracket in a bracket; after `drop`, `recipes` never says the need was bought.
    @Test func wordsForPacksAndDroppedNeeds() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let recipe = shop.folder.appendingPathComponent("fry.cook")
        try "Fry @onion{1} in @butter{150%g}.\n".write(to: recipe, atomically: true, encoding: .utf8)
        try shop.ok(["add", "butter", "--pack", "250g"])
        try shop.ok(["add", "milk", "--pack", "1l", "-q", "2.5l"])
        try shop.ok(["recipe", "add", recipe.path])
        let list = try shop.ok(["list"]).stdout
        #expect(list.contains("butter 2 packs (400 g)"), "\(list)")
        let text = try shop.ok(["list", "--format", "text"]).stdout
        #expect(text.contains("  butter (2 packs, 400 g)\n"), "\(text)")
        #expect(text.contains("  milk (3 packs, 2.5 l)\n"), "\(text)")
        try shop.ok(["drop", "butter", "onion"])
        let recipes = try shop.ok(["recipes"]).stdout
        #expect(recipes == "fry\n  (nothing left on the list)\n", "\(recipes)")
        let removed = try shop.ok(["recipe", "remove", "fry"])
        #expect(removed.stderr.hasPrefix("Took back fry: nothing it added is on the list any more"), "\(removed)")
    }
}
