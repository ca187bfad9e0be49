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

/// Times the merge tests stamp with: the base is saved first, then each side, `ours` before `theirs`
/// unless a test says otherwise.
package enum MergeClock {
    package static let base = Clock.daysAgo(10)
    package static let earlier = Clock.daysAgo(2)
    package static let later = Clock.daysAgo(1)
}

/// `list` changed by `change` and stamped at `time`, as `shop` saves a change.
package func edited(
    _ list: ShoppingList, at time: Date, _ change: (inout ShoppingList) throws -> Void
) rethrows -> ShoppingList {
    var changed = list
    try change(&changed)
    changed.stampChanges(since: list, at: time)
    return changed
}

/// The model fixture (Dairy: Milk, Yogurt; Produce: apples, Bananas; Batteries at the Unknown Location),
/// with a store "Corner" walking Produce then Dairy, saved ten days ago: the common base of the tests.
package func mergeBase() throws -> ShoppingList {
    var list = try ShoppingList.fixture()
    _ = try list.addStore(named: "Corner", walking: [list.locationID("Produce"), list.locationID("Dairy")])
    list.stampChanges(since: ShoppingList(), at: MergeClock.base)
    return list
}

extension ShoppingList {
    package func locationID(_ name: String) -> Location.ID { location(named: name)!.id }
    package func storeID(_ name: String) -> Store.ID { store(named: name)!.id }
    /// The names of a store's walk.
    package func walkNames(_ storeName: String) -> [String] {
        store(named: storeName)!.locationIDs.map { location($0)!.name }
    }
    /// Items' names in rule 7's name order.
    package var itemNames: [String] { nameOrder(items).map(\.name) }
    /// Every record, so that two lists compare field by field in a failure message.
    package var records: [String] {
        nameOrder(items).map { "\($0)" } + locationsInVisitationOrder.map { "\($0)" }
            + storesInNameOrder.map { "\($0)" } + listsInNameOrder.map { "\($0)" }
    }
}

/// Merges and checks the result is a list a data file can hold: it re-encodes and decodes to itself and
/// passes the validating init; no value a conflict reports breaks a line in two.
package func merged(
    base: ShoppingList, ours: ShoppingList, theirs: ShoppingList, sourceLocation: SourceLocation = #_sourceLocation
) throws -> MergeReport {
    let report = ShoppingList.merge(base: base, ours: ours, theirs: theirs)
    try expectValid(report.list, sourceLocation: sourceLocation)
    for conflict in report.conflicts {
        for value in [conflict.ours, conflict.theirs, conflict.kept] {
            #expect(value?.contains("\n") != true, sourceLocation: sourceLocation)
        }
    }
    return report
}

package func expectValid(_ list: ShoppingList, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let decoded = try DataFileCodec.decodeContents(consuming: DataFileCodec.encode(list), path: "merged.json")
    // The current store and the timer are the device's, never in the data file.
    #expect(decoded.legacyDevice == DeviceState(), sourceLocation: sourceLocation)
    #expect(decoded.list == list, sourceLocation: sourceLocation)
    let rebuilt = try ShoppingList(
        items: Array(list.items), locations: Array(list.locations), stores: Array(list.stores),
        recipes: list.recipesInNameOrder, needs: list.recipeNeeds, lists: list.lists)
    #expect(rebuilt == list, sourceLocation: sourceLocation)
}

extension MergeConflict {
    /// Every fact of the conflict in one string, to compare a report at a glance: kind, name, field, ours,
    /// theirs, the value kept, its side and the rule (`item Milk: quantity ours 2 theirs 3 kept 3 by
    /// theirs laterEdit`). The command line words these (its tests pin the words).
    package var facts: String {
        "\(kind.rawValue) \(name): \(field) ours \(ours ?? "-") theirs \(theirs ?? "-") kept \(kept ?? "-") by "
            + "\(keptSide?.rawValue ?? "-") \(resolution)"
    }
}

extension Workspace {
    /// The merge of three sides with their logs, as `sync` merges them, as one side again.
    package static func merge(base: Workspace, ours: Workspace, theirs: Workspace) -> Workspace {
        let report = ShoppingList.merge(
            base: base.list, ours: ours.list, theirs: theirs.list, logs: (base.log, ours.log, theirs.log))
        return Workspace(list: report.list, log: report.log)
    }
}
