import Foundation
import Testing

/// SPEC section 14 through the real binary: plans that repeat each week (the day set by `SHOP_NOW`, so
/// no test depends on the day it runs), an item put on the list by recipes and then by the person, and
/// every refused recipe or plan with its exit code and the data file byte-identical.
@Suite struct PlanPeriodEndToEndTests {
    static let curry = "Brown @chicken{500%g} with @onion{1}; add @rice{300%g} and @cumin{=1%tsp}.\n"
    static let salad = "Toss @lettuce{1} with @olive oil{2%tbsp}.\n"
    /// Monday of ISO week 2026-W49, Friday evening of the same week, and Monday of the next.
    static let monday = "2026-11-30T08:00:00Z"
    static let friday = "2026-12-04T18:00:00Z"
    static let nextMonday = "2026-12-07T08:00:00Z"

    func kitchen(plan: String) throws -> ShopProcess {
        let shop = try ShopProcess()
        let meals = shop.folder.appendingPathComponent("meals")
        try FileManager.default.createDirectory(at: meals, withIntermediateDirectories: true)
        try Self.curry.write(to: meals.appendingPathComponent("Curry.cook"), atomically: true, encoding: .utf8)
        try Self.salad.write(to: meals.appendingPathComponent("Salad.cook"), atomically: true, encoding: .utf8)
        try write(plan, to: shop)
        return shop
    }

    func planPath(_ shop: ShopProcess) -> String { shop.folder.appendingPathComponent("meals/.shopping-list").path }

    func write(_ plan: String, to shop: ShopProcess) throws {
        try plan.write(toFile: planPath(shop), atomically: true, encoding: .utf8)
    }

    /// Runs `plan` as on `day`, expecting success.
    @discardableResult
    func plan(_ shop: ShopProcess, on day: String, _ extra: [String] = []) throws -> ShopProcess.Outcome {
        let outcome = try shop.run(["plan", planPath(shop)] + extra, environment: ["SHOP_NOW": day])
        #expect(outcome.status == 0, "\(outcome)")
        return outcome
    }

    /// The list as name → amount shown by `list` (`500 g`, `×2`, `` for one).
    func shown(_ shop: ShopProcess) throws -> [String: String] {
        let outcome = try shop.run(["list", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        var result: [String: String] = [:]
        for item in items {
            let parts = (item["amounts"] as? [[String: Any]] ?? []).map { part in
                "\(part["quantity"]!)" + ((part["unit"] as? String).map { " " + $0 } ?? "")
            }
            result[item["name"] as! String] = parts.joined(separator: " + ")
        }
        return result
    }

    @Test func aKeptRecipeGoesOnTheListEveryWeekWithoutDoubling() throws {
        let shop = try kitchen(plan: "./Curry\n./Salad\n")
        defer { shop.remove() }
        let first = try plan(shop, on: Self.monday)
        #expect(first.stderr.contains("(for 2026-W49)"), "\(first)")
        #expect(
            try shown(shop) == [
                "chicken": "500 g", "onion": "1", "rice": "300 g", "cumin": "1 tsp",
                "lettuce": "1", "olive oil": "2 tbsp",
            ])
        // Cron runs it twice a day all week: nothing changes, the file is byte-identical.
        let before = shop.dataBytes()
        let again = try plan(shop, on: Self.monday)
        #expect(again.stderr.contains("nothing changed"), "\(again)")
        try plan(shop, on: Self.friday)
        #expect(shop.dataBytes() == before)
        // Chicken and onion are bought; rice is not.
        _ = try shop.run(["buy", "chicken", "onion", "lettuce", "olive oil", "cumin"])
        #expect(try shown(shop) == ["rice": "300 g"])
        // A new week with the same plan: the curry is on the list again, the unbought rice not doubled.
        let week50 = try plan(shop, on: Self.nextMonday)
        #expect(week50.stderr.contains("(for 2026-W50)"), "\(week50)")
        #expect(
            try shown(shop) == [
                "chicken": "500 g", "onion": "1", "rice": "300 g", "cumin": "1 tsp",
                "lettuce": "1", "olive oil": "2 tbsp",
            ])
        let recipes = try shop.run(["recipes"]).stdout
        #expect(recipes.contains("Curry (for 2026-W50)") && !recipes.contains("2026-W49"), "\(recipes)")
    }

    @Test func aNewWeekWithAnEntryDroppedTakesItsUnboughtAmountsBack() throws {
        let shop = try kitchen(plan: "./Curry\n./Salad\nlemons{3}\n")
        defer { shop.remove() }
        try plan(shop, on: Self.monday)
        try write("./Curry\n", to: shop)
        try plan(shop, on: Self.nextMonday)
        #expect(try shown(shop) == ["chicken": "500 g", "onion": "1", "rice": "300 g", "cumin": "1 tsp"])
    }

