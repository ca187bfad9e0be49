#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Every record's fields, each declared once (see ``RecordField`` and its "Adding a field"). Each row: the
// data file key, the word people know the field by, how to read it, when it holds a value someone set, and
// how two sides merge it. Rows are in the order the merge settles the fields.

extension Item: DeclaredRecord {
    static let fields: [RecordField<Item>] = [
        RecordField(ItemKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        RecordField(ItemKey.quantity, "quantity", { $0.quantity }, isSet: { $0 != 1 }) { fields, key, _ in
            fields.merge(\.quantity, key) { "\($0)" }
        },
        // On the list for recipes only unless someone put it there: a person's wish is not lost.
        RecordField(ItemKey.recipesOnly, "for recipes only", { $0.recipesOnly }, isSet: { $0 }) { fields, key, _ in
            fields.merge(\.recipesOnly, key, unite: { $0 && $1 }) { "\($0)" }
        },
        RecordField(ItemKey.pantry, "pantry", { $0.pantry }, isSet: { $0 }) { fields, key, _ in
            fields.merge(\.pantry, key) { "\($0)" }
        },
        RecordField(ItemKey.onList, "on the list", { $0.onList }, isSet: { !$0 }) { fields, key, _ in
            fields.merge(\.onList, key, unite: { $0 || $1 }) { "\($0)" }
        },
        RecordField(ItemKey.isAvailable, "availability", { $0.isAvailable }, isSet: { !$0 }) { fields, key, _ in
            fields.merge(\.isAvailable, key) { "\($0)" }
        },
        // A date that only moves forward: the later one, whoever changed it.
        RecordField(ItemKey.dateLastPurchased, "date bought", { $0.dateLastPurchased }, isSet: { $0 != nil }) {
            fields, key, _ in fields.mergeLater(\.dateLastPurchased, key)
        },
        // Whether a location was chosen depends on the list (the Unknown Location is the default): the
        // merge asks the describer, which knows the merged Unknown Location's id.
        RecordField(ItemKey.locationId, "location", { $0.locationID }, isSet: { _ in true }) {
            fields, key, describing in
            fields.merge(
                \.locationID, key, isDefault: { $0 == describing.unknownID }, describe: describing.location)
        },
        // A price and its unit are one field (SPEC section 12): never the price of one edit with the unit of
        // another.
        RecordField(ItemKey.price, "price", { $0.priceWithUnit }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.priceWithUnit, key) { $0.map(PriceWithUnit.describe) ?? "none" }
        },
        RecordField(ItemKey.pack, "pack", { $0.pack }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.pack, key) { $0.map { Amount(parts: [$0]).description } ?? "none" }
        },
        // Kept from the log (a merge recomputes them from the merged log); per store, the later price.
        RecordField(ItemKey.storePrices, "prices at stores", { $0.storePrices }, isSet: { !$0.isEmpty }) {
            fields, key, _ in Item.mergeStorePrices(&fields, key)
        },
        // A set: a store marked on one device and another on the other are both kept.
        RecordField(ItemKey.unavailableAt, "unavailable at", { $0.unavailableAt }, isSet: { !$0.isEmpty }) {
            fields, key, _ in Item.mergeUnavailableAt(&fields, key)
        },
        RecordField(ItemKey.starred, "star", { $0.starred }, isSet: { $0 }) { fields, key, _ in
            fields.merge(\.starred, key) { "\($0)" }
        },
        RecordField(ItemKey.note, "note", { $0.note }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.note, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        // One field whichever property holds it: `--every auto` leaves the number of days nil.
        RecordField(ItemKey.every, "restock every", { $0.restockSetting }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.restockSetting, key) { setting in
                switch setting {
                case .days(let days): "\(days) days"
                case .learned: "auto"
                case nil: "none"
                }
            }
        },
    ]
}

extension Location: DeclaredRecord {
    static let fields: [RecordField<Location>] = [
        RecordField(LocationKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        RecordField(
            LocationKey.visitationOrder, "order", { $0.visitationOrder },
            isSet: { $0 != Location.defaultVisitationOrder }
        ) { fields, key, _ in fields.merge(\.visitationOrder, key) { "\($0)" } },
        RecordField(LocationKey.color, "colour", { $0.color }, isSet: { $0 != .neutral }) { fields, key, _ in
            fields.merge(\.color, key, describe: \.hex)
        },
    ]
}

extension Store: DeclaredRecord {
    static let fields: [RecordField<Store>] = [
        RecordField(StoreKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        // The walk is one value: interleaving two reorders would give an order nobody chose. Two stores
        // of one name walk the later walk, then the locations only the other walked.
        RecordField(StoreKey.locationIds, "walk", { $0.locationIDs }, isSet: { !$0.isEmpty }) {
            fields, key, describing in
            fields.merge(
                \.locationIDs, key,
                unite: { chosen, other in
                    let walked = Set(chosen)
                    return chosen + other.filter { !walked.contains($0) }
                }
            ) { $0.isEmpty ? "none" : $0.map(describing.location).joined(separator: ", ") }
        },
    ]
}

extension ListedRecipe: DeclaredRecord {
    static let fields: [RecordField<ListedRecipe>] = [
        RecordField(RecipeKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        RecordField(RecipeKey.label, "label", { $0.label }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.label, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField(RecipeKey.plan, "plan", { $0.plan }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.plan, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField(RecipeKey.entry, "plan entry", { $0.entry }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.entry, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
    ]
}

extension RecipeNeed: DeclaredRecord {
    static let fields: [RecordField<RecipeNeed>] = [
        RecordField(RecipeNeedKey.amount, "amount", { $0.amount }, isSet: { !$0.isEmpty }) { fields, key, _ in
            fields.merge(\.amount, key) { $0.description }
        },
        RecordField(RecipeNeedKey.itemId, "item", { $0.itemID }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.itemID, key) { $0.description }
        },
        RecordField(RecipeNeedKey.recipeId, "recipe", { $0.recipeID }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.recipeID, key) { $0.description }
        },
    ]
}
