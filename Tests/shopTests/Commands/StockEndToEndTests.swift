import Foundation
import Testing

/// `stock`, `use`, `open`, `stock add`, `buy --best-before` and the stock options of `add`/`edit` (SPEC
/// section 18), end to end: what they print, and every refusal with the data file and the log untouched.
@Suite struct StockEndToEndTests {
    static let now = ["SHOP_NOW": "2026-11-20T10:00:00Z", "TZ": "UTC"]

    @discardableResult
    static func ok(_ shop: ShopProcess, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> ShopProcess.Outcome
    {
        let outcome = try shop.run(arguments, environment: now)
        #expect(outcome.status == 0, "\(arguments)\n\(outcome)", sourceLocation: sourceLocation)
        return outcome
    }

    /// The log's bytes beside the data file.
    static func logBytes(_ shop: ShopProcess) -> Data? {
        try? Data(contentsOf: shop.dataFile.appendingPathExtension("purchases"))
    }

    @Test func eachRefusalChangesNothing() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "cheese", "--stock", "--keeps", "30", "-q", "500g"])
        try Self.ok(shop, ["add", "bread"])
        try Self.ok(shop, ["buy", "cheese"])
        let cases: [([String], Int32, String)] = [
            (["use", "bread"], 1, "'bread' is not kept in stock"),
            (["open", "bread"], 1, "'bread' is not kept in stock"),
            (["stock", "add", "bread"], 1, "'bread' is not kept in stock"),
            (["use", "cheese", "-q", "1 l"], 1, "'cheese' is at home in 500 g, not in a unit like '1 l'"),
            (["use", "cheese", "-q", "3"], 1, "not in a unit like '3'"),
            (["use", "cheddar"], 1, "cheddar"),
            (["use", "cheese", "-q", "100g", "--all"], 64, "cannot be used together"),
            (["use", "cheese", "--date", "2026-13-01"], 1, "2026-13-01"),
            (["use", "cheese", "--date", "2026-12-01"], 1, "in the future"),
            (["use", "cheese", "--date", "soon"], 64, "soon"),
            (["stock", "add", "cheese", "--best-before", "2026-02-30"], 1, "invalid best-before '2026-02-30'"),
            (["buy", "cheese", "--best-before", "tomorrow", "--again"], 1, "invalid best-before 'tomorrow'"),
            (["edit", "cheese", "--keeps", "0"], 1, "--keeps 0 is out of range"),
            (["edit", "cheese", "--keeps-open", "4000"], 1, "--keeps-open 4000 is out of range"),
            (["edit", "cheese", "--keeps", "many"], 64, "many"),
            (["edit", "cheese", "--stock", "--no-stock"], 64, "cannot be used together"),
            (["edit", "cheese", "--min-stock", "0"], 1, "0"),
            (["stock", "--due", "-1"], 1, "--due -1 is out of range"),
        ]
        for (arguments, status, fragment) in cases {
            let data = shop.dataBytes()
            let log = Self.logBytes(shop)
            let outcome = try shop.run(arguments, environment: Self.now)
            #expect(outcome.status == status, "\(arguments)\n\(outcome)")
            #expect(
                outcome.stderr.hasPrefix("Error: ") && outcome.stderr.contains(fragment), "\(arguments)\n\(outcome)")
            #expect(shop.dataBytes() == data && Self.logBytes(shop) == log, "\(arguments) changed the files")
        }
        // Nothing at home to open: refused; nothing at home to use: said, exit 0, nothing logged.
        try Self.ok(shop, ["use", "cheese", "--all"])
        let log = Self.logBytes(shop)
        let data = shop.dataBytes()
        let open = try shop.run(["open", "cheese"], environment: Self.now)
        #expect(open.status == 1 && open.stderr.contains("nothing of 'cheese' is at home to open"), "\(open)")
        let use = try Self.ok(shop, ["use", "cheese", "-q", "1 l"])
        #expect(use.stderr == "Nothing of cheese is at home: nothing used\n")
        #expect(shop.dataBytes() == data && Self.logBytes(shop) == log)
    }

    @Test func lotsGoInGrocysOrderAndOpenMovesTheBestBeforeEarlier() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "Bergkäse", "--stock", "--keeps", "30", "--keeps-open", "7", "-q", "300g"])
        try Self.ok(shop, ["buy", "Bergkäse", "--best-before", "2026-12-20"])
        try Self.ok(shop, ["buy", "Bergkäse", "-q", "0.25kg", "--again", "--best-before", "5d"])
        try Self.ok(shop, ["stock", "add", "Bergkäse", "-q", "100g"])
        #expect(
            try Self.ok(shop, ["stock"]).stdout == """
                Bergkäse: 0.65 kg
                  0.25 kg, best before 2026-11-25
                  300 g, best before 2026-12-20
                  100 g, best before 2026-12-20

                """)
        // 0.3 kg from the earliest best-before first, then the next; opening moves the next one's day.
        try Self.ok(shop, ["use", "Bergkäse", "-q", "0.3kg"])
        let opened = try Self.ok(shop, ["open", "Bergkäse"])
        #expect(opened.stderr == "Opened Bergkäse (250 g, best before 2026-11-27)\n")
        #expect(
            try Self.ok(shop, ["stock", "berg"]).stdout == """
                Bergkäse: 350 g
                  250 g, best before 2026-11-27, opened
                  100 g, best before 2026-12-20

                """)
        let more = try Self.ok(shop, ["use", "Bergkäse", "-q", "1kg", "--spoiled"])
        #expect(
            more.stderr == "Threw away what there was of Bergkäse (350 g): 0.65 kg of it was not at home; none left\n")
        #expect(try Self.ok(shop, ["stock", "--spoiled"]).stdout.contains("2026-11-20  Bergkäse  250 g"))
    }

    /// SPEC 23: `use` logs no more than is at home, so what was missing is never owed by the next lot bought
    /// (a use stays owed only when a lot dated after it comes, from a clock ahead).
    @Test func aUseOfMoreThanIsAtHomeOwesNothingToTheNextLot() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "cheese", "--stock", "-q", "350g"])
        try Self.ok(shop, ["buy", "cheese"])
        let used = try Self.ok(shop, ["use", "cheese", "-q", "1kg"])
        #expect(used.stderr.contains("0.65 kg of it was not at home"), "\(used)")
        try Self.ok(shop, ["buy", "cheese", "-q", "500g", "--again"])
        #expect(try Self.ok(shop, ["stock", "cheese"]).stdout.hasPrefix("cheese: 500 g\n"))
    }

    @Test func stockJSONHasTheContractShape() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "milk", "--stock", "--keeps", "7", "-q", "1 l"])
        try Self.ok(shop, ["buy", "milk"])
        let json = try Self.ok(shop, ["stock", "--json"]).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(Set(items[0].keys) == ["id", "name", "amount", "amounts", "pace", "lots"])
        let lot = try #require((items[0]["lots"] as? [[String: Any]])?.first)
        #expect(Set(lot.keys) == ["purchaseId", "amount", "bought", "bestBefore", "opened", "expired", "expectedLeft"])
        #expect(lot["bestBefore"] as? String == "2026-11-27" && lot["opened"] as? Bool == false)
        #expect((lot["amount"] as? [String: Any])?["unit"] as? String == "l")
        #expect(items[0]["pace"] is NSNull && lot["expectedLeft"] is NSNull)
    }

    @Test func recipesBuyOnlyWhatIsMissingAcrossUnitsOfAFamily() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        let folder = shop.dataFile.deletingLastPathComponent().deletingLastPathComponent()
        let recipe = folder.appendingPathComponent("gratin.cook")
        try Data("Grate @cheese{0.75%kg} into @milk{300%ml} and @cream{2%dl}.".utf8).write(to: recipe)
        try Self.ok(shop, ["add", "cheese", "--stock", "-q", "500g"])
        try Self.ok(shop, ["add", "milk", "--stock", "-q", "1 l"])
        try Self.ok(shop, ["buy", "cheese", "milk"])
        let added = try Self.ok(shop, ["recipe", "add", recipe.path])
        #expect(added.stderr.contains("cheese 0.25 kg"), "\(added)")
        #expect(added.stderr.contains("at home: milk"), "\(added)")
        let list = try Self.ok(shop, ["list"]).stdout
        #expect(list.contains("cheese 0.25 kg") && !list.contains("milk") && list.contains("cream"), "\(list)")
    }

    @Test func undoTakesBackAUseAndUnbuyTakesItFromTheLotsThatRemain() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        try Self.ok(shop, ["add", "eggs", "--stock", "-q", "6"])
        try Self.ok(shop, ["buy", "eggs", "--best-before", "2026-11-30"])
        try Self.ok(shop, ["buy", "eggs", "--again", "--best-before", "2026-11-22"])
        // Without -q: one piece.
        #expect(try Self.ok(shop, ["use", "eggs"]).stderr == "Used eggs: 11 left\n")
        try Self.ok(shop, ["undo"])
        #expect(try Self.ok(shop, ["stock"]).stdout.hasPrefix("eggs: 12\n"))
        try Self.ok(shop, ["use", "eggs", "-q", "8"])
        #expect(
            try Self.ok(shop, ["stock", "--due", "1"]).stdout == """
                eggs: 4
                  4, best before 2026-11-30

                """)
        // The later purchase (best before the 22nd, used first) goes: the use is taken again from the other.
        try Self.ok(shop, ["unbuy", "eggs"])
        #expect(try Self.ok(shop, ["stock"]).stdout == "")
        #expect(try shop.run(["stock"], environment: Self.now).stderr == "Nothing at home.\n")
    }

    @Test func lotsDueAndExpiredAreMarkedAndBuyWarns() throws {
        let shop = try ShopProcess()
        defer { shop.remove() }
        // Kept in stock from before the purchases (a purchase counts from the day the item was marked).
        let marked = try shop.run(
            ["add", "yogurt", "--stock", "--keeps", "5", "-q", "4"],
            environment: ["SHOP_NOW": "2026-10-31T10:00:00Z", "TZ": "UTC"])
        #expect(marked.status == 0)
        for day in ["2026-11-01", "2026-11-05", "2026-11-09", "2026-11-13"] {
            try Self.ok(shop, ["buy", "yogurt", "--date", day, "--again"])
        }
        for day in ["2026-11-02", "2026-11-04", "2026-11-06", "2026-11-08", "2026-11-10", "2026-11-12", "2026-11-14"] {
            try Self.ok(shop, ["use", "yogurt", "-q", "2", "--date", day])
        }
        #expect(
            try Self.ok(shop, ["stock"]).stdout == """
                yogurt: 2, about 1 a day
                  2, best before 2026-11-18, expired

                """)
        let bought = try Self.ok(shop, ["buy", "yogurt", "-q", "8", "--again"])
        #expect(
            bought.stderr.contains(
                "Warning: at your pace 2 of the yogurt just bought will be left at their best-before, 2026-11-25 (10 at home)"
            ),
            "\(bought)")
    }
}