    @Test func forNamesThePeriodAndRecipesShowsEachRecipeOncePerLabel() throws {
        let shop = try kitchen(plan: "./Curry\n./Curry{2}\n./Salad\n")
        defer { shop.remove() }
        try plan(shop, on: Self.monday, ["--for", "party"])
        #expect(try shown(shop)["chicken"] == "1.5 kg")
        // The same label again, another day: nothing changes.
        let before = shop.dataBytes()
        try plan(shop, on: Self.nextMonday, ["--for", "party"])
        #expect(shop.dataBytes() == before)
        let text = try shop.run(["recipes"]).stdout
        #expect(text.components(separatedBy: "Curry (for party)").count == 2, "\(text)")
        #expect(text.contains("chicken 1.5 kg"), "\(text)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(shop.run(["recipes", "--json"]).stdout.utf8))
                as? [[String: Any]])
        #expect(json.filter { $0["name"] as? String == "Curry" }.count == 1)
        #expect(json.allSatisfy { $0["label"] as? String == "party" })
        // A dry run in another week says what it would do and changes nothing.
        let dry = try plan(shop, on: Self.nextMonday, ["--dry-run"])
        #expect(dry.stderr.contains("would change") && dry.stderr.contains("(for 2026-W50)"), "\(dry)")
        #expect(shop.dataBytes() == before)
    }

    @Test func addingAnItemRecipesPutThereMakesItThePersonsWithoutChangingItsAmount() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try plan(shop, on: Self.monday)
        _ = try shop.run(["add", "chicken", "-l", "Unknown Location"])
        #expect(try shown(shop)["chicken"] == "500 g")
        // Next week the plan renews the chicken: still the recipe's amount alone, and still the person's.
        try plan(shop, on: Self.nextMonday)
        #expect(try shown(shop)["chicken"] == "500 g")
        // Taken back (the plan no longer has it): it stays, with the person's amount, 1.
        try write("./Salad\n", to: shop)
        try plan(shop, on: Self.monday)
        #expect(try shown(shop)["chicken"] == "1")
        #expect(try shown(shop)["rice"] == nil)
        // With -q, the person's amount comes on top of the recipe's.
        try write("./Curry\n", to: shop)
        try plan(shop, on: Self.monday)
        _ = try shop.run(["add", "rice", "-q", "2"])
        #expect(try shown(shop)["rice"] == "2 + 300 g")
        let list = try shop.run(["list"]).stdout
        #expect(list.contains("rice ×2 + 300 g"), "\(list)")
    }

    @Test func aCountThenAUnitIsWrittenAndReadBack() throws {
        let shop = try kitchen(plan: "")
        defer { shop.remove() }
        let recipe = shop.folder.appendingPathComponent("meals/Soup.cook").path
        try "Crush @tumeric root{3}, later add @tumeric root{6%cm}.\n".write(
            toFile: recipe, atomically: true, encoding: .utf8)
        let added = try shop.run(["recipe", "add", recipe])
        #expect(added.status == 0 && added.stderr.contains("tumeric root ×3 + 6 cm"), "\(added)")
        let list = try shop.run(["list"])
        #expect(list.status == 0 && list.stdout.contains("tumeric root ×3 + 6 cm"), "\(list)")
        #expect(try shop.run(["recipes"]).status == 0)
    }

    @Test func everyRefusedRecipeOrPlanExitsWithItsCodeAndChangesNothing() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try plan(shop, on: Self.monday)
        let meals = shop.folder.appendingPathComponent("meals")
        func recipe(_ text: String) throws -> String {
            let path = meals.appendingPathComponent("bad-\(UUID().uuidString).cook").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        for quantity in ["1000000000000000000000000000000%kg", "-1%kg", "1/0", "0", "1e30"] {
            try shop.expectFailure(
                ["recipe", "add", recipe("@flour{\(quantity)}")], status: 1, mentioning: "not a number above 0")
        }
        try shop.expectFailure(
            ["recipe", "add", recipe("@flour{2%fur\u{1b}]0;PWN\u{07}}")], status: 1, mentioning: "control character")
        try shop.expectFailure(["recipe", "add", recipe("@flour{2%a+b}")], status: 1, mentioning: "contains '+'")
        try write("flour{1/0}\n", to: shop)
        try shop.expectFailure(["plan", planPath(shop)], status: 1, mentioning: "not a number above 0")
        try write("./Curry{0}\n", to: shop)
        try shop.expectFailure(["plan", planPath(shop)], status: 65, mentioning: "not a number above zero")
        try shop.expectFailure(["recipe", "add", "/dev/zero"], status: 74, mentioning: "not a regular file")
        try shop.expectFailure(["recipe", "add", meals.path], status: 74, mentioning: "meals")
        let large = meals.appendingPathComponent("large.cook").path
        try Data(repeating: 0x61, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: large))
        try shop.expectFailure(["recipe", "add", large], status: 65, mentioning: "over the limit of 1 MiB")
        try shop.expectFailure(["plan", large], status: 65, mentioning: "over the limit of 1 MiB")
        let fifo = meals.appendingPathComponent("fifo.cook").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try shop.expectFailure(["recipe", "add", fifo], status: 74, mentioning: "not a regular file")
        try shop.expectFailure(
            ["plan", planPath(shop), "--for", "bad\u{1b}label"], status: 1, mentioning: "control character")
        for amount in ["12x", "1e9"] {
            let before = shop.dataBytes()
            let outcome = try shop.run(["add", "milk", "-q", amount])
            #expect(outcome.status == 64, "\(outcome)")
            #expect(shop.dataBytes() == before)
        }
        try shop.expectFailure(
            ["add", "milk", "-q", "2 fur\u{1b}]0;PWN\u{07}"], status: 1, mentioning: "control character")
        try shop.expectFailure(
            ["add", "milk", "-q", "2 " + String(repeating: "u", count: 61)], status: 1, mentioning: "61 characters")
    }
}
