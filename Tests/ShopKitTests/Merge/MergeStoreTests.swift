import Foundation
import Testing

@testable import ShopKit

@Suite struct MergeStoreTests {
    @Test func aRenameAndAReorderOfOneStoreBothSurvive() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.later) {
            _ = try $0.renameStore($0.storeID("Corner"), to: "Corner shop")
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
            report.conflicts.map(\.description) == [
                #"store "Corner": locationIds changed on both sides; kept the later edit (ours: "Dairy", "Bakery")"#
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
        #expect(report.list.location(named: "Deli")?.id == ours.locationID("Deli"))
        #expect(report.list.walkNames("Corner") == ["Deli"])
        #expect(report.conflicts.map(\.field) == ["same name"])
    }

    @Test func theSameStoreAddedOnBothSidesBecomesOneAndStaysCurrent() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.addStore(named: "Market", walking: []) }
        let theirs = try edited(base, at: MergeClock.later) { list in
            let market = try list.addStore(named: "MARKET", walking: [list.locationID("Bakery")])
            try list.useStore(market.id)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.stores.count == 2)
        #expect(report.list.currentStore?.id == ours.storeID("Market"))
        #expect(report.conflicts.map(\.description) == [#"store "Market": added on both sides; kept the local record"#])
    }

    @Test func theCurrentStoreIsOneValue() throws {
        let base = try mergeBase()
        let withMarket = try edited(base, at: MergeClock.earlier) { list in
            let market = try list.addStore(named: "Market", walking: [])
            try list.useStore(market.id)
        }
        let usesCorner = try edited(base, at: MergeClock.later) { try $0.useStore($0.storeID("Corner")) }

        // Changed on one side: that side's choice.
        #expect(try merged(base: base, ours: base, theirs: usesCorner).list.currentStore?.name == "Corner")
        #expect(try merged(base: base, ours: withMarket, theirs: base).list.currentStore?.name == "Market")
        // Changed differently on both: ours, whatever the stamps.
        let report = try merged(base: base, ours: withMarket, theirs: usesCorner)
        #expect(report.list.currentStore?.name == "Market")
        #expect(
            report.conflicts.map(\.description) == [
                #"current store: changed on both sides; kept the local choice ("Market")"#
            ])
    }

    @Test func aCurrentStoreRemovedOnTheOtherSideBecomesNone() throws {
        let base = try edited(try mergeBase(), at: MergeClock.base) { try $0.useStore($0.storeID("Corner")) }
        let removesCorner = try edited(base, at: MergeClock.earlier) { _ = try $0.removeStore($0.storeID("Corner")) }
        let addsEggs = try edited(base, at: MergeClock.later) { _ = try $0.add(["Eggs"]) }
        let report = try merged(base: base, ours: addsEggs, theirs: removesCorner)
        #expect(report.list.stores.isEmpty && report.list.currentStoreID == nil)
    }

    @Test func removingTheCurrentStoreIsNotAChoiceOfNone() throws {
        let base = try edited(try mergeBase(), at: MergeClock.base) { try $0.useStore($0.storeID("Corner")) }
        // Ours removes Corner, which clears the current store as a consequence; theirs chooses Market.
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.removeStore($0.storeID("Corner")) }
        let theirs = try edited(base, at: MergeClock.later) { list in
            let market = try list.addStore(named: "Market", walking: [])
            try list.useStore(market.id)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.currentStore?.name == "Market")
        #expect(report.list.store(named: "Corner") == nil)
        #expect(report.conflicts.isEmpty)
    }

    @Test func theTimerAndTheCurrentStoreStayTheDevicesOwn() throws {
        let base = try mergeBase()
        let ours = edited(base, at: MergeClock.earlier) { $0.startTimer(at: MergeClock.earlier) }
        let theirs = try edited(base, at: MergeClock.later) { list in
            list.startTimer(at: MergeClock.later)
            try list.useStore(list.storeID("Corner"))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.timer == ours.timer)
        #expect(report.list.currentStoreID == nil)
        #expect(report.conflicts.isEmpty)
    }
}
