import Foundation
import ShopTestSupport
import Testing

@testable import ShopFormats
@testable import ShopModel
@testable import ShopSharing

/// Lists merged through `sync` (SPEC section 22): records with ids, field by field like stores; an item's list is
/// one field, the later stamp winning, and a conflict names both lists by name.
@Suite struct MergeListTests {
    /// `mergeBase()` with a `Party` list beside `Groceries`.
    private func base() throws -> ShoppingList {
        var list = try mergeBase()
        let before = list
        _ = try list.addList(named: "Party")
        list.stampChanges(since: before, at: MergeClock.base)
        return list
    }

    private func edit(
        _ list: ShoppingList, at date: Date, _ change: (inout ShoppingList) throws -> Void
    ) rethrows -> ShoppingList {
        var edited = list
        try change(&edited)
        edited.stampChanges(since: list, at: date)
        return edited
    }

    @Test func aRenameOnOneDeviceAndAddsOnTheOtherBothSurvive() throws {
        let base = try base()
        let party = base.namedList(named: "Party")!.id
        let ours = try edit(base, at: Clock.daysAgo(1)) { _ = try $0.rename(party, to: "Birthday") }
        let theirs = try edit(base, at: Clock.now) { _ = try $0.add(["cake", "candles"], onto: party) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.listsInNameOrder.map(\.name) == ["Birthday", "Groceries"])
        #expect(report.list.items(on: party).map(\.name).sorted() == ["cake", "candles"])
        #expect(report.conflicts.isEmpty)
    }

    @Test func oneItemMovedToTwoListsTakesTheLaterMoveAndNamesBothLists() throws {
        var base = try base()
        let before = base
        _ = try base.addList(named: "Hardware")
        base.stampChanges(since: before, at: MergeClock.base)
        let milk = base.item(named: "Milk")!.id
        let (party, hardware) = (base.namedList(named: "Party")!.id, base.namedList(named: "Hardware")!.id)
        let ours = try edit(base, at: Clock.daysAgo(1)) { _ = try $0.moveItems([milk], to: party) }
        let theirs = try edit(base, at: Clock.now) { _ = try $0.moveItems([milk], to: hardware) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.item(milk)?.listID == hardware)
        let conflict = try #require(report.conflicts.first { $0.field == ItemKey.listId.rawValue })
        #expect(conflict.ours == "'Party'" || conflict.ours == "\"Party\"", "\(conflict)")
        #expect(conflict.theirs == "'Hardware'" || conflict.theirs == "\"Hardware\"", "\(conflict)")
        // The same on the other device.
        let mirrored = try merged(base: base, ours: theirs, theirs: ours)
        #expect(mirrored.list.item(milk)?.listID == hardware)
    }

    @Test func anItemMovedToAListTheOtherSideRemovedGoesToTheFirstListLeft() throws {
        let base = try base()
        let milk = base.item(named: "Milk")!.id
        let party = base.namedList(named: "Party")!.id
        let ours = try edit(base, at: Clock.daysAgo(1)) { _ = try $0.moveItems([milk], to: party) }
        let theirs = try edit(base, at: Clock.now) { _ = try $0.removeList(party, moveTo: nil) }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.namedList(party) == nil)
        #expect(report.list.item(milk)?.listID == NamedList.groceriesID)
    }

    @Test func twoDevicesAddingOneNameHaveOneList() throws {
        let base = try mergeBase()
        let ours = try edit(base, at: Clock.daysAgo(1)) { _ = try $0.addList(named: "Party") }
        let theirs = try edit(base, at: Clock.now) { list in
            let party = try list.addList(named: "party")
            _ = try list.add(["cake"], onto: party.id)
        }
        let report = try merged(base: base, ours: ours, theirs: theirs)
        #expect(report.list.lists.count == 2)
        let cake = try #require(report.list.item(named: "cake"))
        #expect(report.list.listName(of: cake)?.lowercased() == "party")
    }
}

/// Items made where no list is named (recipes, imports, the page) never name a list the file lacks.
@Suite struct ListHomeTests {
    @Test func anItemMadeWithoutAListAfterGroceriesIsRemovedGoesOnTheFirstList() throws {
        var list = try mergeBase()
        let party = try list.addList(named: "Party")
        _ = try list.moveItems(list.items.map(\.id), to: party.id)
        _ = try list.removeList(NamedList.groceriesID, moveTo: nil)
        _ = try list.add(["cake"])
        #expect(list.item(named: "cake")?.listID == party.id)
        let read = try DataFileCodec.decode(DataFileCodec.encode(list), path: "x")
        #expect(read.item(named: "cake")?.listID == party.id)
    }
}
