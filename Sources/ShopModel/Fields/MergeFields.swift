import ShopJSON

// The fields each record merges are its table's (``DeclaredRecord/fields``); here only what the merge adds on top: the
// kind and name conflicts are reported under, and the rules that look at several fields at once.

extension MergeableRecord {
    /// Merges every field of the record, in its table's order, then the record's own rules.
    static func mergeFields(_ fields: inout FieldMerge<Self>, describing: MergeDescriber) {
        for field in Self.fields { field.merge(&fields, field.name, describing) }
        afterFields(&fields)
    }

    package static func afterFields(_ fields: inout FieldMerge<Self>) {}
}

extension Item: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .item }
    package var mergeName: String { name }

    package static func afterFields(_ fields: inout FieldMerge<Item>) { keepHandAdds(&fields) }
}

extension Item {
    /// A person who put the item on the list by hand on one side keeps it there, even when a recipe on the other side
    /// did too: field by field, taking the recipe back later would take the item off.
    private static func keepHandAdds(_ fields: inout FieldMerge<Item>) {
        guard fields.merged.recipesOnly, case .threeWay(let base) = fields.mode else { return }
        let baseHadItByHand = base.map { $0.onList && !$0.recipesOnly } ?? false
        func addedByHand(_ side: Item) -> Bool { side.onList && !side.recipesOnly && !baseHadItByHand }
        guard let side = [fields.ours, fields.theirs].first(where: addedByHand) else { return }
        fields.settle(
            \.recipesOnly, ItemKey.recipesOnly.rawValue, to: false, at: side.modifiedAt[ItemKey.onList.rawValue])
    }
}

extension Location: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .location }
    package var mergeName: String { name }
}

extension Store: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .store }
    package var mergeName: String { name }
}

extension ListedRecipe: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .recipe }
    package var mergeName: String { label.map { name + " (" + $0 + ")" } ?? name }
}

extension RecipeNeed: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .recipe }
    package var mergeName: String { id.description }
}

/// Turns kept values into the short text of a conflict line.
package struct MergeDescriber {
    /// A location's name as the local side (else the other) has it, quoted.
    let location: (Location.ID) -> String
    /// A list's name as either side has it, quoted (SPEC section 22: a conflict on an item's list names both lists).
    let list: (NamedList.ID) -> String
    /// The merged Unknown Location's id: where an item is when nobody chose a location.
    let unknownID: Location.ID

    package init(ours: MergeSide, theirs: MergeSide) {
        unknownID = ours.unknownID
        location = { id in
            (ours.location(id) ?? theirs.location(id)).map { MergeDescriber.text($0.name) } ?? id.description
        }
        list = { id in
            (ours.list.namedList(id) ?? theirs.list.namedList(id)).map { MergeDescriber.text($0.name) }
                ?? id.description
        }
    }

    /// A name or note in quotes, control characters escaped, cut short to keep the report to one readable line.
    static func text(_ value: String) -> String {
        let limit = 60
        guard value.utf8.count > limit, value.count > limit else { return quoted(value) }
        return quoted(String(value.prefix(limit - 1)) + "…")
    }

    static func date(_ value: Date?) -> String {
        value.map(TimestampText.string) ?? "none"
    }
}
