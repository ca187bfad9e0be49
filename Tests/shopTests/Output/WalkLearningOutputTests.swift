import Foundation
import Testing

@testable import ShopKit
@testable import shop

/// The text of `shop store learn`: the evidence lines, the share that decided a pair the counts alone do
/// not explain, and the cap on long lists of pairs.
@Suite struct WalkLearningOutputTests {
    /// A list with locations named L1...Ln and the store Market walking them in that order.
    private func market(_ count: Int) throws -> (ShoppingList, [Location.ID], Store) {
        var list = ShoppingList()
        let ids = try (1...count).map { (index) throws(ShopError) in try list.addLocation(named: "L\(index)").id }
        let store = try list.addStore(named: "Market", walking: ids)
        return (list, ids, store)
    }

    private func trip(_ day: Int, _ order: [Location.ID]) -> Trip {
        Trip(
            day: day,
            visits: order.enumerated().map {
                Trip.Visit(location: $1, at: Date(timeIntervalSince1970: Double(day * 86_400 + $0 * 60)))
            })
    }

    @Test func aPairDecidedByRecentTripsSaysItsWeightedShare() throws {
        let (list, ids, store) = try market(2)
        // 4 old trips walked L1 first, the 6 newest L2 first: 6 of 10 trips, 78% of the weight.
        let trips =
            (0..<4).map { trip(20_000 + $0, [ids[0], ids[1]]) } + (4..<10).map { trip(20_000 + $0, [ids[1], ids[0]]) }
        let proposal = WalkProposal(current: store.locationIDs, trips: trips)
        let text = WalkLearningOutput.text(proposal, store: store, in: list, style: .plain)
        #expect(text.contains("  L2 before L1: 6 of 10 trips (78% with recent trips weighing more)\n"), "\(text)")
        #expect(text.contains("  2  L1  (moved from 1)\n") || text.contains("  1  L2  (moved from 2)\n"), "\(text)")
        let json = WalkLearningOutput.json(proposal, store: store, applied: false, in: list)
        #expect(json.contains("\"percent\" : 78"), "\(json)")
    }

    @Test func longListsOfPairsAreCutAfterTwenty() throws {
        // Eight locations walked in reverse on 3 trips: 28 pairs turned around, 20 shown.
        let (list, ids, store) = try market(8)
        let trips = (0..<3).map { trip(20_000 + $0, ids.reversed()) }
        let text = WalkLearningOutput.text(
            WalkProposal(current: store.locationIDs, trips: trips), store: store, in: list, style: .plain)
        #expect(text.contains("  L8 before L7: 3 of 3 trips\n"), "\(text)")
        #expect(text.contains("  ... and 8 more pairs ('--json' lists them all)\n"), "\(text)")
        #expect(text.split(separator: "\n").filter { $0.contains(" before ") }.count == 20)
    }
}
