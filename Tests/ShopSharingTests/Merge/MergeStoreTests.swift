import Foundation
import ShopFormats
import ShopFormatsTests
import ShopHistory
import ShopModel
import ShopSharing
import Testing

@Suite struct MergeStoreTests {
    @Test func aRenameAndAReorderOfOneStoreBothSurvive() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.later) {
            _ = try $0.rename($0.storeID("Corner"), to: "Corner shop")
        }
        let theirs = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.orderStore(
                list.storeID("Corner"),
                walking: ["Bakery", "Dairy", "Produce"].map(list.locationID))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.walkNames("Corner shop") == ["Bakery", "Dairy", "Produce"])
        #expect(report.conflicts.isEmpty)
    }

    @Test func twoReordersAreOneValueAndTheLaterWins() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.later) { list in
            _ = try list.orderStore(list.storeID("Corner"), walking: ["Dairy", "Bakery"].map(list.locationID))
        }
        let theirs = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.orderStore(list.storeID("Corner"), walking: ["Bakery", "Produce"].map(list.locationID))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.walkNames("Corner") == ["Dairy", "Bakery"])
        #expect(
            report.conflicts.map(\.facts) == [
                #"store Corner: locationIds ours "Dairy", "Bakery" theirs "Bakery", "Produce" kept "Dairy", "Bakery" by ours laterEdit"#
            ])
    }

    @Test func aWalkLosesLocationsRemovedOnTheOtherSide() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.removeLocation($0.locationID("Produce")) }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.orderStore(
                list.storeID("Corner"), walking: ["Dairy", "Produce", "Bakery"].map(list.locationID))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        // Ours' walk only lost Produce as a consequence of removing it: theirs' reorder is the real edit.
        #expect(report.list.walkNames("Corner") == ["Dairy", "Bakery"])
        #expect(report.conflicts.isEmpty)
    }

    @Test func aStoreRemovedOnOneSideStaysRemovedWhenTheOtherOnlyRemovedOneOfItsLocations() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.removeLocation($0.locationID("Produce")) }
        let theirs = try edited(base, at: MergeClock.later) { _ = try $0.removeStore($0.storeID("Corner")) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.stores.isEmpty)
        #expect(report.conflicts.isEmpty)
    }

    @Test func aWalkHoldsEachLocationOnceWhenTwoLocationsBecomeOne() throws {
        let base = try mergeBase()
        // Ours adds Deli and walks it after Bakery; theirs renames Bakery to Deli: the two become ours' Deli.
        let ours = try edited(base, at: MergeClock.earlier) { list in
            let deli = try list.addLocation(named: "Deli")
            _ = try list.orderStore(list.storeID("Corner"), walking: [list.locationID("Bakery"), deli.id])
        }
        let theirs = try edited(base, at: MergeClock.later) {
            _ = try $0.editLocation($0.locationID("Bakery"), name: "Deli")
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.location(named: "Deli")?.id == min(ours.locationID("Deli"), base.locationID("Bakery")))
        #expect(report.list.walkNames("Corner") == ["Deli"])
        #expect(report.conflicts.map(\.field).contains("same name"))
    }

    @Test func theSameStoreAddedOnBothSidesBecomesOneWalkingTheLaterWalkThenTheOthersLocations() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.addStore(named: "Market", walking: ["Dairy", "Produce"].map(list.locationID))
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.addStore(named: "MARKET", walking: ["Bakery", "Dairy"].map(list.locationID))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.stores.count == 2)
        let market = try #require(report.list.store(named: "market"))
        #expect(market.id == min(ours.storeID("Market"), theirs.storeID("MARKET")))
        // Theirs' walk is later; Produce, which only ours walked, follows it.
        #expect(report.list.walkNames("Market") == ["Bakery", "Dairy", "Produce"])
        #expect(report.conflicts.map(\.field) == ["locationIds", "same name"])
        let mirrored = try merged(base: base, ours: theirs, theirs: ours)
        #expect(mirrored.list.store(market.id) == market)
    }

    @Test func aCurrentStoreRemovedOnTheOtherSideBecomesNone() throws {
        let base = try mergeBase()
        let corner = base.storeID("Corner")
        let removesCorner = try edited(base, at: MergeClock.earlier) { _ = try $0.removeStore(corner) }
        let addsEggs = try edited(base, at: MergeClock.later) { _ = try $0.add(["Eggs"]) }
        let report = try merged(base: base, ours: addsEggs, theirs: removesCorner)
        let device = Workspace(list: report.list, device: DeviceState(currentStoreID: corner))
        #expect(report.list.stores.isEmpty && device.currentStore == nil && device.device.currentStoreID == nil)
    }
}
