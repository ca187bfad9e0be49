import Foundation
import Testing

/// SPEC 16's plans through the real binary, on set days (`SHOP_NOW`): a daily cron for a household that
/// shops on Saturday (`--week-starts`, the plan's `>> week starts`), and a recipe file fixed mid-week,
/// re-read by what it asks for. Refusals with their exact messages, exit codes and the file byte-identical.
@Suite struct PlanWeekStartEndToEndTests {
    static let curry = "Brown @chicken{500%g} with @onion{1}; add @rice{300%g} and @cumin{=1%tsp}.\n"
    /// Saturday 28 November 2026 to Saturday 5 December, at the cron's hour.
    static let days = (28...30).map { "2026-11-\($0)T06:00:00Z" } + (1...5).map { "2026-12-0\($0)T06:00:00Z" }

    func kitchen(plan: String) throws -> ShopProcess {
        let shop = try ShopProcess()
        let meals = shop.folder.appendingPathComponent("meals")
        try FileManager.default.createDirectory(at: meals, withIntermediateDirectories: true)
        try write(Self.curry, to: "Curry.cook", in: shop)
        try write(plan, to: ".shopping-list", in: shop)
        return shop
    }

    func write(_ text: String, to name: String, in shop: ShopProcess) throws {
        try text.write(
            to: shop.folder.appendingPathComponent("meals").appendingPathComponent(name), atomically: true,
            encoding: .utf8)
    }

    func planPath(_ shop: ShopProcess) -> String { shop.folder.appendingPathComponent("meals/.shopping-list").path }

    @discardableResult
    func plan(_ shop: ShopProcess, on day: String, _ extra: [String] = []) throws -> ShopProcess.Outcome {
        let outcome = try shop.run(["plan", planPath(shop)] + extra, environment: ["SHOP_NOW": day])
        #expect(outcome.status == 0, "\(outcome)")
        return outcome
    }

