import Foundation
import ShopJSON
import ShopModel
import ShopModelTests
import ShopTestSupport
import ShopWalks

/// The seeded replay of SPEC section 15: simulated shoppers walking a store's true order with noise, the
/// store rearranged halfway, and three ways of learning the walk from their trips.
///
/// A shopper's store has ``locationCount`` locations in a true order; the walk they first entered is a
/// shuffle of it (nothing known). Each trip walks the true order and, on the way:
/// - skips a location with probability 0.25 (nothing needed there);
/// - buys 1 to 3 items at each location visited, 20 to 120 seconds apart;
/// - with probability 0.3 doubles back at the end for something forgotten at a random location (when that
///   location was skipped, its first purchase comes last: misleading evidence);
/// - ticks off each item late with probability 0.15 (in the cart first, ticked 1 to 4 stops later);
/// - with probability 0.3 picks one item out of order (a location's first purchase happens at a random
///   point of the walk: an item from a display elsewhere).
/// After ``tripsBefore`` trips, 3 locations move to new places (the rearrangement), and the shopper makes
/// ``tripsAfter`` more trips in the new order.
struct WalkReplay {
    static let locationCount = 15
    static let tripsBefore = 10
    static let tripsAfter = 12

    /// One shopper's figures.
    struct Shopper {
        /// Pairs in the wrong order after ``tripsBefore`` trips: learned, last trip, counts.
        var before: [Int]
        /// Pairs in the wrong order after k trips in the rearranged store (index k - 1), per method.
        var after: [[Int]]
    }

    /// The three methods compared (a column of ``Shopper/before``).
    enum Method: Int, CaseIterable {
        /// `shop store learn`: weighted evidence, decay, 3 trips and 75% before a pair moves.
        case learned
        /// The last trip's order: the locations it visited, in its order, in the places they held.
        case lastTrip
        /// Pairwise counts with no decay: the order contradicting the fewest trips, any majority decides.
        case counts
    }

    /// The counts baseline's rules: no decay, one trip, a strict majority.
    static let countRules = WalkLearningRules(halfLife: nil, minimumTrips: 1, agreement: 0.5)

    static func run(shoppers: Int, seed: UInt64) -> [Shopper] {
        var generator = SeededGenerator(seed: seed)
        return (0..<shoppers).map { _ in shopper(using: &generator) }
    }

    static func shopper(using generator: inout SeededGenerator) -> Shopper {
        let locations = (0..<locationCount).map { _ in Location.ID.random(using: &generator) }
        let items = locations.map { location in (0..<3).map { _ in (Item.ID.random(using: &generator), location) } }
        var itemLocation: [Item.ID: Location.ID] = [:]
        for (item, location) in items.joined() { itemLocation[item] = location }
        let store = Store.ID.random(using: &generator)
        var truth = locations.shuffled(using: &generator)
        let initial = locations.shuffled(using: &generator)
        var purchases: [Purchase] = []
        var day = 20_000
        func trip() -> [Trip] {
            purchases += walk(truth, items: items, store: store, day: day, using: &generator)
            day += 1 + Int.random(in: 0..<6, using: &generator)
            return Trip.trips(
                in: purchases, where: { $0.storeID == store }, location: { itemLocation[$0] }, calendar: .utc)
        }
        var trips: [Trip] = []
        var lastTripWalk = initial
        for _ in 0..<tripsBefore {
            trips = trip()
            lastTripWalk = reordered(lastTripWalk, by: trips.last!)
        }
        let learned = WalkProposal(current: initial, trips: trips).proposed!
        let counted = WalkProposal(current: initial, trips: trips, rules: countRules).proposed!
        let before = [learned, lastTripWalk, counted].map { wrongPairs($0, truth) }
        truth = rearranged(truth, using: &generator)
        var after: [[Int]] = []
        for _ in 0..<tripsAfter {
            trips = trip()
            lastTripWalk = reordered(lastTripWalk, by: trips.last!)
            after.append([
                wrongPairs(WalkProposal(current: learned, trips: trips).proposed!, truth),
                wrongPairs(lastTripWalk, truth),
                wrongPairs(WalkProposal(current: counted, trips: trips, rules: countRules).proposed!, truth),
            ])
        }
        return Shopper(before: before, after: after)
    }

    /// One trip's purchases along `order`, with the noise described above.
    static func walk(
        _ order: [Location.ID], items: [[(Item.ID, Location.ID)]], store: Store.ID, day: Int,
        using generator: inout SeededGenerator
    ) -> [Purchase] {
        let itemsAt = Dictionary(uniqueKeysWithValues: items.map { ($0[0].1, $0.map(\.0)) })
        var stops: [(Location.ID, Item.ID)] = []
        for location in order where Double.random(in: 0..<1, using: &generator) >= 0.25 {
            let wanted = itemsAt[location]!.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator))
            stops += wanted.map { (location, $0) }
        }
        if Double.random(in: 0..<1, using: &generator) < 0.3 {
            let location = order.randomElement(using: &generator)!
            stops.append((location, itemsAt[location]!.randomElement(using: &generator)!))
        }
        if Double.random(in: 0..<1, using: &generator) < 0.3, stops.count > 1 {
            let location = order.randomElement(using: &generator)!
            let stop = (location, itemsAt[location]!.randomElement(using: &generator)!)
            stops.insert(stop, at: Int.random(in: 0...stops.count, using: &generator))
        }
        var time = Date(timeIntervalSince1970: Double(day) * 86_400 + 10 * 3600)
        let times = stops.map { _ in
            time += Double(Int.random(in: 20...120, using: &generator))
            return time
        }
        return stops.enumerated().map { index, stop in
            // Tapped late: in the cart first, ticked off a few stops later.
            var tapped = times[index]
            if Double.random(in: 0..<1, using: &generator) < 0.15 {
                tapped = times[min(times.count - 1, index + Int.random(in: 1...4, using: &generator))] + 1
            }
            return Purchase(
                id: .random(using: &generator), itemID: stop.1, name: "item", date: tapped, quantity: 1,
                storeID: store)
        }
    }

    /// The store after its rearrangement: 3 locations taken out and put back at random places.
    static func rearranged(_ order: [Location.ID], using generator: inout SeededGenerator) -> [Location.ID] {
        var order = order
        for _ in 0..<3 {
            let moved = order.remove(at: Int.random(in: 0..<order.count, using: &generator))
            order.insert(moved, at: Int.random(in: 0...order.count, using: &generator))
        }
        return order
    }

    /// The last-trip baseline: the locations `trip` visited take the places they held in `walk`, in the
    /// trip's order; the others stay where they were.
    static func reordered(_ walk: [Location.ID], by trip: Trip) -> [Location.ID] {
        let visited = trip.visits.map(\.location)
        let seen = Set(visited)
        var next = visited.makeIterator()
        return walk.map { seen.contains($0) ? next.next()! : $0 }
    }

    /// The pairs of locations that `walk` puts in the other order than `truth`.
    static func wrongPairs(_ walk: [Location.ID], _ truth: [Location.ID]) -> Int {
        var position: [Location.ID: Int] = [:]
        for (index, id) in walk.enumerated() { position[id] = index }
        var wrong = 0
        for (index, a) in truth.enumerated() {
            for b in truth[(index + 1)...] where position[a]! > position[b]! { wrong += 1 }
        }
        return wrong
    }

    /// The median of whole numbers (the lower middle one of an even count).
    static func median(_ values: [Int]) -> Int {
        values.sorted()[(values.count - 1) / 2]
    }
}
