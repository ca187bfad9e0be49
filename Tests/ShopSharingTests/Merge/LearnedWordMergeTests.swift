import Foundation
import ShopHistory
import ShopJSON
import Testing

@testable import ShopFormats
@testable import ShopModel
@testable import ShopSharing

/// SPEC 21: learned words merge record by record; two devices that learned one word each made a record of their own,
/// and the merge keeps one, the same on both devices, with the later move's location.
@Suite struct LearnedWordMergeTests {
    /// The merge base with a Deli, and `gouda` placed at Dairy by a guess.
    static func base() throws -> ShoppingList {
        var list = try mergeBase()
        let before = list
        _ = try list.addLocation(named: "Deli")
        let gouda = try list.add(["gouda"])[0].id
        var item = list.item(gouda)!
        item.locationID = list.locationID("Dairy")
        item.locationGuess = "'gouda'"
        list.replace(item)
        list.stampChanges(since: before, at: MergeClock.base.addingTimeInterval(60))
        return list
    }

    /// Before, each device's record survived the merge: two records of one word, refused when read back.
    @Test func twoDevicesLearningOneWordKeepOneRecordAndWriteTheSameBytes() throws {
        let base = try Self.base()
        let gouda = base.item(named: "gouda")!.id
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.edit(gouda, ItemChanges(locationID: list.locationID("Produce")))
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.edit(gouda, ItemChanges(locationID: list.locationID("Deli")))
        }
        #expect(ours.learnedPlaces.count == 1 && theirs.learnedPlaces.count == 1)
        #expect(ours.learnedPlaces[0].id != theirs.learnedPlaces[0].id)
        let here = ShoppingList.merge(base: base, ours: ours, theirs: theirs).list
        let there = ShoppingList.merge(base: base, ours: theirs, theirs: ours).list
        #expect(here.learnedPlaces.count == 1)
        #expect(here.learnedPlace(word: "gouda")?.locationID == here.locationID("Deli"))
        #expect(DataFileCodec.encode(here) == DataFileCodec.encode(there))
        // What was written reads back: one record of the word.
        let read = try DataFileCodec.decode(DataFileCodec.encode(here), path: "merged")
        #expect(read.learnedPlaces.map(\.word) == ["gouda"])
    }

    /// A word learned on one side for a location the other side removed goes with the location.
    @Test func aWordLearnedForALocationRemovedOnTheOtherSideGoes() throws {
        let base = try Self.base()
        let gouda = base.item(named: "gouda")!.id
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.edit(gouda, ItemChanges(locationID: list.locationID("Deli")))
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.removeLocation(list.locationID("Deli"))
        }
        let merged = ShoppingList.merge(base: base, ours: ours, theirs: theirs).list
        #expect(merged.location(named: "Deli") == nil)
        #expect(merged.learnedPlaces.isEmpty)
    }
}
