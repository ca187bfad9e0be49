import Foundation
import Testing

@testable import ShopModel

/// ``ListView``: one walk, one sort, the groups and the totals that every list renderer formats.
@Suite struct ListViewTests {
    /// The fixture with a Deli (order 20) and priced items in it and in Dairy.
    private func list() throws -> ShoppingList {
        var list = try ShoppingList.fixture()
        let deli = try list.addLocation(named: "Deli", order: 20)
        _ = try list.add(
            ["ham"], applying: ItemChanges(quantity: 2, locationID: deli.id, price: .set(Price(cents: 350)!)))
        _ = try list.add(["Milk"], applying: ItemChanges(price: .set(Price(cents: 119)!)))
        return list
    }

    @Test func itsOrderAndGroupsAreTheWalksWithoutAStore() throws {
        let list = try list()
        let view = list.view(of: list.items.filter(\.onList).reversed(), at: nil)
        #expect(list.names(view.items) == list.names(list.walkingOrder(list.items.filter(\.onList))))
        #expect(view.groups.flatMap(\.items) == view.items)
        #expect(view.totals == ListTotals(all: 700 + 119, atStore: nil, elsewhere: nil))
    }

    @Test func atAStoreTheTotalsSplitWhatIsThereFromWhatIsNot() throws {
        var list = try list()
        let store = try list.addStore(named: "Market", walking: [list.location(named: "Deli")!.id])
        let view = list.view(of: list.items.filter(\.onList), at: store)
        #expect(view.store == store)
        #expect(view.groups.first?.location.name == "Deli" && view.groups.first?.isAtStore == true)
        #expect(view.totals == ListTotals(all: 819, atStore: 700, elsewhere: 119))
    }

    @Test func withoutPricesThereIsNoTotal() throws {
        let list = try ShoppingList.fixture()
        let view = list.view(of: list.items.filter(\.onList), at: nil)
        #expect(view.totals == ListTotals(all: nil, atStore: nil, elsewhere: nil))
        #expect(list.view(of: [], at: nil).groups.isEmpty)
    }
}
