import Foundation
import Testing

@testable import ShopKit

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
        var list = try ShoppingList.fixture()
        _ = try list.buyAll(at: Clock.now)
        #expect(list.names(list.history()) == ["apples", "Bananas", "Batteries", "Milk", "Yogurt"])
        #expect(list.names(list.history(matching: "AN")) == ["Bananas"])
        #expect(list.names(list.history(matching: "")).count == 5)
    }

    @Test func recentSplitsByLocalCalendarDay() throws {
        var list = try ShoppingList.fixture()
        _ = try list.buy([list.id("Milk")], at: Clock.now.addingTimeInterval(-9 * 3600))  // 01:00 UTC today
        _ = try list.buy([list.id("apples")], at: Clock.daysAgo(1))
        _ = try list.buy([list.id("Bananas")], at: Clock.daysAgo(10))
        _ = try list.buy([list.id("Yogurt")], at: Clock.now)
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

@Suite struct ResolutionTests {
    @Test func exactMatchWinsOverPrefix() throws {
        var list = try ShoppingList.fixture()
        _ = try list.add(["Milk chocolate"])
        #expect(try list.resolveItem("milk") == list.id("Milk"))
        #expect(try list.resolveItem("milk c") == list.id("Milk chocolate"))
    }

    @Test func uniquePrefixAmongTheScope() throws {
        var list = try ShoppingList.fixture()
        _ = try list.buy([list.id("Bananas")], at: Clock.now)
        // "ba" is ambiguous among all items but unique among those on the list.
        #expect(try list.resolveItem("ba", in: .onList) == list.id("Batteries"))
        #expect(try list.resolveItem("ba", in: .purchased) == list.id("Bananas"))
        expectError(ShopError.ambiguous("ba", kind: .item, candidates: ["Bananas", "Batteries"])) {
            _ = try list.resolveItem("ba", in: .all)
        }
    }

    @Test func notFoundCarriesSuggestions() throws {
        let list = try ShoppingList.fixture()
        expectError(ShopError.notFound("milx", kind: .item, candidates: ["Milk"])) { _ = try list.resolveItem("milx") }
        expectError(ShopError.notFound("zzz", kind: .item, candidates: [])) { _ = try list.resolveItem("zzz") }
    }

    @Test func byIDPrefix() throws {
        let list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        let prefix = String(milk.hexDigits.prefix(8)).lowercased()
        #expect(try list.resolveItem("id:\(prefix)") == milk)
        #expect(try list.resolveItem("id:\(milk.description)") == milk)
        expectError(ShopError.invalidIDPrefix("id:12")) { _ = try list.resolveItem("id:12") }
        expectError(ShopError.invalidIDPrefix("id:xyzw")) { _ = try list.resolveItem("id:xyzw") }
    }

    @Test func locations() throws {
        let list = try ShoppingList.fixture()
        #expect(try list.resolveLocation("PRO") == list.location(named: "produce")!.id)
        #expect(try list.resolveLocation("unknown") == list.unknownLocationID)
        expectError(ShopError.notFound("Deli", kind: .location, candidates: [])) {
            _ = try list.resolveLocation("Deli")
        }
    }

    @Test func tenThousandNamesResolveInOneBatch() throws {
        var list = ShoppingList()
        let names = (0..<10_000).map { "item \($0)" }
        _ = try list.add(names)
        let ids = try list.resolveItems(names.map { $0.uppercased() }, in: .onList)
        #expect(Set(ids).count == 10_000)
        let prefixes = try list.resolveItems(["item 9999", "item 123"], in: .onList)
        #expect(prefixes.count == 2)
    }
}

@Suite struct RestockAndTimerTests {
    @Test func dueItemsAreOffTheListWithElapsedIntervals() throws {
        var list = try ShoppingList.fixture()
        for (name, every) in [("Milk", 7), ("Yogurt", 7), ("apples", 3), ("Bananas", 30)] {
            _ = try list.edit(list.id(name), ItemChanges(every: .set(every)))
        }
        _ = try list.buy([list.id("Milk")], at: Clock.daysAgo(7))  // exactly 7 × 24 h: due
        _ = try list.buy([list.id("Yogurt")], at: Clock.daysAgo(6.9))  // not yet
        _ = try list.buy([list.id("Bananas")], at: Clock.daysAgo(40))
        _ = try list.buy([list.id("Batteries")], at: Clock.daysAgo(400))  // no interval: never due
        // apples: on the list already, so not due.
        #expect(list.names(list.dueForRestock(at: Clock.now)) == ["Bananas", "Milk"])
        let restocked = list.restock(at: Clock.now)
        #expect(restocked.count == 2)
        #expect(
            list.item(named: "Milk")?.onList == true && list.item(named: "Milk")?.dateLastPurchased == Clock.daysAgo(7))
        #expect(list.dueForRestock(at: Clock.now).isEmpty)
    }

    @Test func neverBoughtItemsWithAnIntervalAreDue() throws {
        var list = ShoppingList()
        _ = try list.add(["Coffee"], applying: ItemChanges(every: .set(14)))
        _ = try list.remove([])  // no-op
        let coffee = list.item(named: "Coffee")!.id
        _ = try list.edit(coffee, ItemChanges())
        var off = list
        _ = try off.buy([coffee], at: Clock.now)
        _ = try off.edit(coffee, ItemChanges())
        #expect(off.dueForRestock(at: Clock.now).isEmpty)
        var never = ShoppingList()
        let item = Item(name: "Tea", onList: false, locationID: never.unknownLocationID, every: 7)
        never = try ShoppingList(items: [item], locations: [never.unknownLocation])
        #expect(never.names(never.dueForRestock(at: Clock.now)) == ["Tea"])
    }

    @Test func timerCountsAcrossCommands() {
        var list = ShoppingList()
        let started = list.startTimer(at: Clock.now)
        let startedTwice = list.startTimer(at: Clock.now.addingTimeInterval(5))
        #expect(started && !startedTwice)
        #expect(list.timer.elapsedSeconds(at: Clock.now.addingTimeInterval(90)) == 90)
        let stopped = list.stopTimer(at: Clock.now.addingTimeInterval(100))
        let stoppedTwice = list.stopTimer(at: Clock.now.addingTimeInterval(200))
        #expect(stopped && !stoppedTwice)
        #expect(list.timer.elapsedSeconds(at: Clock.now.addingTimeInterval(999)) == 100)
        _ = list.startTimer(at: Clock.now.addingTimeInterval(1000))
        #expect(list.timer.elapsedSeconds(at: Clock.now.addingTimeInterval(1010)) == 110)
        #expect(list.timer.elapsedSeconds(at: Clock.now) == 100)  // a clock set back never goes negative
        let reset = list.resetTimer()
        let resetTwice = list.resetTimer()
        #expect(reset && !resetTwice && list.timer == StoreTimer())
    }
}

