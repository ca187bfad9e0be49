import Foundation
import ShopHistory
import ShopModel
import ShopModelTests
import ShopTestSupport
import Testing

/// The walking order at a store (SPEC section 7) and its tie-breaks.
@Suite struct StoreOrderingTests {
    /// Dairy (10), Produce (5), Bakery (20), Deli (20) and the Unknown Location, with items in each.
    private func list() throws -> ShoppingList {
        var list = try ShoppingList.fixture()
        let deli = try list.addLocation(named: "Deli", order: 20)
        _ = try list.add(["ham", "Brie"], applying: ItemChanges(locationID: deli.id))
        _ = try list.add(["bread"], applying: ItemChanges(locationID: list.location(named: "Bakery")!.id))
        return list
    }

    @Test func withoutAStoreTheOrderIsRuleSeven() throws {
        let list = try list()
        #expect(
            list.names(list.walkingOrder(list.items, at: nil))
                == list.names(list.walkingOrder(list.items.filter(\.onList))))
        #expect(
            list.names(list.walkingOrder(list.items.filter(\.onList)))
                == ["apples", "Bananas", "Milk", "Yogurt", "bread", "Brie", "ham", "Batteries"])
    }

    @Test func atAStoreItsLocationsComeInItsOrderThenUnknownThenTheRest() throws {
        var list = try list()
        let store = try list.addStore(
            named: "Market",
            walking: [list.location(named: "Deli")!.id, list.location(named: "Dairy")!.id])
        let walked = list.walkingOrder(list.items, at: store)
        // Deli, Dairy (the store's order), Unknown (last of the store's), then Produce (5) and Bakery (20)
        // in rule 7's order; within a location, item names case-insensitively.
        #expect(list.names(walked) == ["Brie", "ham", "Milk", "Yogurt", "Batteries", "apples", "Bananas", "bread"])
        let walk = list.walk(at: store)
        #expect(walked.map { walk.isAtStore($0.locationID) } == [true, true, true, true, true, false, false, false])
    }

    @Test func locationsMissingFromAStoreKeepRuleSevenTieBreaks() throws {
        var list = try list()
        // Bakery and Deli share order 20: by name, Bakery first, even when neither is at the store.
        let store = try list.addStore(named: "Tiny", walking: [list.location(named: "Produce")!.id])
        let groups = list.view(of: list.items, at: store).groups
        #expect(groups.map(\.location.name) == ["Produce", "Unknown Location", "Dairy", "Bakery", "Deli"])
        #expect(groups.map(\.isAtStore) == [true, true, false, false, false])
    }

    @Test func itemNameThenIDBreakTiesWithinALocation() throws {
        let unknown = Location.makeUnknown()
        let dairy = Location(name: "Dairy", visitationOrder: 10)
        let low = Item(id: Item.ID(string: "00000000-0000-0000-0000-000000000001")!, name: "milk", locationID: dairy.id)
        let high = Item(
            id: Item.ID(string: "00000000-0000-0000-0000-000000000002")!, name: "Milk!", locationID: dairy.id)
        let upper = Item(name: "Apple", locationID: dairy.id)
        let lower = Item(name: "apple2", locationID: dairy.id)
        let store = Store(name: "S", locationIDs: [dairy.id])
        let list = try ShoppingList(
            items: [high, low, lower, upper], locations: [dairy, unknown], stores: [store])
        #expect(list.names(list.walkingOrder(list.items, at: store)) == ["Apple", "apple2", "milk", "Milk!"])
    }

    @Test func anEmptyStoreHasOnlyTheUnknownLocation() throws {
        var list = try list()
        let store = try list.addStore(named: "Kiosk", walking: [])
        let walk = list.walk(at: store)
        #expect(walk.locations(in: list).map(\.name) == ["Unknown Location"])
        #expect(list.onListCount(at: store) == 1)
        #expect(list.names(list.walkingOrder(list.items, at: store)).first == "Batteries")
    }

    @Test func buyAllAtAStoreBuysOnlyWhatIsThere() throws {
        var log = PurchaseLog()
        var list = try list()
        let store = try list.addStore(named: "Dairy shop", walking: [list.location(named: "Dairy")!.id])
        let outcomes = try list.buyAll(at: Clock.now, details: PurchaseDetails(store: store), log: &log).outcomes
        #expect(Set(outcomes.map(\.id)) == Set(["Milk", "Yogurt", "Batteries"].map(list.id)))
        #expect(list.item(named: "apples")!.onList)
    }

    @Test func buyAllAtAStoreLeavesWhatIsOutOfStockThere() throws {
        var log = PurchaseLog()
        var list = try list()
        let store = try list.addStore(named: "Dairy shop", walking: [list.location(named: "Dairy")!.id])
        _ = try list.setAvailable(false, [list.id("Milk")], at: store.id)
        let (outcomes, unavailable) = try list.buyAll(at: Clock.now, details: PurchaseDetails(store: store), log: &log)
        #expect(Set(outcomes.map(\.id)) == Set(["Yogurt", "Batteries"].map(list.id)))
        #expect(list.names(unavailable) == ["Milk"])
        #expect(list.item(named: "Milk")!.onList && !list.item(named: "Yogurt")!.onList)
    }
}
