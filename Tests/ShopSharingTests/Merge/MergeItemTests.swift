import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopModelTests
import ShopSharing
import ShopTestSupport
import Testing

@Suite struct MergeItemTests {
    @Test func editsOfDifferentItemsAndOfDifferentFieldsAllSurvive() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.edit(list.id("Milk"), ItemChanges(quantity: 3))
            _ = try list.edit(list.id("apples"), ItemChanges(note: .set("green ones")))
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            _ = try list.edit(list.id("Milk"), ItemChanges(price: .set(Price(cents: 129)!), starred: true))
            _ = try list.setAvailable(false, [list.id("Bananas")])
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let list = report.list
        #expect(report.conflicts.isEmpty)
        let milk = try #require(list.item(named: "Milk"))
        #expect(milk.quantity == 3 && milk.price?.cents == 129 && milk.starred)
        #expect(milk.modifiedAt["quantity"] == MergeClock.earlier && milk.modifiedAt["price"] == MergeClock.later)
        #expect(list.item(named: "apples")?.note == "green ones")
        #expect(list.item(named: "Bananas")?.isAvailable == false)
        #expect(list.item(named: "Yogurt") == base.item(named: "Yogurt"))
    }

    @Test func bothSidesChangingAFieldAlikeIsNoConflict() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 4)) }
        let theirs = try edited(base, at: MergeClock.later) { _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 4)) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.isEmpty)
        #expect(report.list.item(named: "Milk")?.quantity == 4)
    }

    @Test func aFieldChangedDifferentlyOnBothSidesTakesTheLaterEdit() throws {
        let base = try mergeBase()
        let early = try edited(base, at: MergeClock.earlier) {
            _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 2))
        }
        let late = try edited(base, at: MergeClock.later) { _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 3)) }

        let theirsLater = try merged(base: base, ours: early, theirs: late)
        #expect(theirsLater.list.item(named: "Milk")?.quantity == 3)
        #expect(
            theirsLater.conflicts.map(\.facts) == ["item Milk: quantity ours 2 theirs 3 kept 3 by theirs laterEdit"])
        let conflict = try #require(theirsLater.conflicts.first)
        #expect(conflict.kind == .item && conflict.name == "Milk" && conflict.field == "quantity")
        #expect(conflict.resolution == .laterEdit && conflict.keptSide == .theirs && !conflict.byTie)
        #expect(conflict.ours == "2" && conflict.theirs == "3" && conflict.kept == "3")

        let oursLater = try merged(base: base, ours: late, theirs: early)
        #expect(oursLater.list.item(named: "Milk")?.quantity == 3)
        #expect(oursLater.conflicts.map(\.resolution) == [.laterEdit])
        #expect(oursLater.conflicts.map(\.keptSide) == [.ours])
    }

    @Test func withoutStampsOrWithEqualOnesOursWins() throws {
        let base = try ShoppingList.fixture()  // never saved: no stamps anywhere
        var ours = base
        _ = try ours.edit(ours.id("Milk"), ItemChanges(quantity: 2, note: .set("oat")))
        var theirs = base
        _ = try theirs.edit(theirs.id("Milk"), ItemChanges(quantity: 3, note: .set("soy")))
        let unstamped = try merged(base: base, ours: ours, theirs: theirs)
        #expect(unstamped.list.item(named: "Milk")?.quantity == 2)
        #expect(unstamped.list.item(named: "Milk")?.note == "oat")
        #expect(
            unstamped.conflicts.map(\.facts) == [
                #"item Milk: note ours "oat" theirs "soy" kept "oat" by ours tie"#,
                "item Milk: quantity ours 2 theirs 3 kept 2 by ours tie",
            ])
        #expect(unstamped.conflicts.allSatisfy { $0.byTie })

        ours.stampChanges(since: base, at: MergeClock.later)
        theirs.stampChanges(since: base, at: MergeClock.later)
        let sameTime = try merged(base: base, ours: ours, theirs: theirs)
        #expect(sameTime.list.item(named: "Milk")?.quantity == 2)
        #expect(sameTime.conflicts.allSatisfy { $0.resolution == .tie && $0.keptSide == .ours })
    }

    /// SPEC 23: the later date, and never a conflict (it follows from the log, which keeps both purchases).
    @Test func dateLastPurchasedAlwaysTakesTheLaterDateAndIsNoConflict() throws {
        var log = PurchaseLog()
        let base = try mergeBase()
        // Theirs bought earlier but saved later (an offline phone that synced late): the date still wins.
        let ours = try edited(base, at: MergeClock.earlier) {
            _ = try $0.buy([$0.id("Milk")], at: Clock.daysAgo(3), log: &log)
        }
        let theirs = try edited(base, at: MergeClock.later) {
            _ = try $0.buy([$0.id("Milk")], at: Clock.daysAgo(4), log: &log)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let milk = try #require(report.list.item(named: "Milk"))
        #expect(milk.dateLastPurchased == Clock.daysAgo(3))
        #expect(!milk.onList)
        #expect(report.conflicts.isEmpty, "\(report.conflicts.map(\.facts))")
        // Bought on one side only: that date, no conflict.
        let oneSide = try merged(base: base, ours: base, theirs: theirs)
        #expect(oneSide.list.item(named: "Milk")?.dateLastPurchased == Clock.daysAgo(4))
        #expect(oneSide.conflicts.isEmpty)
    }

    @Test func removedOnOneSideAndEditedOnTheOtherIsKept() throws {
        let base = try mergeBase()
        let removed = try edited(base, at: MergeClock.later) { _ = try $0.remove([$0.id("Milk")]) }
        let changed = try edited(base, at: MergeClock.earlier) {
            _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 6))
        }

        let report = try merged(base: base, ours: removed, theirs: changed)
        #expect(report.list.item(named: "Milk") == changed.item(named: "Milk"))
        #expect(
            report.conflicts.map(\.facts) == [
                "item Milk: removed ours removed theirs edited kept - by theirs editedRecordKept"
            ])
        let mirrored = try merged(base: base, ours: changed, theirs: removed)
        #expect(mirrored.list.item(named: "Milk")?.quantity == 6)
        #expect(mirrored.conflicts.map(\.field) == ["removed"])
    }

    @Test func removedOnOneSideAndUntouchedOnTheOtherIsRemoved() throws {
        let base = try mergeBase()
        let removed = try edited(base, at: MergeClock.earlier) { _ = try $0.remove([$0.id("Milk"), $0.id("apples")]) }
        let other = try edited(base, at: MergeClock.later) { list in
            _ = try list.remove([list.id("apples")])
            _ = try list.edit(list.id("Yogurt"), ItemChanges(quantity: 2))
        }
        let report = try merged(base: base, ours: other, theirs: removed)
        #expect(report.list.itemNames == ["Bananas", "Batteries", "Yogurt"])
        #expect(report.conflicts.isEmpty)
    }

    @Test func itemsAddedOnEitherSideAreKept() throws {
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { _ = try $0.add(["Eggs"]) }
        let theirs = try edited(base, at: MergeClock.later) { _ = try $0.add(["Flour", "Sugar"]) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(
            report.list.itemNames == ["apples", "Bananas", "Batteries", "Eggs", "Flour", "Milk", "Sugar", "Yogurt"])
        #expect(report.list.item(named: "Flour") == theirs.item(named: "Flour"))
    }

    @Test func theSameNameAddedOnBothSidesBecomesOneRecordWithTheFirstSortingID() throws {
        var log = PurchaseLog()
        let base = try mergeBase()
        let ours = try edited(base, at: MergeClock.earlier) { list in
            _ = try list.add(["Eggs"], applying: ItemChanges(quantity: 6))
            _ = try list.buy([list.id("Eggs")], at: MergeClock.earlier, log: &log)
        }
        let theirs = try edited(base, at: MergeClock.later) {
            _ = try $0.add(["eggs"], applying: ItemChanges(quantity: 12))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let eggs = try #require(report.list.item(named: "EGGS"))
        // The id that sorts first; each field set on both sides takes the later stamp (theirs').
        #expect(eggs.id == min(ours.id("Eggs"), theirs.id("eggs")))
        #expect(eggs.name == "eggs" && eggs.quantity == 12)
        #expect(eggs.onList)  // on the list because theirs has it there
        #expect(eggs.dateLastPurchased == MergeClock.earlier)
        #expect(report.list.itemCount == base.itemCount + 1)
        #expect(report.conflicts.map(\.field) == ["quantity", "same name"])
        // Whichever side merges, the same record.
        let mirrored = try merged(base: base, ours: theirs, theirs: ours)
        #expect(mirrored.list.item(named: "eggs") == eggs)
    }

    @Test func aRenameMeetingAnAddBecomesOneRecordOnBothSides() throws {
        let base = try mergeBase()
        let renamed = try edited(base, at: MergeClock.earlier) {
            _ = try $0.edit($0.id("Yogurt"), ItemChanges(name: "Cream"))
        }
        let added = try edited(base, at: MergeClock.later) { _ = try $0.add(["cream"]) }

        let report = try merged(base: base, ours: renamed, theirs: added)
        let cream = try #require(report.list.item(named: "cream"))
        #expect(cream.id == min(base.id("Yogurt"), added.id("cream")))
        #expect(report.list.itemCount == base.itemCount)
        #expect(report.conflicts.map(\.field) == ["same name"])

        // The other way round, the same record.
        let mirrored = try merged(base: base, ours: added, theirs: renamed)
        #expect(mirrored.list.item(named: "Cream") == cream)
        #expect(mirrored.list.itemCount == base.itemCount)
    }

    @Test func theSameIdAddedOnBothSidesMergesFieldByField() throws {
        // Both devices imported the same export into empty lists: same ids, no common base.
        let base = ShoppingList()
        let shared = try mergeBase()
        let ours = try edited(shared, at: MergeClock.earlier) {
            _ = try $0.edit($0.id("Milk"), ItemChanges(quantity: 2))
        }
        let theirs = try edited(shared, at: MergeClock.later) { list in
            _ = try list.edit(list.id("Milk"), ItemChanges(quantity: 3))
            _ = try list.edit(list.id("apples"), ItemChanges(starred: true))
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.item(named: "Milk")?.quantity == 3)
        // Without a base every difference is a conflict; theirs' apples record is the later one.
        #expect(report.list.item(named: "apples")?.starred == true)
        #expect(report.conflicts.map { "\($0.name) \($0.field)" } == ["apples starred", "Milk quantity"])
        #expect(report.list.itemCount == shared.itemCount)
    }

    @Test func conflictsComeInAStableOrderWhateverTheirNames() throws {
        var base = try mergeBase()
        base.insert(Item(name: "ctrl\u{1}\nname", locationID: base.unknownLocationID))
        let ours = try edited(base, at: MergeClock.earlier) { list in
            for name in ["ctrl\u{1}\nname", "Milk", "apples"] {
                _ = try list.edit(list.id(name), ItemChanges(quantity: 2))
            }
            _ = try list.editLocation(list.locationID("Dairy"), order: 1)
        }
        let theirs = try edited(base, at: MergeClock.later) { list in
            for name in ["ctrl\u{1}\nname", "Milk", "apples"] {
                _ = try list.edit(list.id(name), ItemChanges(quantity: 3))
            }
            _ = try list.editLocation(list.locationID("Dairy"), order: 2)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.map(\.name) == ["apples", "ctrl\u{1}\nname", "Milk", "Dairy"])
        #expect(report.conflicts[1].field == "quantity")
    }
}

/// A union made on one device meeting an edit of the dropped record on another.
@Suite struct MergeUnionFollowUpTests {
    @Test func anEditOfARecordTheOtherSideAlreadyUnitedJoinsTheKeptRecord() throws {
        let unknown = Location.makeUnknown()
        let ids = [Item.ID.random(), Item.ID.random()].sorted()
        let (kept, dropped) = (ids[0], ids[1])
        let stamped = FieldStamps(["name": MergeClock.base, "locationId": MergeClock.base])
        let base = try ShoppingList(
            items: [Item(id: dropped, name: "Milk", locationID: unknown.id, modifiedAt: stamped)], locations: [unknown])
        // Theirs had met another device's Milk (the first-sorting id) and made the two one.
        let theirs = try ShoppingList(
            items: [Item(id: kept, name: "Milk", locationID: unknown.id, price: Price(cents: 99), modifiedAt: stamped)],
            locations: [unknown])
        let ours = try edited(base, at: MergeClock.later) { _ = try $0.edit(dropped, ItemChanges(note: .set("oat"))) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        let milk = try #require(report.list.item(named: "Milk"))
        #expect(milk.id == kept && milk.note == "oat" && milk.price == Price(cents: 99))
        #expect(report.list.itemCount == 1)
        #expect(report.conflicts.map(\.field) == ["same name"])
    }
}
