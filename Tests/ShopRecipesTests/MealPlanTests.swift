import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopModel
@testable import ShopRecipes

@Suite struct MealPlanTests {
    @Test func readsReferencesNestingIngredientsAndComments() throws {
        let text = """
            ./Plans/3 Day Plan
              ./Breakfast/Burrito{2}
                ./Components/Guacamole{2}
              ./Salads/Boring{0.5}
            olive oil{4%l}
            salt -- remember the pantry
            [- a block
            ./Hidden{3}
            -]
            -- a comment
            lemons{3}

            """
        let plan = try MealPlan(parsing: text, path: "plan")
        #expect(plan.entries.count == 4)
        guard case .recipe(let top) = plan.entries[0] else {
            Issue.record("the first entry is a recipe")
            return
        }
        #expect(top.path == "Plans/3 Day Plan")
        #expect(top.multiplier == .one)
        #expect(top.children.map(\.path) == ["Breakfast/Burrito", "Salads/Boring"])
        #expect(top.children[0].multiplier == ExactNumber(whole: 2))
        #expect(top.children[0].children.map(\.path) == ["Components/Guacamole"])
        #expect(top.children[1].multiplierText == "0.5")
        #expect(plan.entries[1] == .ingredient(.init(name: "olive oil", quantityText: "4%l", line: 5)))
        #expect(plan.entries[2] == .ingredient(.init(name: "salt", quantityText: nil, line: 6)))
        #expect(plan.entries[3] == .ingredient(.init(name: "lemons", quantityText: "3", line: 11)))
        guard case .ingredient(let oil) = plan.entries[1] else {
            Issue.record("entry 2 should be the free-hand ingredient olive oil")
            return
        }
        #expect(try oil.checkedAmount(source: "plan")?.description == "4 l")
    }

    @Test(arguments: [
        (" ./Odd", 1, "an indent of 1 spaces; use two a level"),
        ("./A\n    ./TooDeep", 2, "indented deeper than the line above allows"),
        ("./A\n  salt", 2, "only recipe references (./PATH) may be indented"),
        ("./A{zero}", 1, "multiplier \"zero\" is not a number above zero"),
        ("./A{0}", 1, "multiplier \"0\" is not a number above zero"),
        ("./{2}", 1, "a recipe reference without a path"),
        ("salt{1}x", 1, "braces must close the line: name{quantity} or ./path{multiplier}"),
        ("{1}", 1, "an ingredient without a name"),
        ("\t./A", 1, "indent with two spaces a level, not tabs"),
    ])
    func refusesLinesOutsideTheFormat(text: String, line: Int, detail: String) {
        #expect(throws: RecipeError.invalidPlan(path: "p", line: line, detail: detail)) {
            try MealPlan(parsing: text, path: "p")
        }
    }

    @Test func emptyPlanHasNoEntries() throws {
        #expect(try MealPlan(parsing: "", path: "p").entries.isEmpty)
        #expect(try MealPlan(parsing: "-- nothing yet\n\n", path: "p").entries.isEmpty)
    }

    /// The requests of a one-line plan `./Curry` for `period`.
    private func curryRequests(_ period: String?) throws -> [RecipeRequest] {
        let plan = try MealPlan(parsing: "./Curry\nlemons{3}\n", path: "p")
        return try plan.requests(plan: "~/p", period: period, folder: "/m") {
            (path: String) throws(RecipeError) -> String? in
            path == "/m/Curry.cook" ? "@chicken{500%g} @rice{300%g}" : nil
        }
    }

    private func shown(_ list: ShoppingList) -> [String: String] {
        Dictionary(uniqueKeysWithValues: list.items.filter(\.onList).map { ($0.name, $0.amount.description) })
    }

    @Test func aNewPeriodReplacesWhatAnEarlierRunLeftUnboughtAndBringsBackWhatWasBought() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        _ = try list.applyPlan("~/p", requests: try curryRequests("2026-W49"))
        #expect(shown(list) == ["chicken": "500 g", "rice": "300 g", "lemons": "3"])
        let same = try list.applyPlan("~/p", requests: try curryRequests("2026-W49"))
        #expect(same.changedNothing)
        _ = try list.buy(
            [try #require(list.item(named: "chicken")).id], at: Date(timeIntervalSince1970: 1_800_000_000), log: &log)
        let next = try list.applyPlan("~/p", requests: try curryRequests("2026-W50"))
        #expect(next.added.count == 2 && next.removed.count == 2)
        #expect(shown(list) == ["chicken": "500 g", "rice": "300 g", "lemons": "3"])
        #expect(list.recipesInNameOrder.allSatisfy { $0.label == "2026-W50" })
    }

    @Test func planRecordsOfAnEarlierShopWithoutAPeriodAreReplacedOnce() throws {
        var list = ShoppingList()
        _ = try list.applyPlan("~/p", requests: try curryRequests(nil))
        _ = try list.applyPlan("~/p", requests: try curryRequests("2026-W49"))
        #expect(shown(list) == ["chicken": "500 g", "rice": "300 g", "lemons": "3"])
        #expect(list.recipesInNameOrder.count == 2)
        #expect(try list.applyPlan("~/p", requests: try curryRequests("2026-W49")).changedNothing)
    }

    @Test func theWeekIsTheISOWeekOfTheLocalDay() {
        let utc = LocalCalendar(utcOffsetSeconds: { _ in 0 })
        #expect(MealPlan.week(of: Date(timeIntervalSince1970: 1_796_000_000), calendar: utc) == "2026-W49")
        // 2027-01-01 is a Friday: ISO week 53 of 2026.
        #expect(MealPlan.week(of: Date(timeIntervalSince1970: 1_798_761_600), calendar: utc) == "2026-W53")
    }

    @Test func aWeekFromAnotherDayIsNamedByItsFirstDay() {
        let utc = LocalCalendar(utcOffsetSeconds: { _ in 0 })
        func day(_ text: String) -> Date {
            Date(timeIntervalSince1970: Double((try! CalendarDay.parse(text).get()).number) * 86_400 + 3_600)
        }
        // Saturday 28 November to Friday 4 December 2026, whatever the weekday asked about.
        for text in ["2026-11-28", "2026-11-30", "2026-12-04"] {
            #expect(MealPlan.week(of: day(text), startingOn: .saturday, calendar: utc) == "2026-11-28")
        }
        #expect(MealPlan.week(of: day("2026-12-05"), startingOn: .saturday, calendar: utc) == "2026-12-05")
        #expect(MealPlan.week(of: day("2026-11-28"), startingOn: .sunday, calendar: utc) == "2026-11-22")
        #expect(MealPlan.week(of: day("2026-11-29"), startingOn: .sunday, calendar: utc) == "2026-11-29")
        #expect(MealPlan.week(of: day("2026-11-29"), startingOn: .monday, calendar: utc) == "2026-W48")
    }

    @Test func readsTheWeekStartFromMetadataAndSkipsOtherKeys() throws {
        let plan = try MealPlan(parsing: ">> servings: 4\n>> Week_Starts: sat\nlemons{3}\n", path: "p")
        #expect(plan.weekStarts == .saturday)
        #expect(plan.entries.count == 1)
        #expect(Weekday(naming: "Sunday") == .sunday && Weekday(naming: "su") == nil && Weekday(naming: "sund") == nil)
        #expect(throws: RecipeError.self) { try MealPlan(parsing: ">> week starts\n", path: "p") }
    }
}
