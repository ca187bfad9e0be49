import Foundation
import ShopFormats
import ShopHistory
import ShopJSON
import ShopModel
import ShopSharing
import Testing

/// The record-by-record difference `sync` names (SPEC 8.4): every record added, changed (with its fields)
/// or removed, items then locations then stores, each in name order; stamps are not changes.
@Suite struct RecordChangesTests {
    @Test func namesEveryChangedRecordWithItsFields() throws {
        var log = PurchaseLog()
        let old = try mergeBase()
        var new = old
        let milk = new.item(named: "Milk")!.id
        _ = try new.add(["Rye bread"])
        _ = try new.remove([new.item(named: "Batteries")!.id])
        _ = try new.buy([milk], at: MergeClock.later, log: &log)
        _ = try new.addLocation(named: "Deli counter")
        new.stampChanges(since: old, at: MergeClock.later)
        let changes = RecordChanges(from: old, to: new).changes
        #expect(changes.map(\.name) == ["Batteries", "Milk", "Rye bread", "Deli counter"])
        #expect(changes.map(\.change) == [.removed, .changed, .added, .added])
        #expect(changes[1].fields == ["onList", "dateLastPurchased"] && changes[1].onList == false)
        #expect(changes.map(\.kind) == [.item, .item, .item, .location])
        #expect(changes[1].id == milk.description)
    }

    @Test func stampsAloneAndAnotherDevicesUnknownLocationIdAreNoChange() throws {
        let old = try mergeBase()
        var restamped = old
        restamped.stampChanges(since: ShoppingList(), at: MergeClock.later)
        #expect(RecordChanges(from: old, to: restamped).isEmpty)
        // Two devices that started apart have Unknown Locations of different ids: one location all the same.
        #expect(RecordChanges(from: ShoppingList(), to: ShoppingList()).isEmpty)
    }

    @Test func aRestockIntervalLearnedFromPurchasesIsAChange() throws {
        // `edit jam --every auto` leaves `every` nil on both sides: the field is the setting, not the days.
        let old = try mergeBase()
        var new = old
        let milk = new.item(named: "Milk")!.id
        var auto = ItemChanges()
        auto.restock = .set(.learned)
        _ = try new.edit(milk, auto)
        new.stampChanges(since: old, at: MergeClock.later)
        let changes = RecordChanges(from: old, to: new).changes
        #expect(changes.map(\.name) == ["Milk"] && changes.first?.fields == ["every"])
    }
}
