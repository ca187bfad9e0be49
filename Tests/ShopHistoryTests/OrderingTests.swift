import Foundation
import ShopHistory
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

@Suite struct OrderingTests {
    @Test func walkingOrderIsVisitationThenLocationNameThenItemName() throws {
        var list = try ShoppingList.fixture()
        let deli = try list.addLocation(named: "Deli", order: 10)  // same order as Dairy: Dairy's name comes first
        _ = try list.add(["Ham"], applying: ItemChanges(locationID: deli.id))
        #expect(
            list.names(list.walkingOrder(list.items.filter(\.onList))) == [
                "apples", "Bananas", "Milk", "Yogurt", "Ham", "Batteries",
            ])
    }

    @Test func unknownSortsLastWhateverItsName() throws {
        var list = try ShoppingList.fixture()
        _ = try list.editLocation(list.unknownLocationID, name: "AAA")
        #expect(list.walkingOrder(list.items.filter(\.onList)).last?.name == "Batteries")
    }

    @Test func groupsOnlyLocationsWithItems() throws {
        let list = try ShoppingList.fixture()
        let groups = list.view(of: list.items.filter(\.onList), at: nil).groups
        #expect(groups.map(\.location.name) == ["Produce", "Dairy", "Unknown Location"])
        #expect(groups.map(\.items.count) == [2, 2, 1])
    }

    @Test func historyInNameOrderFilteredBySubstring() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        _ = try list.buyAll(at: Clock.now, log: &log)
        #expect(list.names(list.history()) == ["apples", "Bananas", "Batteries", "Milk", "Yogurt"])
        #expect(list.names(list.history(matching: "AN")) == ["Bananas"])
        #expect(list.names(list.history(matching: "")).count == 5)
    }

    @Test func recentSplitsByLocalCalendarDay() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        _ = try list.buy([list.id("Milk")], at: Clock.now.addingTimeInterval(-9 * 3600), log: &log)  // 01:00 UTC today
        _ = try list.buy([list.id("apples")], at: Clock.daysAgo(1), log: &log)
        _ = try list.buy([list.id("Bananas")], at: Clock.daysAgo(10), log: &log)
        _ = try list.buy([list.id("Yogurt")], at: Clock.now, log: &log)
        let history = list.history() + [list.item(named: "Batteries")!]
        let today = ShoppingList.splitRecent(history, days: 0, now: Clock.now, calendar: .utc)
        #expect(list.names(today.recent) == ["Milk", "Yogurt"])
        #expect(list.names(today.earlier) == ["apples", "Bananas", "Batteries"])
        let week = ShoppingList.splitRecent(history, days: 7, now: Clock.now, calendar: .utc)
        #expect(list.names(week.recent) == ["apples", "Milk", "Yogurt"])
        // At UTC+14 "now" is 00:00 the next day: the milk (15:00 local) was bought yesterday, the yogurt today.
        let east = ShoppingList.splitRecent(history, days: 0, now: Clock.now, calendar: .fixed(hours: 14))
        #expect(list.names(east.recent) == ["Yogurt"])
    }
}
