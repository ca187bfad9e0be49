#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The fields each record merges, in the order its conflicts read. Field names are the data file's keys.

extension Item: MergeableRecord {
    static var conflictKind: MergeConflict.Kind { .item }
    var mergeName: String { name }

    static func mergeFields(_ fields: inout FieldMerge<Item>, describing: MergeDescriber) {
        fields.merge(\.name, "name", describe: MergeDescriber.text)
        fields.merge(\.quantity, "quantity") { "\($0)" }
        // On the list for recipes only unless someone put it there: a person's wish is not lost.
        fields.merge(\.recipesOnly, "recipesOnly", unite: { $0 && $1 }) { "\($0)" }
        fields.merge(\.pantry, "pantry") { "\($0)" }
        fields.merge(\.onList, "onList", unite: { $0 || $1 }) { "\($0)" }
        keepHandAdds(&fields)
        fields.merge(\.isAvailable, "isAvailable") { "\($0)" }
        fields.mergeLater(\.dateLastPurchased, "dateLastPurchased")
        fields.merge(
            \.locationID, "locationId", isDefault: { $0 == describing.unknownID }, describe: describing.location)
        fields.merge(\.priceWithUnit, "price") { $0.map(PriceWithUnit.describe) ?? "none" }
        mergeReceiptFields(&fields)
        fields.merge(\.starred, "starred") { "\($0)" }
        fields.merge(\.note, "note") { $0.map(MergeDescriber.text) ?? "none" }
        fields.merge(\.restockSetting, "every") { setting in
            switch setting {
            case .days(let days): "\(days) days"
            case .learned: "auto"
            case nil: "none"
            }
        }
    }
}

extension Item {
    /// A person who put the item on the list by hand on one side (on the list, not for recipes only, where
    /// the base had it off the list or there for recipes) keeps it there, even when a recipe on the other
    /// side put it on the list too: field by field, `recipesOnly` would come from the recipe's side alone
    /// (the hand side left it unchanged), and taking the recipe back later would take the item off.
    private static func keepHandAdds(_ fields: inout FieldMerge<Item>) {
        guard fields.merged.recipesOnly, case .threeWay(let base) = fields.mode else { return }
        let baseHadItByHand = base.map { $0.onList && !$0.recipesOnly } ?? false
        func addedByHand(_ side: Item) -> Bool { side.onList && !side.recipesOnly && !baseHadItByHand }
        guard let side = [fields.ours, fields.theirs].first(where: addedByHand) else { return }
        fields.settle(\.recipesOnly, "recipesOnly", to: false, at: side.modifiedAt["onList"])
    }
}

extension Location: MergeableRecord {
    static var conflictKind: MergeConflict.Kind { .location }
    var mergeName: String { name }

    static func mergeFields(_ fields: inout FieldMerge<Location>, describing: MergeDescriber) {
        fields.merge(\.name, "name", describe: MergeDescriber.text)
        fields.merge(\.visitationOrder, "visitationOrder") { "\($0)" }
        fields.merge(\.color, "color", describe: \.hex)
    }
}

extension Store: MergeableRecord {
    static var conflictKind: MergeConflict.Kind { .store }
    var mergeName: String { name }

    static func mergeFields(_ fields: inout FieldMerge<Store>, describing: MergeDescriber) {
        fields.merge(\.name, "name", describe: MergeDescriber.text)
        // The walk is one value: interleaving two reorders would give an order nobody chose. Two stores
        // of one name walk the later walk, then the locations only the other walked.
        fields.merge(
            \.locationIDs, "locationIds",
            unite: { chosen, other in
                let walked = Set(chosen)
                return chosen + other.filter { !walked.contains($0) }
            }
        ) {
            $0.isEmpty ? "none" : $0.map(describing.location).joined(separator: ", ")
        }
    }
}

extension ListedRecipe: MergeableRecord {
    static var conflictKind: MergeConflict.Kind { .recipe }
    var mergeName: String { label.map { name + " (" + $0 + ")" } ?? name }

    static func mergeFields(_ fields: inout FieldMerge<ListedRecipe>, describing: MergeDescriber) {
        fields.merge(\.name, "name", describe: MergeDescriber.text)
        fields.merge(\.label, "label") { $0.map(MergeDescriber.text) ?? "none" }
        fields.merge(\.plan, "plan") { $0.map(MergeDescriber.text) ?? "none" }
        fields.merge(\.entry, "entry") { $0.map(MergeDescriber.text) ?? "none" }
    }
}

extension RecipeNeed: MergeableRecord {
    static var conflictKind: MergeConflict.Kind { .recipe }
    var mergeName: String { id.description }

    static func mergeFields(_ fields: inout FieldMerge<RecipeNeed>, describing: MergeDescriber) {
        fields.merge(\.amount, "amount") { $0.description }
        fields.merge(\.itemID, "itemId") { $0.description }
        fields.merge(\.recipeID, "recipeId") { $0.description }
    }
}

/// Turns kept values into the short text of a conflict line.
struct MergeDescriber {
    /// A location's name as the local side (else the other) has it, quoted.
    let location: (Location.ID) -> String
    /// The merged Unknown Location's id: where an item is when nobody chose a location.
    let unknownID: Location.ID

    init(ours: MergeSide, theirs: MergeSide) {
        unknownID = ours.unknownID
        location = { id in
            (ours.location(id) ?? theirs.location(id)).map { MergeDescriber.text($0.name) } ?? id.description
        }
    }

    /// A name or note in quotes, control characters escaped, cut short so that a long note keeps the
    /// report to one readable line.
    static func text(_ value: String) -> String {
        let limit = 60
        guard value.utf8.count > limit, value.count > limit else { return quoted(value) }
        return quoted(String(value.prefix(limit - 1)) + "…")
    }

    static func date(_ value: Date?) -> String {
        value.map(TimestampText.string) ?? "none"
    }
}
