import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

@Suite struct RestockAndTimerTests {
    @Test func dueItemsAreOffTheListWithElapsedIntervals() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        for (name, every) in [("Milk", 7), ("Yogurt", 7), ("apples", 3), ("Bananas", 30)] {
            _ = try list.edit(list.id(name), ItemChanges(restock: .set(.days(every))))
        }
        _ = try list.buy([list.id("Milk")], at: Clock.daysAgo(7), log: &log)  // 7 calendar days ago: due
        _ = try list.buy([list.id("Yogurt")], at: Clock.daysAgo(6), log: &log)  // 6 calendar days: not yet
        _ = try list.buy([list.id("Bananas")], at: Clock.daysAgo(40), log: &log)
        _ = try list.buy([list.id("Batteries")], at: Clock.daysAgo(400), log: &log)  // no interval: never due
        // apples: on the list already, so not due.
        #expect(list.names(list.dueForRestock(at: Clock.now, in: log)) == ["Bananas", "Milk"])
        let restocked = list.restock(at: Clock.now, in: log)
        #expect(restocked.count == 2)
        #expect(
            list.item(named: "Milk")?.onList == true && list.item(named: "Milk")?.dateLastPurchased == Clock.daysAgo(7))
        #expect(list.dueForRestock(at: Clock.now, in: log).isEmpty)
    }

    @Test func neverBoughtItemsWithAnIntervalAreDue() throws {
        var log = PurchaseLog()
        var list = ShoppingList()
        _ = try list.add(["Coffee"], applying: ItemChanges(restock: .set(.days(14))))
        _ = try list.remove([])  // no-op
        let coffee = list.item(named: "Coffee")!.id
        _ = try list.edit(coffee, ItemChanges())
        var off = list
        _ = try off.buy([coffee], at: Clock.now, log: &log)
        _ = try off.edit(coffee, ItemChanges())
        #expect(off.dueForRestock(at: Clock.now, in: log).isEmpty)
        var never = ShoppingList()
        let item = Item(name: "Tea", onList: false, locationID: never.unknownLocationID, restock: .days(7))
        never = try ShoppingList(items: [item], locations: [never.unknownLocation])
        #expect(never.names(never.dueForRestock(at: Clock.now, in: log)) == ["Tea"])
    }

    @Test func timerCountsAcrossCommands() {
        var list = DeviceState()
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
