import Foundation
import ShopModelTests
import Testing

@testable import ShopModel
@testable import ShopWalks

/// Trips from the purchase log (SPEC section 15): one store, one local day, purchases at distinct times.
@Suite struct TripTests {
    let places = WalkFixture.locations(4)
    let store = Store.ID.random()
    let otherStore = Store.ID.random()
    /// Items 0-3 are at places 0-3; item 4 at place 0 too; item 5 has no place (removed, or Unknown).
    let items = (0..<6).map { _ in Item.ID.random() }

    func location(_ item: Item.ID) -> Location.ID? {
        guard let index = items.firstIndex(of: item), index < 5 else { return nil }
        return places[index % 4]
    }

    func purchase(_ item: Int, day: Int = 20_000, minute: Int, second: Int = 0, at store: Store.ID? = nil) -> Purchase {
        Purchase(
            itemID: items[item], name: "item \(item)",
            date: WalkFixture.time(day: day, minute: minute).addingTimeInterval(Double(second)), quantity: 1,
            storeID: store ?? self.store)
    }

    func trips(_ purchases: [Purchase], calendar: LocalCalendar = .utc) -> [Trip] {
        Trip.trips(in: purchases, where: { $0.storeID == store }, location: location, calendar: calendar)
    }

    @Test func aDayOfPurchasesAtDistinctTimesIsATripOrderedByFirstVisits() {
        let found = trips([purchase(2, minute: 3), purchase(0, minute: 1), purchase(1, minute: 2)])
        #expect(found == [WalkFixture.trip([places[0], places[1], places[2]])])
    }

    @Test func buyAllGivesOneTimeAndTeachesNothing() {
        // `buy --all` (and a receipt entered with --date) logs every item at one time: no trip.
        let allAtOnce = (0..<4).map { purchase($0, minute: 5) }
        #expect(trips(allAtOnce).isEmpty)
        // One more purchase at another time that day makes it a trip, in which the batch is one tie.
        let found = trips(allAtOnce + [purchase(1, minute: 9)])
        #expect(found.count == 1)
        let evidence = WalkEvidence(trips: found, locations: places)
        for a in 0..<4 {
            for b in 0..<4 { #expect(evidence.count(a, before: b) == 0, "a tie is no order: \(a), \(b)") }
        }
    }

    @Test func doublingBackKeepsTheFirstVisit() {
        // Place 0 first at minute 1, back there at minute 4 (item 4 is at place 0 too).
        let found = trips([
            purchase(0, minute: 1), purchase(1, minute: 2), purchase(4, minute: 4), purchase(2, minute: 3),
        ])
        #expect(found.first?.visits.map(\.location) == [places[0], places[1], places[2]])
        #expect(found.first?.visits.first?.at == WalkFixture.time(day: 20_000, minute: 1))
    }

    @Test func otherStoresOtherDaysAndPlacelessItemsAreKeptApart() {
        let purchases = [
            purchase(0, minute: 1), purchase(1, minute: 2),  // day 20000: a trip
            purchase(2, minute: 3, at: otherStore),  // another store: not part of it
            purchase(5, minute: 4),  // an item with no place: skipped
            purchase(3, day: 20_001, minute: 1),  // the next day: one time only, no trip
            purchase(3, day: 20_002, minute: 1), purchase(2, day: 20_002, minute: 7),  // a second trip
        ]
        let found = trips(purchases.reversed())
        #expect(found.map(\.day) == [20_000, 20_002], "oldest first, whatever the log's order")
        #expect(found[0].visits.map(\.location) == [places[0], places[1]])
        #expect(found[1].visits.map(\.location) == [places[3], places[2]])
        #expect(
            Trip.trips(in: purchases, where: { $0.storeID == otherStore }, location: location, calendar: .utc).isEmpty)
    }

    @Test func daysAreLocalCalendarDays() {
        // 23:30 and 00:30 UTC are one day at UTC+2 (01:30 and 02:30 the next day), two days in UTC.
        let late = Purchase(
            itemID: items[0], name: "a", date: Date(timeIntervalSince1970: 20_000 * 86_400 + 23.5 * 3600),
            quantity: 1, storeID: store)
        let early = Purchase(
            itemID: items[1], name: "b", date: Date(timeIntervalSince1970: 20_001 * 86_400 + 0.5 * 3600),
            quantity: 1, storeID: store)
        #expect(trips([late, early]).isEmpty)
        #expect(trips([late, early], calendar: .fixed(hours: 2)).map(\.day) == [20_001])
    }

    @Test func evidenceCountsEachTripOnceAndWeighsRecentTripsMore() {
        let (a, b) = (places[0], places[1])
        // Three trips a, b, then the newest b, a.
        let found = WalkFixture.trips(3, [a, b]) + [WalkFixture.trip(day: 20_010, [b, a])]
        let evidence = WalkEvidence(trips: found, locations: [a, b])
        #expect(evidence.count(0, before: 1) == 3 && evidence.count(1, before: 0) == 1)
        #expect(evidence.weight(1, before: 0) == 65_536, "the newest trip weighs in full")
        // Ages 1, 2, 3 at a half-life of 4: 2^(-1/4) + 2^(-1/2) + 2^(-3/4), times 65,536.
        #expect(evidence.weight(0, before: 1) == 55_109 + 46_341 + 38_968)
        #expect(WalkEvidence.weight(age: 4, halfLife: 4) == 32_768)
        #expect(WalkEvidence.weight(age: 400, halfLife: 4) == 1, "an old trip still counts, barely")
        #expect(WalkEvidence.weight(age: 400, halfLife: nil) == 65_536)
    }
}
