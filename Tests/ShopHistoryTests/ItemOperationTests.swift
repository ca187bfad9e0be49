import Foundation
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

@Suite struct ItemOperationTests {
    @Test func addCreatesOnTheListAtUnknownWithDefaults() throws {
        var list = ShoppingList()
        let outcomes = try list.add(["  Milk "])
        let milk = try #require(list.item(named: "milk"))
        #expect(outcomes == [ItemOutcome(id: milk.id, kind: .created)])
        #expect(milk.name == "Milk" && milk.quantity == 1 && milk.onList && milk.isAvailable)
        #expect(milk.locationID == list.unknownLocationID && milk.dateLastPurchased == nil)
    }

    @Test func addIsCaseInsensitiveAndRelistsKeepingTheDate() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.now, log: &log)
        let outcomes = try list.add(["MILK"], applying: ItemChanges(quantity: 3))
        #expect(outcomes == [ItemOutcome(id: milk, kind: .changed)])
        #expect(list.item(milk)?.onList == true)
        #expect(list.item(milk)?.quantity == 3)
        #expect(list.item(milk)?.dateLastPurchased == Clock.now)
        #expect(list.item(milk)?.name == "Milk")
        #expect(list.itemCount == 5)
    }

    @Test func addOfAnItemAlreadyOnTheListIsUnchanged() throws {
        var list = try ShoppingList.fixture()
        #expect(try list.add(["milk", "Milk"]) == [ItemOutcome(id: list.id("Milk"), kind: .unchanged)])
    }

    @Test func addNeverCompletesAPrefix() throws {
        var list = try ShoppingList.fixture()
        _ = try list.add(["Mil"])
        #expect(list.itemCount == 6)
    }

    @Test func addIsAllOrNothing() throws {
        var list = try ShoppingList.fixture()
        let before = list
        expectError(ShopError.invalidName("  ", kind: .item, problem: .empty)) { _ = try list.add(["Cheese", "  "]) }
        #expect(list == before)
        expectError(ShopError.invalidQuantity(0)) { _ = try list.add(["Cheese"], applying: ItemChanges(quantity: 0)) }
        expectError(ShopError.invalidEvery(0)) {
            _ = try list.add(["Cheese"], applying: ItemChanges(restock: .set(.days(0))))
        }
        #expect(list == before)
    }

    @Test func addAppliesEveryOption() throws {
        var list = try ShoppingList.fixture()
        let bakery = try list.resolveLocation("bak")
        let changes = ItemChanges(
            quantity: 2, locationID: bakery, price: .set(Price(cents: 350)!), starred: true,
            note: .set("sliced"), restock: .set(.days(7)))
        _ = try list.add(["Bread"], applying: changes)
        let bread = try #require(list.item(named: "bread"))
        #expect(bread.quantity == 2 && bread.locationID == bakery && bread.price?.cents == 350)
        #expect(bread.starred && bread.note == "sliced" && bread.restock == .days(7))
    }

    @Test func buyStampsNowInWholeSecondsAndLeavesBoughtItemsAlone() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        let outcomes = try list.buy([milk, milk], at: Clock.now.addingTimeInterval(0.75), log: &log)
        #expect(outcomes == [ItemOutcome(id: milk, kind: .changed)])
        #expect(list.item(milk)?.onList == false)
        #expect(list.item(milk)?.dateLastPurchased == Clock.now)
        let again = try list.buy([milk], at: Clock.now.addingTimeInterval(60), log: &log)
        #expect(again == [ItemOutcome(id: milk, kind: .unchanged)])
        #expect(list.item(milk)?.dateLastPurchased == Clock.now)
    }

    @Test func buyAllSkipsUnavailableItems() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        _ = try list.setAvailable(false, [list.id("Yogurt")])
        let bought = try list.buyAll(at: Clock.now, log: &log).outcomes
        #expect(bought.count == 4)
        #expect(list.names(list.walkingOrder(list.items.filter(\.onList))) == ["Yogurt"])
    }

    @Test func unbuyKeepsTheDate() throws {
        var log = PurchaseLog()
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        _ = try list.buy([milk], at: Clock.now, log: &log)
        #expect(try list.unbuy([milk]) == [ItemOutcome(id: milk, kind: .changed)])
        #expect(list.item(milk)?.onList == true && list.item(milk)?.dateLastPurchased == Clock.now)
        #expect(try list.unbuy([milk]) == [ItemOutcome(id: milk, kind: .unchanged)])
    }

    @Test func availability() throws {
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        #expect(try list.setAvailable(false, [milk]) == [ItemOutcome(id: milk, kind: .changed)])
        #expect(list.item(milk)?.isAvailable == false && list.item(milk)?.onList == true)
        #expect(list.makeAllAvailable() == [ItemOutcome(id: milk, kind: .changed)])
        #expect(list.makeAllAvailable().isEmpty)
    }

    @Test func editChangesFieldsAndRenamesUniquely() throws {
        var list = try ShoppingList.fixture()
        let milk = list.id("Milk")
        _ = try list.edit(milk, ItemChanges(price: .set(Price(cents: 110)!), note: .set("x"), restock: .set(.days(3))))
        #expect(
            try list.edit(milk, ItemChanges(name: "MILK", price: .clear, note: .clear, restock: .clear)).kind
                == .changed)
        let edited = try #require(list.item(milk))
        #expect(edited.name == "MILK" && edited.price == nil && edited.note == nil && edited.restock == nil)
        #expect(list.item(named: "milk")?.id == milk)
        expectError(ShopError.duplicateName("yogurt", kind: .item, existing: "Yogurt")) {
            _ = try list.edit(milk, ItemChanges(name: "yogurt"))
        }
        _ = try list.edit(milk, ItemChanges(name: "Whole milk"))
        #expect(list.item(named: "milk") == nil)
        #expect(list.item(named: "whole MILK")?.id == milk)
        #expect(try list.edit(milk, ItemChanges()).kind == .unchanged)
    }

    @Test func removeDeletesForGood() throws {
        var list = try ShoppingList.fixture()
        let removed = try list.remove([list.id("Milk"), list.id("Milk")])
        #expect(removed.map(\.name) == ["Milk"])
        #expect(list.item(named: "milk") == nil && list.itemCount == 4)
    }

    @Test func pricesTotalExactly() throws {
        var list = ShoppingList()
        _ = try list.add(["a"], applying: ItemChanges(price: .set(try Validation.price("1.10"))))
        _ = try list.add(["b"], applying: ItemChanges(price: .set(try Validation.price("2.20"))))
        let total = list.items.compactMap(\.lineTotal).reduce(0) { $0 + $1.cents }
        #expect(Price(cents: total)?.description == "3.30")
    }
}
