import Foundation
import ShopHistory
import ShopModelTests
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel
@testable import ShopSharing

/// Properties of the merge over random edit sequences from a common base, each seed a reproducible case.
@Suite struct MergePropertyTests {
    static let seeds: [UInt64] = Array(1...150)

    /// A base with a store, saved ten days ago, and two sides edited from it: ours saved
    /// on the hour, theirs on the half hour, so their stamps interleave.
    private func sides(seed: UInt64) throws -> (base: ShoppingList, ours: ShoppingList, theirs: ShoppingList) {
        let base = try mergeBase()
        var editor = RandomEditor(seed: seed)
        let ours = editor.sessions(from: base, start: MergeClock.earlier)
        let theirs = editor.sessions(from: base, start: MergeClock.earlier.addingTimeInterval(1800))
        return (base, ours, theirs)
    }

    @Test(arguments: seeds) func mergingASideWithItselfGivesThatSide(seed: UInt64) throws {
        let (base, ours, _) = try sides(seed: seed)
        let report = try merged(base: base, ours: ours, theirs: ours)
        #expect(report.list.records == ours.records)
        #expect(report.list == ours)
        #expect(report.conflicts.isEmpty)
    }

    @Test(arguments: seeds) func mergingWithAnUnchangedSideGivesTheChangedSide(seed: UInt64) throws {
        let (base, ours, theirs) = try sides(seed: seed)
        let theirsOnly = try merged(base: base, ours: base, theirs: theirs)
        #expect(theirsOnly.list.records == theirs.records)
        #expect(theirsOnly.list == theirs)
        #expect(theirsOnly.conflicts.isEmpty)
        let oursOnly = try merged(base: base, ours: ours, theirs: base)
        #expect(oursOnly.list == ours)
        #expect(oursOnly.conflicts.isEmpty)
    }

    @Test(arguments: seeds) func anyTwoSidesMergeIntoAValidListTheSameWayEveryTime(seed: UInt64) throws {
        let (base, ours, theirs) = try sides(seed: seed)
        let report = try merged(base: base, ours: ours, theirs: theirs)  // checks validity and round trip

        // Decoded copies hold the same records in differently ordered dictionaries: the outcome must not care.
        func copy(_ list: ShoppingList) throws -> ShoppingList {
            try DataFileCodec.decode(DataFileCodec.encode(list), path: "copy.json")
        }
        let again = ShoppingList.merge(base: try copy(base), ours: try copy(ours), theirs: try copy(theirs))
        #expect(again.list == report.list)
        #expect(again.conflicts == report.conflicts)

        // Purchase dates only move forward, and ours' names all survive (the local record wins every clash).
        for item in report.list.items {
            for side in [ours, theirs] {
                guard let before = side.item(item.id)?.dateLastPurchased else { continue }
                #expect(item.dateLastPurchased.map { $0 >= before } == true)
            }
        }
        let sorted = report.conflicts.sorted(by: MergeConflict.precedes)
        #expect(sorted == report.conflicts)
    }

    @Test(arguments: seeds) func editsToDifferentItemsAllSurvive(seed: UInt64) throws {
        var base = try mergeBase()
        base = try edited(base, at: MergeClock.base) { _ = try $0.add(["Tea", "Rice", "Soap", "Jam", "Oats", "Figs"]) }
        let names = base.itemNames
        let oursShare = Set(names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        var generator = SeededGenerator(seed: seed)

        /// Edits only the items of one share, and adds items whose names only this side uses.
        func editShare(_ share: Set<String>, prefix: String, at now: Date) throws -> ShoppingList {
            var log = PurchaseLog(isLoaded: false)
            return try edited(base, at: now) { list in
                for name in share.sorted() where Bool.random(using: &generator) {
                    let id = list.id(name)
                    switch Int.random(in: 0...4, using: &generator) {
                    case 0: _ = try list.buy([id], at: now, log: &log)
                    case 1:
                        _ = try list.edit(
                            id, ItemChanges(quantity: Amount(count: Int.random(in: 2...9, using: &generator))))
                    case 2: _ = try list.edit(id, ItemChanges(name: "\(prefix) \(name)", note: .set(prefix)))
                    case 3: _ = try list.edit(id, ItemChanges(locationID: list.locationID("Bakery"), starred: true))
                    default: _ = try list.remove([id])
                    }
                }
                _ = try list.add((0..<Int.random(in: 0...3, using: &generator)).map { "\(prefix) new \($0)" })
            }
        }
        let ours = try editShare(oursShare, prefix: "ours", at: MergeClock.later)
        let theirs = try editShare(Set(names).subtracting(oursShare), prefix: "theirs", at: MergeClock.earlier)
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.isEmpty)
        for name in names {
            let id = base.id(name)
            let side = oursShare.contains(name) ? ours : theirs
            #expect(report.list.item(id) == side.item(id), "\(name)")
        }
        for item in ours.items where base.item(item.id) == nil { #expect(report.list.item(item.id) == item) }
        for item in theirs.items where base.item(item.id) == nil { #expect(report.list.item(item.id) == item) }
    }
}
