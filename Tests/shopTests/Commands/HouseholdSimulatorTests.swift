import Foundation
import Testing

/// The household simulator (SPEC 16) in CI: a few seeds of a short household. The long run is
/// `.tools/simulate SEEDS STEPS [DEVICES]`, which runs this suite with `SHOP_SIMULATE_SEEDS`,
/// `SHOP_SIMULATE_STEPS` and `SHOP_SIMULATE_DEVICES` set (the README states its figure).
@Suite(.serialized)
struct HouseholdSimulatorTests {
    /// The seeds to run: `SHOP_SIMULATE_SEEDS` as `FIRST-LAST` or a comma-separated list, else a small set.
    static var seeds: [UInt64] {
        let text = ProcessInfo.processInfo.environment["SHOP_SIMULATE_SEEDS"] ?? ""
        if let dash = text.firstIndex(of: "-"), let first = UInt64(text[..<dash]),
            let last = UInt64(text[text.index(after: dash)...]), first <= last
        {
            return Array(first...last)
        }
        let listed = text.split(separator: ",").compactMap { UInt64($0) }
        return listed.isEmpty ? [1, 2, 3] : listed
    }

    static func setting(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
    }

    @Test(.enabled(if: SyncLab.hasGit))
    func householdKeepsEveryAcknowledgedPurchaseAndConverges() throws {
        let steps = Self.setting("SHOP_SIMULATE_STEPS", default: 25)
        let devices = Self.setting("SHOP_SIMULATE_DEVICES", default: 3)
        let started = Date()
        var phoneBatches = 0
        for seed in Self.seeds {
            var simulator = try HouseholdSimulator(seed: seed, steps: steps, devices: devices)
            let problems = try simulator.run()
            phoneBatches += simulator.transcript.filter { $0.contains(" phone, served by ") }.count
            let replay = ".tools/simulate \(seed) \(steps) \(devices)"
            let report =
                "seed \(seed) (replay: \(replay)):\n\(problems.joined(separator: "\n"))\nsteps:\n"
                + simulator.transcript.joined(separator: "\n")
            #expect(problems.isEmpty, "\(report)")
        }
        let seconds = Int(Date().timeIntervalSince(started))
        print(
            "household simulator: \(Self.seeds.count) seeds x \(steps) steps x \(devices) devices and a phone "
                + "(\(phoneBatches) batches of taps) in \(seconds) s")
    }
}