    /// The names on the list with their amounts as `list` shows them.
    func listed(_ shop: ShopProcess) throws -> [String] {
        try shop.run(["list", "--format", "csv"]).stdout.split(whereSeparator: \.isNewline).dropFirst().map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: " ")
        }
    }

    /// Saturday's run fills the list; Sunday to Friday's runs (Monday included) change nothing once it is
    /// bought; the next Saturday fills it again.
    func expectAWeekFromSaturday(_ shop: ShopProcess, _ extra: [String] = []) throws {
        let saturday = try plan(shop, on: Self.days[0], extra)
        #expect(saturday.stderr.contains("(for 2026-11-28)"), "\(saturday)")
        #expect(try listed(shop) == ["chicken 500 g", "cumin 1 tsp", "onion 1", "rice 300 g"])
        #expect(try shop.run(["buy", "--all"]).status == 0)
        let bought = shop.dataBytes()
        for day in Self.days[1...6] {
            let run = try plan(shop, on: day, extra)
            #expect(run.stderr.contains("nothing changed") && run.stderr.contains("(for 2026-11-28)"), "\(run)")
        }
        #expect(shop.dataBytes() == bought)
        #expect(try listed(shop).isEmpty)
        let next = try plan(shop, on: Self.days[7], extra)
        #expect(next.stderr.contains("(for 2026-12-05)"), "\(next)")
        #expect(try listed(shop) == ["chicken 500 g", "cumin 1 tsp", "onion 1", "rice 300 g"])
    }

    @Test func aDailyCronWithWeekStartsSaturdayDoesNotRefillTheListOnMonday() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try expectAWeekFromSaturday(shop, ["--week-starts", "saturday"])
    }

    @Test func thePlanFilesWeekStartsMetadataSetsTheShoppingDay() throws {
        let shop = try kitchen(plan: ">> week starts: Saturday -- our shopping day\n./Curry\n")
        defer { shop.remove() }
        try expectAWeekFromSaturday(shop)
        // The command line wins over the file: the ISO week, a new period, so the list is renewed.
        let monday = try plan(shop, on: Self.days[7], ["--week-starts", "monday"])
        #expect(monday.stderr.contains("(for 2026-W49)"), "\(monday)")
    }

    @Test func withoutAWeekStartMondayIsANewWeek() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try plan(shop, on: Self.days[0])
        #expect(try shop.run(["buy", "--all"]).status == 0)
        let monday = try plan(shop, on: Self.days[2])
        #expect(monday.stderr.contains("(for 2026-W49)") && monday.stderr.contains("1 added"), "\(monday)")
    }

    @Test func aRecipeFixedMidWeekIsReadAgainByWhatItAsksFor() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try plan(shop, on: Self.days[2])
        #expect(try shop.run(["buy", "chicken", "onion"]).status == 0)
        // Only the method's words change: nothing to buy changed, so nothing changes.
        try write(Self.curry.replacingOccurrences(of: "Brown", with: "Sear"), to: "Curry.cook", in: shop)
        let before = shop.dataBytes()
        let same = try plan(shop, on: Self.days[3])
        #expect(same.stderr.contains("nothing changed"), "\(same)")
        #expect(shop.dataBytes() == before)
        // Wednesday: more chicken, and garlic. The bought onion is not asked for again; the unbought rice
        // and cumin are not doubled.
        try write(
            "Brown @chicken{600%g} with @onion{1} and @garlic{2%cloves}; add @rice{300%g} and @cumin{=1%tsp}.\n",
            to: "Curry.cook", in: shop)
        let fixed = try plan(shop, on: Self.days[4])
        #expect(
            fixed.stderr.hasSuffix(
                """
                (for 2026-W49): 0 added, 0 taken back, 1 changed, 0 unchanged
                  ~ Curry (for 2026-W49), recipe changed: chicken 600 g, garlic 2 cloves, rice 300 g, cumin 1 tsp

                """), "\(fixed)")
        #expect(try listed(shop) == ["chicken 600 g", "cumin 1 tsp", "garlic 2 cloves", "rice 300 g"])
        let recipes = try shop.run(["recipes"]).stdout
        #expect(recipes.contains("chicken 600 g") && !recipes.contains("500 g"), "\(recipes)")
        // The cron's next run, the same day and the day after: nothing changes.
        let fixedBytes = shop.dataBytes()
        try plan(shop, on: Self.days[4])
        try plan(shop, on: Self.days[5])
        #expect(shop.dataBytes() == fixedBytes)
        // Fixed back with everything bought: only what the file asks for differently goes on the list.
        #expect(try shop.run(["buy", "--all"]).status == 0)
        try write(Self.curry, to: "Curry.cook", in: shop)
        let back = try plan(shop, on: Self.days[6])
        #expect(back.stderr.contains("1 changed"), "\(back)")
        #expect(try listed(shop) == ["chicken 500 g"])
    }

    @Test func aBadWeekStartIsRefusedAndChangesNothing() throws {
        let shop = try kitchen(plan: "./Curry\n")
        defer { shop.remove() }
        try plan(shop, on: Self.days[0])
        let path = planPath(shop)
        try shop.expectFailure(
            ["plan", path, "--week-starts", "someday"], status: 64,
            mentioning:
                "Error: Invalid value 'someday' for '--week-starts <day>': expected 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday' or 'sunday'\n"
        )
        try shop.expectFailure(
            ["plan", path, "--week-starts", "saturday", "--for", "party"], status: 64,
            mentioning: "Error: '--for' and '--week-starts' cannot be used together\n")
        try write(">> week starts: someday\n./Curry\n", to: ".shopping-list", in: shop)
        try shop.expectFailure(
            ["plan", path], status: 65,
            mentioning: """
                ':1: not a meal plan line: week starts: "someday" is not a weekday (monday to sunday)
                Hint: a plan holds ./PATH{MULTIPLIER} recipe references and name{quantity%unit} ingredients, one a line

                """)
        try write("./Curry\n  >> week starts: saturday\n", to: ".shopping-list", in: shop)
        try shop.expectFailure(
            ["plan", path], status: 65,
            mentioning: "':2: not a meal plan line: metadata (>> key: value) may not be indented\nHint: ")
    }
}