@Suite struct LoadingRulesTests {
    @Test func refusesBrokenRecords() throws {
        let unknown = Location.makeUnknown()
        let dairy = Location(name: "Dairy", visitationOrder: 5)
        func refused(_ items: [Item], _ locations: [Location]) -> Bool {
            do {
                _ = try ShoppingList(items: items, locations: locations)
                return false
            } catch { return error.category == .invalidData }
        }
        #expect(refused([], [unknown, Location.makeUnknown()]))
        #expect(refused([], [unknown, dairy, Location(name: "dairy", visitationOrder: 6)]))
        #expect(refused([], [unknown, Location(name: "X", visitationOrder: 0)]))
        #expect(refused([], [unknown, Location(name: "  ", visitationOrder: 5)]))
        #expect(refused([Item(name: "a", locationID: Location.ID.random())], [unknown]))
        #expect(refused([Item(name: "a", locationID: unknown.id), Item(name: "A", locationID: unknown.id)], [unknown]))
        #expect(refused([Item(name: "a", quantity: 0, locationID: unknown.id)], [unknown]))
        #expect(refused([Item(name: "a", locationID: unknown.id, every: 0)], [unknown]))
        let twin = Item(name: "a", locationID: unknown.id)
        #expect(refused([twin, Item(id: twin.id, name: "b", locationID: unknown.id)], [unknown]))
    }

    @Test func createsAMissingUnknownLocationAndTrimsNames() throws {
        let dairy = Location(name: "Dairy ", visitationOrder: 5)
        let list = try ShoppingList(items: [Item(name: " milk", locationID: dairy.id)], locations: [dairy])
        #expect(list.unknownLocation.isUnknown && list.locations.count == 2)
        #expect(list.item(named: "milk")?.name == "milk" && list.location(named: "dairy")?.name == "Dairy")
    }

    @Test func keepsHostileNamesFromAHandEditedFile() throws {
        let unknown = Location.makeUnknown()
        let list = try ShoppingList(items: [Item(name: "evil\u{1b}[2J", locationID: unknown.id)], locations: [unknown])
        #expect(list.itemCount == 1)
    }
}
