import Foundation
import ShopFormatsTests
import ShopHistory
import ShopJSON
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel
@testable import ShopSharing

/// A household simulated in memory: three devices whose clocks disagree (seeded random skews of up to two
/// days either way), editing apart and syncing through one remote as `shop sync` does (merge with the
/// version last synced as the base, then push), in a seeded random order.
@Suite struct MergeHouseholdPropertyTests {
    static let seeds: [UInt64] = Array(1...200)

    /// A device: its list, the remote version it last synced, and how far its clock is off.
    struct Device {
        var list: ShoppingList
        var synced: ShoppingList
        var skew: TimeInterval
    }

    /// The simulation's outcome: the devices, the remote, every version any device saved, and the ids kept
    /// by a union of same-named records (their fields may take a set value over a later default).
    struct Household {
        var devices: [Device]
        var remote: ShoppingList
        var saved: [ShoppingList] = []
        var united: Set<String> = []
        /// Names of records kept because one side edited what the other removed: the removing side's
        /// earlier edits of it are gone with its removal, by the rule "an edit beats a removal".
        var revived: Set<String> = []
    }

    private func simulate(seed: UInt64) throws -> Household {
        var generator = SeededGenerator(seed: seed)
        var editor = RandomEditor(seed: seed &* 7919)
        let base = try mergeBase()
        let skews = (0..<3).map { _ in
            Double(Int.random(in: -172_800_000...172_800_000, using: &generator)) / 1000
        }
        var household = Household(
            devices: skews.map { Device(list: base, synced: base, skew: $0) }, remote: base)
        var now = MergeClock.earlier
        for _ in 0..<12 {
            let index = Int.random(in: 0..<3, using: &generator)
            now = now.addingTimeInterval(Double(Int.random(in: 1...600_000, using: &generator)) / 1000)
            if Bool.random(using: &generator) {
                // A save: a few edits stamped by this device's clock (made causal by stampChanges).
                var device = household.devices[index]
                let before = device.list
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    editor.edit(&device.list, at: now.addingTimeInterval(device.skew))
                }
                device.list.stampChanges(since: before, at: now.addingTimeInterval(device.skew))
                household.saved.append(device.list)
                household.devices[index] = device
            } else {
                sync(index, in: &household)
            }
        }
        // Everyone syncs twice round: the last pushes reach everyone.
        for index in [0, 1, 2, 0, 1, 2] { sync(index, in: &household) }
        return household
    }

    /// `shop sync`: fast-forward, push, or merge (the device is ours) and push.
    private func sync(_ index: Int, in household: inout Household) {
        var device = household.devices[index]
        if household.remote == device.synced {
            household.remote = device.list
        } else if device.list == device.synced {
            device.list = household.remote
        } else {
            let report = ShoppingList.merge(base: device.synced, ours: device.list, theirs: household.remote)
            for conflict in report.conflicts {
                if conflict.resolution == .united, let kept = conflict.kept { household.united.insert(kept) }
                if conflict.resolution == .editedRecordKept { household.revived.insert(conflict.name.lowercased()) }
            }
            device.list = report.list
            household.remote = report.list
        }
        device.synced = household.remote
        household.devices[index] = device
    }

    @Test(arguments: seeds) func everyDeviceConverges(seed: UInt64) throws {
        let household = try simulate(seed: seed)
        let remote = DataFileCodec.encode(household.remote)
        for device in household.devices {
            #expect(DataFileCodec.encode(device.list) == remote)
        }
        try expectValid(household.remote)
    }

    /// No field a device set is lost unless another device set it later: for every record that survives
    /// (and was not united with a same-named one, nor kept against a removal), each field carries the newest stamp any saved version
    /// of the record gave it, with a value one of those versions held with that stamp.
    @Test(arguments: seeds) func noFieldIsLostToAnEarlierEdit(seed: UInt64) throws {
        let household = try simulate(seed: seed)
        let fields = ["quantity", "note", "price", "starred", "every", "isAvailable", "name"]
        for item in household.remote.items
        where !household.united.contains("\(item.id)") && !household.revived.contains(item.name.lowercased()) {
            let versions = household.saved.compactMap { $0.item(item.id) }
            for field in fields {
                let stamps = versions.compactMap { $0.modifiedAt[field] }
                guard let newest = stamps.max() else { continue }
                let stamp = try #require(item.modifiedAt[field], "\(item.name).\(field) lost its stamp")
                #expect(stamp >= newest, "seed \(seed): \(item.name).\(field) went back to an older edit")
                if stamp == newest {
                    let holders = versions.filter { $0.modifiedAt[field] == newest }
                    let value = Item.stampedFields.first { $0.name == field }!
                    #expect(holders.contains { value.same($0, item) }, "seed \(seed): \(item.name).\(field)")
                }
            }
        }
    }

    /// Two devices that edited apart get the same list whichever of them merges: ids that sort first are
    /// kept, and the later stamp decides (only an exact tie of stamps falls to the merging side).
    @Test(arguments: seeds) func theResultDoesNotDependOnWhoMerges(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var editor = RandomEditor(seed: seed &* 104_729)
        let base = try mergeBase()
        func side(skew: TimeInterval) -> ShoppingList {
            let start = MergeClock.earlier.addingTimeInterval(skew)
            return editor.sessions(from: base, start: start)
        }
        let first = side(skew: Double(Int.random(in: -172_800_000...172_800_000, using: &generator)) / 1000)
        let second = side(skew: Double(Int.random(in: -172_800_000...172_800_000, using: &generator)) / 1000)
        let forward = ShoppingList.merge(base: base, ours: first, theirs: second)
        let backward = ShoppingList.merge(base: base, ours: second, theirs: first)
        if forward.conflicts.contains(where: \.byTie) {
            // A tie keeps ours, so the two orders may keep different values; both must say it was a tie.
            let backwardTied = backward.conflicts.contains(where: \.byTie)
            #expect(backwardTied, "seed \(seed)")
        } else {
            #expect(DataFileCodec.encode(forward.list) == DataFileCodec.encode(backward.list), "seed \(seed)")
            #expect(forward.conflicts.count == backward.conflicts.count)
        }
        for conflict in forward.conflicts {
            // A tie is never reported as a later edit or date.
            #expect(!conflict.byTie || conflict.resolution == .tie)
        }
    }
}
