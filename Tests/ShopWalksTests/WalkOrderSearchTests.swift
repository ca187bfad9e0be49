import Foundation
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopModel
@testable import ShopWalks

/// The order search of `shop store learn` on small hand-made cases, and the exact search against every
/// permutation.
@Suite struct WalkOrderSearchTests {
    let p = WalkFixture.locations(6)

    @Test func fewerThanThreeTripsProposeNothing() {
        let proposal = WalkProposal(current: [p[0], p[1]], trips: WalkFixture.trips(2, [p[1], p[0]]))
        #expect(proposal.trips == 2 && proposal.proposed == nil && !proposal.changesWalk)
    }

    @Test func noEvidenceKeepsTheCurrentWalk() {
        let walk = Array(p[0..<5])
        let proposal = WalkProposal(current: walk, trips: WalkFixture.trips(3, [p[5]]))
        #expect(proposal.proposed == walk && proposal.moves.isEmpty)
        #expect(proposal.unlisted == [WalkProposal.Unlisted(location: p[5], trips: 3)])
    }

    @Test func aPairMovesWithThreeAgreeingTripsAndSaysSo() {
        let walk = [p[0], p[1], p[2]]
        let proposal = WalkProposal(current: walk, trips: WalkFixture.trips(3, [p[2], p[0]]))
        #expect(proposal.proposed == [p[2], p[0], p[1]] || proposal.proposed == [p[1], p[2], p[0]])
        #expect(
            proposal.moves == [WalkProposal.Evidence(before: p[2], after: p[0], agreeing: 3, trips: 3, percent: 100)])
        #expect(proposal.moved.count == 1, "one location moves, the other keeps its place")
    }

    @Test func twoTripsOrADividedThreeMoveNothing() {
        let walk = [p[0], p[1]]
        // Only two of the three trips visited both.
        var trips = WalkFixture.trips(2, [p[1], p[0]]) + [WalkFixture.trip(day: 20_005, [p[1]])]
        #expect(WalkProposal(current: walk, trips: trips).proposed == walk)
        // Three of four agree, but the one against is the newest: 2.14 of 3.14 weighs 68%, under 75%.
        trips = WalkFixture.trips(3, [p[1], p[0]]) + [WalkFixture.trip(day: 20_009, [p[0], p[1]])]
        #expect(WalkProposal(current: walk, trips: trips).proposed == walk)
        // The one against is the oldest: 2.55 of 3.14 weighs 81%.
        trips = [WalkFixture.trip(day: 19_999, [p[0], p[1]])] + WalkFixture.trips(3, [p[1], p[0]])
        let proposal = WalkProposal(current: walk, trips: trips)
        #expect(proposal.proposed == [p[1], p[0]])
        #expect(
            proposal.moves == [WalkProposal.Evidence(before: p[1], after: p[0], agreeing: 3, trips: 4, percent: 81)])
    }

    @Test func aCycleGivesUpItsWeakestPairAndNamesIt() {
        // c before a on 3 trips (the oldest), b before c on 4, a before b on the 5 newest (all decided): no
        // order keeps all three; the cheapest contradicts the pair with the least weight, c before a.
        let (a, b, c) = (p[0], p[1], p[2])
        let trips =
            WalkFixture.trips(3, [c, a]) + WalkFixture.trips(4, [b, c], from: 20_010)
            + WalkFixture.trips(5, [a, b], from: 20_020)
        let proposal = WalkProposal(current: [c, b, a], trips: trips)
        #expect(proposal.proposed == [a, b, c])
        #expect(
            proposal.contradicted == [WalkProposal.Evidence(before: c, after: a, agreeing: 3, trips: 3, percent: 100)])
        #expect(
            proposal.moves == [
                WalkProposal.Evidence(before: a, after: b, agreeing: 5, trips: 5, percent: 100),
                WalkProposal.Evidence(before: b, after: c, agreeing: 4, trips: 4, percent: 100),
            ])
        // Recency decides, not the count: the same trips with a before b the oldest give that pair up.
        let older =
            WalkFixture.trips(5, [a, b]) + WalkFixture.trips(4, [b, c], from: 20_010)
            + WalkFixture.trips(3, [c, a], from: 20_020)
        let recent = WalkProposal(current: [c, b, a], trips: older)
        #expect(recent.proposed == [b, c, a])
        #expect(
            recent.contradicted == [WalkProposal.Evidence(before: a, after: b, agreeing: 5, trips: 5, percent: 100)])
    }

    @Test func tiesKeepTheCurrentWalk() {
        // Two trips each way on every pair (a tie, so undecided), and a same-second tie: nothing moves.
        let (a, b) = (p[0], p[1])
        let trips = WalkFixture.trips(2, [a, b]) + WalkFixture.trips(2, [b, a], from: 20_010)
        #expect(WalkProposal(current: [b, a], trips: trips).proposed == [b, a])
        let sameSecond = Trip(
            day: 20_020,
            visits: [
                .init(location: a, at: WalkFixture.time(day: 20_020, minute: 1)),
                .init(location: b, at: WalkFixture.time(day: 20_020, minute: 1)),
            ])
        #expect(WalkProposal(current: [b, a], trips: [sameSecond, sameSecond, sameSecond]).proposed == [b, a])
    }

    @Test func aLocationSeenOnceNeitherMovesByItselfNorBlocksOthers() {
        // x sits between a and b in the walk and was visited once; b before a is decided.
        let (a, x, b) = (p[0], p[1], p[2])
        let trips = WalkFixture.trips(4, [b, a]) + [WalkFixture.trip(day: 20_010, [x, b, a])]
        let proposal = WalkProposal(current: [a, x, b], trips: trips)
        let proposed = try! #require(proposal.proposed)
        #expect(proposed.firstIndex(of: b)! < proposed.firstIndex(of: a)!, "\(proposed)")
        #expect(proposal.moved.count == 1, "one move: b before a, x carried along at most")
        // Alone, x stays where it is: one trip decides nothing.
        let once = WalkProposal(
            current: [a, x, b], trips: WalkFixture.trips(3, [a, b]) + [WalkFixture.trip(day: 20_010, [b, x, a])])
        #expect(once.proposed == [a, x, b])
    }

    @Test func aDecidedMoveCarriesAlongWhatTheTripsSayLeastAbout() {
        // The walk is b, x1, x2, x3, d, e. Three trips walked d, e, b (decided: d and e before b); two
        // walked b, x1, x2, x3 (not enough to decide, but it is how the walk has them). Moving b down past
        // x1-x3 turns around 5 pairs, moving d and e up 8; but only moving d and e up leaves every trip's
        // order alone, so that is the proposal.
        let (b, x1, x2, x3, d, e) = (p[0], p[1], p[2], p[3], p[4], p[5])
        let trips = WalkFixture.trips(3, [d, e, b]) + WalkFixture.trips(2, [b, x1, x2, x3], from: 20_010)
        let proposal = WalkProposal(current: [b, x1, x2, x3, d, e], trips: trips)
        #expect(proposal.proposed == [d, e, b, x1, x2, x3])
        #expect(proposal.moved == [d, e])
        // With no trip through x1-x3, the fewest pairs turned around win: b moves down.
        let alone = WalkProposal(current: [b, x1, x2, x3, d, e], trips: WalkFixture.trips(3, [d, e, b]))
        #expect(alone.proposed == [x1, x2, x3, d, e, b])
    }

    @Test func componentsAreTheTanglesOfTheEvidence() {
        // Three trips c, a, b against the walk a, b, c, x, and b before a decided the other way by older
        // trips: a, b, c form a cycle with the walk's order (one component); x stands alone.
        let (a, b, c, x) = (p[0], p[1], p[2], p[3])
        let trips =
            WalkFixture.trips(3, [c, a]) + WalkFixture.trips(3, [b, c], from: 20_010)
            + WalkFixture.trips(3, [a, b], from: 20_020)
        let evidence = WalkEvidence(trips: trips, locations: [a, b, c, x])
        let lean = WalkOrderSearch.leanings(count: 4, margin: evidence.margin)
        #expect(WalkOrderSearch.components(lean) == [[0, 1, 2], [3]])
    }

    @Test func separateSwapsStaySeparate() {
        // Two separate swaps in a walk of six: (1, 2) and (4, 5), each with 3 trips.
        let walk = Array(p[0..<6])
        let trips = WalkFixture.trips(3, [p[2], p[1]]) + WalkFixture.trips(3, [p[5], p[4]], from: 20_010)
        let evidence = WalkEvidence(trips: trips, locations: walk)
        let lean = WalkOrderSearch.leanings(count: 6, margin: evidence.margin)
        // Each decided pair outweighs the walk's order, so no cycle forms: six components of one.
        #expect(WalkOrderSearch.components(lean) == [[0], [2], [1], [3], [5], [4]])
        #expect(WalkProposal(current: walk, trips: trips).proposed == [p[0], p[2], p[1], p[3], p[5], p[4]])
    }

    @Test func theExactSearchFindsTheCheapestOfEveryPermutation() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<60 {
            let n = 2 + round % 6
            // Random margins, about half the pairs decided one way or the other.
            var margins = [Int64](repeating: 0, count: n * n)
            for a in 0..<n {
                for b in 0..<n where a != b && Int.random(in: 0..<3, using: &generator) == 0 {
                    if margins[b * n + a] == 0 { margins[a * n + b] = Int64.random(in: 1...5, using: &generator) }
                }
            }
            let lean = WalkOrderSearch.leanings(count: n) { margins[$0 * n + $1] }
            let found = WalkOrderSearch.order(count: n) { margins[$0 * n + $1] }
            #expect(found.isExact)
            let best = permutations(of: Array(0..<n)).map { WalkOrderSearch.cost(of: $0, lean) }.min()!
            #expect(WalkOrderSearch.cost(of: found.order, lean) == best, "round \(round)")
            #expect(WalkOrderSearch.cost(of: WalkOrderSearch.exactOrder(Array(0..<n), lean), lean) == best)
            #expect(WalkOrderSearch.cost(of: WalkOrderSearch.improvedOrder(Array(0..<n), lean), lean) >= best)
        }
    }

    @Test func aTangleOfMoreThanTwentyIsOrderedGreedilyThenImprovedLocally() {
        // Random decided pairs among 26 locations: one tangle of more than 20.
        var generator = SeededGenerator(seed: 26)
        let n = 26
        var margins = [Int64](repeating: 0, count: n * n)
        for a in 0..<n {
            for b in 0..<n where a != b && margins[b * n + a] == 0 && Bool.random(using: &generator) {
                margins[a * n + b] = Int64.random(in: 1...9, using: &generator)
            }
        }
        let lean = WalkOrderSearch.leanings(count: n) { margins[$0 * n + $1] }
        #expect(WalkOrderSearch.components(lean).map(\.count).max()! > WalkOrderSearch.exactLimit)
        let found = WalkOrderSearch.order(count: n) { margins[$0 * n + $1] }
        #expect(!found.isExact && found.order.sorted() == Array(0..<n))
        // Locally best: no two neighbours want swapping.
        for position in 0..<(n - 1) { #expect(lean[found.order[position + 1], found.order[position]] < 0) }
        // Nor does moving any one location anywhere else lower the cost.
        let cost = WalkOrderSearch.cost(of: found.order, lean)
        for from in 0..<n {
            for to in 0..<n where to != from {
                var moved = found.order
                moved.insert(moved.remove(at: from), at: to)
                #expect(WalkOrderSearch.cost(of: moved, lean) >= cost, "\(from) to \(to)")
            }
        }
        #expect(cost < WalkOrderSearch.cost(of: Array(0..<n), lean))
    }

    @Test func twentyLocationsAreSolvedExactly() {
        // A shuffled walk of 20 against a noisy order: one component of 20, solved by the exact search
        // (and no worse than the greedy order with local moves).
        var generator = SeededGenerator(seed: 20)
        let walk = WalkFixture.locations(20)
        let truth = walk.shuffled(using: &generator)
        var trips: [Trip] = []
        for day in 0..<8 {
            var order = truth
            order.swapAt(Int.random(in: 0..<19, using: &generator), Int.random(in: 0..<19, using: &generator))
            trips.append(WalkFixture.trip(day: 20_000 + day, order))
        }
        let proposal = WalkProposal(current: walk, trips: trips)
        #expect(proposal.isExact && proposal.proposed == truth)
        let evidence = WalkEvidence(trips: trips, locations: walk)
        let lean = WalkOrderSearch.leanings(count: 20, margin: evidence.margin)
        let exact = WalkOrderSearch.exactOrder(Array(0..<20), lean)
        #expect(
            WalkOrderSearch.cost(of: exact, lean)
                <= WalkOrderSearch.cost(of: WalkOrderSearch.improvedOrder(Array(0..<20), lean), lean))
    }

    @Test func aRoundStoreIsOneTangleOfTwentySolvedExactly() {
        // A round store entered by different doors: each trip goes round from another place, so the trips
        // disagree in circles and all 20 locations are one tangle, the exact search's largest.
        var generator = SeededGenerator(seed: 21)
        let walk = WalkFixture.locations(20).shuffled(using: &generator)
        let round = WalkFixture.locations(20)
        let trips = (0..<30).map { day in
            let entry = Int.random(in: 0..<20, using: &generator)
            return WalkFixture.trip(day: 20_000 + day, Array(round[entry...] + round[..<entry]))
        }
        let evidence = WalkEvidence(trips: trips, locations: walk)
        let lean = WalkOrderSearch.leanings(count: 20, margin: evidence.margin, support: evidence.weight)
        #expect(WalkOrderSearch.components(lean).map(\.count) == [20])
        let found = WalkOrderSearch.order(count: 20, margin: evidence.margin, support: evidence.weight)
        #expect(found.isExact)
        let cost = WalkOrderSearch.cost(of: found.order, lean)
        #expect(cost <= WalkOrderSearch.cost(of: WalkOrderSearch.improvedOrder(Array(0..<20), lean), lean))
        // No rotation of the round does better.
        for entry in 0..<20 {
            let rotation = (round[entry...] + round[..<entry]).map { walk.firstIndex(of: $0)! }
            #expect(cost <= WalkOrderSearch.cost(of: rotation, lean))
        }
    }

    private func permutations(of values: [Int]) -> [[Int]] {
        guard values.count > 1 else { return [values] }
        return values.indices.flatMap { index in
            var rest = values
            let first = rest.remove(at: index)
            return permutations(of: rest).map { [first] + $0 }
        }
    }
}
