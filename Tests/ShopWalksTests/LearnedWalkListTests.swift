import Foundation
import ShopModelTests
import Testing

@testable import ShopModel
@testable import ShopWalks

/// `ShoppingList.learnedWalk(of:from:calendar:)`: which purchases of the log make a store's trips, and where
/// each one counts.
@Suite struct LearnedWalkListTests {
    @Test func tripsComeFromTheStoresPurchasesAtTheItemsLocationsNow() throws {
        var list = ShoppingList()
        let produce = try list.addLocation(named: "Produce").id
        let dairy = try list.addLocation(named: "Dairy").id
        let bakery = try list.addLocation(named: "Bakery").id
        let deli = try list.addLocation(named: "Deli").id
        let market = try list.addStore(named: "Market", walking: [produce, bakery, dairy])
        let other = try list.addStore(named: "Other", walking: [])
        _ = try list.add(["apples"], applying: ItemChanges(locationID: produce))
        _ = try list.add(["milk"], applying: ItemChanges(locationID: dairy))
        _ = try list.add(["bread"], applying: ItemChanges(locationID: bakery))
        _ = try list.add(["ham", "gone"], applying: ItemChanges(locationID: deli))
        _ = try list.add(["batteries"])  // the Unknown Location
        let id = { (name: String) in list.item(named: name)!.id }
        let (apples, milk, bread, ham, gone, batteries) = (
            id("apples"), id("milk"), id("bread"), id("ham"), id("gone"), id("batteries")
        )
        var log = PurchaseLog()
        func buy(_ item: Item.ID, day: Int, minute: Int, store: Store?, name: String? = nil) {
            log.add(
                Purchase(
                    itemID: item, name: "x", date: WalkFixture.time(day: day, minute: minute), quantity: 1,
                    store: name ?? store?.name, storeID: store?.id))
        }
        for day in 20_000..<20_003 {
            // Unknown-location and removed items first: they must not count as visits.
            buy(batteries, day: day, minute: 0, store: market)
            buy(gone, day: day, minute: 1, store: market)
            buy(apples, day: day, minute: 2, store: market)
            buy(milk, day: day, minute: 3, store: market)
            buy(bread, day: day, minute: 4, store: market)
            buy(ham, day: day, minute: 5, store: market)
            buy(bread, day: day, minute: 6, store: other)
            buy(milk, day: day, minute: 7, store: other)
        }
        // Logged under the store's name with no id (a store named in `buy --store` before it existed).
        buy(milk, day: 20_010, minute: 1, store: nil, name: "MARKET")
        buy(bread, day: 20_010, minute: 2, store: nil, name: "MARKET")
        _ = try list.remove([gone])

        let proposal = try #require(list.learnedWalk(of: market.id, from: log, calendar: .utc))
        #expect(proposal.trips == 4)
        #expect(proposal.proposed == [produce, dairy, bakery])
        #expect(proposal.moves.map(\.agreeing) == [4] && proposal.moves.first?.before == dairy)
        #expect(proposal.unlisted == [WalkProposal.Unlisted(location: deli, trips: 3)])
        let atOther = try #require(list.learnedWalk(of: other.id, from: log, calendar: .utc))
        #expect(atOther.trips == 3 && atOther.proposed == [] && atOther.unlisted.count == 2)
        #expect(list.learnedWalk(of: Store.ID.random(), from: log, calendar: .utc) == nil)
    }
}
