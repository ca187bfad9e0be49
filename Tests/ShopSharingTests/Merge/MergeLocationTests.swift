import Foundation
import ShopFormats
import ShopHistory
import ShopModel
import ShopSharing
import Testing

@Suite struct MergeLocationTests {
    @Test func locationEditsMergeFieldByField() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.editLocation(list.locationID("Dairy"), name: "Dairy & eggs")
            _ = try list.editLocation(list.locationID("Bakery"), order: 1)
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.editLocation(list.locationID("Dairy"), color: RGBA(red: 1, green: 2, blue: 3))
            _ = try list.editLocation(list.locationID("Bakery"), order: 2)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let dairy = try #require(report.list.location(named: "Dairy & eggs"))
        #expect(dairy.color == RGBA(red: 1, green: 2, blue: 3))
        #expect(report.list.location(named: "Bakery")?.visitationOrder == 2)
        #expect(
            report.conflicts.map(\.facts) == [
                "location Bakery: visitationOrder ours 1 theirs 2 kept 2 by theirs laterEdit"
            ])
    }

    @Test func itemsPutAtALocationTheOtherSideRemovedMoveToTheUnknownLocation() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.removeLocation($0.locationID("Bakery")) }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.add(["Bread"], applying: ItemChanges(locationID: list.locationID("Bakery")))
            _ = try list.edit(list.id("Batteries"), ItemChanges(locationID: list.locationID("Bakery")))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.location(named: "Bakery") == nil)
        for name in ["Bread", "Batteries"] {
            #expect(report.list.item(named: name)?.locationID == report.list.unknownLocationID)
        }
        #expect(report.conflicts.isEmpty)
    }

    @Test func movesThatOnlyFollowARemovedLocationAreNotEdits() throws {
        let base = try mergeBase()
        // Ours removes Dairy: Milk and Yogurt move to the Unknown Location as a consequence.
        let ours = try edited(base, at: MergeClock.later) { _ = try $0.removeLocation($0.locationID("Dairy")) }
        let theirs = try edited(base, at: MergeClock.earlier) { list in
            // Yogurt is not brought back by ours' consequential move; theirs' real move of Milk wins.
            _ = try list.remove([list.id("Yogurt")])
            _ = try list.edit(list.id("Milk"), ItemChanges(locationID: list.locationID("Produce")))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.item(named: "Yogurt") == nil)
        #expect(report.list.item(named: "Milk")?.locationID == base.locationID("Produce"))
        #expect(report.list.location(named: "Dairy") == nil)
        #expect(report.conflicts.isEmpty)
    }

    @Test func aLocationRemovedOnOneSideAndEditedOnTheOtherKeepsItsItems() throws {
        let base = try mergeBase()
        let removed = try edited(base, at: MergeClock.later) { _ = try $0.removeLocation($0.locationID("Dairy")) }
        let renamed = try edited(base, at: MergeClock.earlier) {
            _ = try $0.editLocation($0.locationID("Dairy"), name: "Fridge")
        }
        let report = try merged(base: base, ours: removed, theirs: renamed)
        let fridge = try #require(report.list.location(named: "Fridge"))
        #expect(report.list.item(named: "Milk")?.locationID == fridge.id)
        #expect(report.list.item(named: "Yogurt")?.locationID == fridge.id)
        #expect(report.list.walkNames("Corner") == ["Produce", "Fridge"])
        #expect(
            report.conflicts.map(\.facts) == [
                "location Fridge: removed ours removed theirs edited kept - by theirs editedRecordKept"
            ])
    }

    @Test func theSameLocationAddedOnBothSidesBecomesOne() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { list in
            let deli = try list.addLocation(named: "Deli", order: 30)
            _ = try list.add(["Ham"], applying: ItemChanges(locationID: deli.id))
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            let deli = try list.addLocation(named: "deli", order: 40)
            _ = try list.add(["Cheese"], applying: ItemChanges(locationID: deli.id))
            _ = try list.orderStore(list.storeID("Corner"), walking: [deli.id, list.locationID("Dairy")])
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let deli = try #require(report.list.location(named: "Deli"))
        // The first-sorting id; both set a name and an order: theirs' are later.
        #expect(deli.id == min(ours.locationID("Deli"), theirs.locationID("deli")))
        #expect(deli.name == "deli" && deli.visitationOrder == 40)
        #expect(report.list.item(named: "Ham")?.locationID == deli.id)
        #expect(report.list.item(named: "Cheese")?.locationID == deli.id)
        #expect(report.list.walkNames("Corner") == ["deli", "Dairy"])
        #expect(report.conflicts.map(\.field) == ["same name", "visitationOrder"])
        #expect(try merged(base: base, ours: theirs, theirs: ours).list.location(deli.id) == deli)
    }

    @Test func theUnknownLocationsOfListsStartedApartAreOne() throws {
        // Two devices started apart: each has its own Unknown Location id; the base is an empty list.
        let base = ShoppingList()
        let ours = try edited(ShoppingList(), at: MergeClock.earlier) { _ = try $0.add(["Glue"]) }
        let theirs = try edited(ShoppingList(), at: MergeClock.later) { list in
            _ = try list.add(["Tape"])
            _ = try list.editLocation(list.unknownLocationID, name: "Misc", color: RGBA(red: 9, green: 9, blue: 9))
        }
        #expect(Set([base.unknownLocationID, ours.unknownLocationID, theirs.unknownLocationID]).count == 3)
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let list = report.list
        #expect(list.unknownLocationID == min(ours.unknownLocationID, theirs.unknownLocationID))
        #expect(list.locations.count == 1)
        #expect(list.unknownLocation.name == "Misc" && list.unknownLocation.color == RGBA(red: 9, green: 9, blue: 9))
        #expect(list.items.allSatisfy { $0.locationID == list.unknownLocationID })
        #expect(list.itemNames == ["Glue", "Tape"])
        #expect(report.conflicts.isEmpty)
    }

    @Test func aLocationNamedLikeTheRenamedUnknownLocationJoinsIt() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) {
            _ = try $0.editLocation($0.unknownLocationID, name: "Misc")
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            let misc = try list.addLocation(named: "misc")
            _ = try list.add(["Tape"], applying: ItemChanges(locationID: misc.id))
            _ = try list.orderStore(list.storeID("Corner"), walking: [misc.id, list.locationID("Dairy")])
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.location(named: "misc")?.isUnknown == true)
        #expect(report.list.item(named: "Tape")?.locationID == report.list.unknownLocationID)
        #expect(report.list.walkNames("Corner") == ["Dairy"])
        #expect(report.conflicts.map(\.field) == ["same name"])
        #expect(report.conflicts.first?.kept == "\(report.list.unknownLocationID)")
    }
}
