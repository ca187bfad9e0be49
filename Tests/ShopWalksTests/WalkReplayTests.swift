import Foundation
import ShopModel
import ShopWalks
import Testing

/// The replay of SPEC section 15 (see ``WalkReplay``): run with `swift test --filter WalkReplay` to see
/// the figures. Seeded, so they are the same on every run; nothing here is timed.
@Suite struct WalkReplayTests {
    static let shoppers = WalkReplay.run(shoppers: 101, seed: 31)

    /// Median and mean wrong pairs of each method over the shoppers, as a report line.
    static func line(_ label: String, _ figures: [[Int]]) -> (medians: [Int], text: String) {
        let methods = WalkReplay.Method.allCases
        let medians = methods.map { method in WalkReplay.median(figures.map { $0[method.rawValue] }) }
        let means = methods.map { method in
            Double(figures.map { $0[method.rawValue] }.reduce(0, +)) / Double(figures.count)
        }
        let cells = methods.indices.map { String(format: "%3d (%5.2f)", medians[$0], means[$0]) }
        return (medians, label.padding(toLength: 26, withPad: " ", startingAt: 0) + cells.joined(separator: "  "))
    }

    /// Trips after the rearrangement until the learned walk is as good as it was before it (wrong pairs
    /// against the new order at most what they were against the old one), per shopper; 99 when never.
    static var relearnTrips: [Int] {
        shoppers.map { shopper in
            let level = shopper.before[WalkReplay.Method.learned.rawValue]
            let trip = shopper.after.firstIndex { $0[WalkReplay.Method.learned.rawValue] <= level }
            return trip.map { $0 + 1 } ?? 99
        }
    }

    @Test func learnedWalkBeatsBothBaselinesAfterAHalfwayRearrangement() {
        var report =
            "walk replay: \(Self.shoppers.count) shoppers, \(WalkReplay.locationCount) locations "
            + "(\(WalkReplay.locationCount * (WalkReplay.locationCount - 1) / 2) pairs); wrong pairs, median (mean)\n"
        report += "trips                     learned       last trip     counts\n"
        report += Self.line("\(WalkReplay.tripsBefore) (store unchanged)", Self.shoppers.map(\.before)).text + "\n"
        var medians: [Int] = []
        for k in 0..<WalkReplay.tripsAfter {
            let line = Self.line("rearranged, then \(k + 1)", Self.shoppers.map { $0.after[k] })
            report += line.text + "\n"
            if k + 1 == WalkReplay.tripsBefore { medians = line.medians }
        }
        let relearn = Self.relearnTrips.sorted()
        let within = relearn.filter { $0 <= WalkReplay.tripsAfter }.count
        report +=
            "trips to relearn the rearranged store: median \(WalkReplay.median(relearn)), "
            + "relearned within \(WalkReplay.tripsAfter) trips: \(within) of \(relearn.count) shoppers"
        print(report)
        // Halfway: as many trips after the rearrangement as before it.
        let better = min(medians[WalkReplay.Method.lastTrip.rawValue], medians[WalkReplay.Method.counts.rawValue])
        #expect(medians[WalkReplay.Method.learned.rawValue] * 2 <= better, "\(report)")
        #expect(WalkReplay.median(relearn) <= 12, "\(report)")
    }
}
