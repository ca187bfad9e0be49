import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

/// The purchase log's operations on a list in memory (SPEC section 10).
@Suite struct PurchaseLogTests {
    /// The fixture (its tests keep an empty log counted as loaded beside it, as `unbuy` and `history` see it).
    static func loaded() throws -> ShoppingList {
        try ShoppingList.fixture()
    }

    @Test func buyLogsOnePurchaseEachWithTheOptionsWhichBecomeTheItems() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let store = Store(name: "Corner", locationIDs: [])
        let details = PurchaseDetails(
            quantity: 3, price: TypedPrice(price: Price(cents: 249)!, unit: nil), store: store)
        _ = try list.buy([list.id("Milk"), list.id("apples")], at: Clock.now, details: details, log: &log)
        let purchases = log.purchases
        #expect(purchases.map(\.name) == ["Milk", "apples"])
        #expect(
            purchases.allSatisfy {
                $0.wholeCount == 3 && $0.price == UnitPrice(tenThousandths: 24900) && $0.store == "Corner"
            })
        #expect(purchases.first?.lineTotal == Price(cents: 747))
        #expect(list.item(named: "Milk")?.quantity == 3 && list.item(named: "Milk")?.price == Price(cents: 249))
        #expect(list.item(named: "Milk")?.dateLastPurchased == Clock.now && list.item(named: "Milk")?.onList == false)
    }

    @Test func anAmountThatIsNoWholeCountIsLoggedAsItIsAtItsPricePerUnit() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        var changes = ItemChanges()
        changes.quantity = try Validation.amount("1.5 kg")
        changes.price = .set(try #require(Price(cents: 200)))
        _ = try list.edit(list.id("Milk"), changes)
        _ = try list.buy([list.id("Milk")], at: Clock.now, details: PurchaseDetails(), log: &log)
        let purchase = try #require(log.purchases.first)
        #expect(purchase.amount == (try Amount(parsing: "1.5 kg")) && purchase.priceUnit.symbol == "kg")
        #expect(purchase.price == UnitPrice(tenThousandths: 20000) && purchase.lineTotal == Price(cents: 300))
    }

    @Test func anItemAlreadyBoughtIsLoggedOnlyForAReceiptEnteredLater() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.now, log: &log)
        let again = try list.buy([milk], at: Clock.now, log: &log)
        #expect(again.first?.kind == .unchanged && log.purchases.count == 1)
        // A receipt from three days ago: logged, and the item's date stays the later one.
        let receipt = try list.buy([milk], at: Clock.now, details: PurchaseDetails(date: Clock.daysAgo(3)), log: &log)
        #expect(receipt.first?.kind == .changed && log.purchases.count == 2)
        #expect(list.item(milk)?.dateLastPurchased == Clock.now)
    }

    @Test func unbuyDeletesTheLatestPurchaseAndRestoresTheDateBeforeIt() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.daysAgo(8), log: &log)
        _ = try list.add(["Milk"])
        _ = try list.buy([milk], at: Clock.now, log: &log)
        _ = try list.unbuy([milk], deletingLatestPurchase: true, log: &log)
        #expect(list.item(milk)?.onList == true && list.item(milk)?.dateLastPurchased == Clock.daysAgo(8))
        #expect(log.purchases.map(\.date) == [Clock.daysAgo(8)])
        _ = try list.unbuy([milk], deletingLatestPurchase: true, log: &log)
        #expect(list.item(milk)?.dateLastPurchased == nil && log.purchases.isEmpty)
    }

    @Test func unbuyOfTheOnlyPurchaseRestoresTheDateFromBeforeTheLog() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let milk = list.id("Milk")
        var item = list.item(milk)!
        item.dateLastPurchased = Clock.daysAgo(40)  // bought before the log existed
        list.itemsByID[milk] = item
        _ = try list.buy([milk], at: Clock.now, log: &log)
        _ = try list.unbuy([milk], deletingLatestPurchase: true, log: &log)
        #expect(list.item(milk)?.dateLastPurchased == Clock.daysAgo(40))
    }

    @Test func dropTakesItemsOffWithoutAPurchaseOrADate() throws {
        let log = PurchaseLog()
        var list = try Self.loaded()
        let outcomes = try list.drop([list.id("Milk")])
        #expect(outcomes.first?.kind == .changed)
        #expect(list.item(named: "Milk")?.onList == false && list.item(named: "Milk")?.dateLastPurchased == nil)
        #expect(log.purchases.isEmpty)
    }

    @Test func removeKeepsThePurchasesUnderTheNameTheyWereBoughtAs() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.now, log: &log)
        _ = try list.edit(milk, ItemChanges(name: "Whole milk"))
        _ = try list.remove([milk])
        #expect(list.history(PurchaseFilter(), calendar: .utc, in: log).map(\.name) == ["Milk"])
    }

    @Test func historyFiltersByNameDaysAndStore() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        let corner = Store(name: "Corner", locationIDs: [])
        _ = try list.buy([list.id("Milk")], at: Clock.daysAgo(10), details: PurchaseDetails(store: corner), log: &log)
        _ = try list.add(["Milk"])
        _ = try list.buy([list.id("Milk")], at: Clock.now, log: &log)
        _ = try list.buy([list.id("apples")], at: Clock.daysAgo(2), log: &log)
        let all = list.history(PurchaseFilter(), calendar: .utc, in: log)
        #expect(all.map(\.date) == [Clock.now, Clock.daysAgo(2), Clock.daysAgo(10)])
        #expect(list.history(PurchaseFilter(search: "MIL"), calendar: .utc, in: log).count == 2)
        let day = CalendarDay(number: LocalCalendar.utc.dayNumber(of: Clock.daysAgo(2)))
        #expect(list.history(PurchaseFilter(since: day, until: day), calendar: .utc, in: log).map(\.name) == ["apples"])
        #expect(list.history(PurchaseFilter(store: corner), calendar: .utc, in: log).map(\.date) == [Clock.daysAgo(10)])
        #expect(throws: HistoryError.self) {
            try PurchaseFilter(since: CalendarDay(number: 10), until: CalendarDay(number: 9)).validate()
        }
    }

    @Test func spendingGroupsByISOWeekMonthYearAndCountsUnpricedApart() throws {
        var log = PurchaseLog()
        var list = try Self.loaded()
        func day(_ text: String) throws -> Date {
            try CalendarDay.parse(text).get().instant(hour: 12, in: .utc)
        }
        _ = try list.buy(
            [list.id("Milk")], at: try day("2026-12-31"),
            details: PurchaseDetails(price: TypedPrice(price: Price(cents: 100)!, unit: nil)), log: &log)
        _ = try list.buy(
            [list.id("apples")], at: try day("2027-01-01"),
            details: PurchaseDetails(price: TypedPrice(price: Price(cents: 250)!, unit: nil)), log: &log)
        _ = try list.buy([list.id("Batteries")], at: try day("2027-01-04"), log: &log)
        let weeks = list.spending(by: .week, PurchaseFilter(), calendar: .utc, in: log)
        #expect(weeks.map(\.group) == ["2026-W53", "2027-W01"])
        #expect(weeks.map { $0.from.description } == ["2026-12-28", "2027-01-04"])
        #expect(weeks[0].totals.total == Price(cents: 350) && weeks[0].totals.purchases == 2)
        #expect(weeks[1].totals.unpriced == 1 && weeks[1].totals.total == Price(cents: 0))
        let months = list.spending(by: .month, PurchaseFilter(), calendar: .utc, in: log)
        #expect(months.map(\.group) == ["2026-12", "2027-01"] && months[1].until.description == "2027-01-31")
        #expect(list.spending(by: .year, PurchaseFilter(), calendar: .utc, in: log).map(\.group) == ["2026", "2027"])
        let stores = list.spending(by: .store, PurchaseFilter(), calendar: .utc, in: log)
        #expect(stores.count == 1 && stores[0].group == nil && stores[0].totals.purchases == 3)
        #expect(
            list.spending(by: .location, PurchaseFilter(), calendar: .utc, in: log).map(\.group) == [
                "Dairy", "Produce", "Unknown Location",
            ])
    }

    @Test func datesParseStrictly() throws {
        #expect(try CalendarDay.parse("2026-11-22").get().description == "2026-11-22")
        for word in ["yesterday", "2026-1-2", "22/11/2026", "", "2026-11-22T10:00:00Z"] {
            #expect(throws: CalendarDay.ParseFailure.malformed) { try CalendarDay.parse(word).get() }
        }
        for impossible in ["2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31"] {
            #expect(throws: CalendarDay.ParseFailure.invalid) { try CalendarDay.parse(impossible).get() }
        }
        #expect(try CalendarDay.parse("1969-12-31").get().number == -1)
    }
}
