import ShopJSON

// A recipe on the list's fields (``ListedRecipe``, data file version 4), each declared once (see
// ``RecordField`` and its "Adding a field"): its keys and its table, which the data file's codec walks.

/// A recipe on the list's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum RecipeKey: String, DataFileKey {
    case askedFor, entry, id, label, modifiedAt, name, plan
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

extension ListedRecipe: DeclaredRecord {
    package static let fields: [RecordField<ListedRecipe>] = [
        .name(RecipeKey.name, { $0.name }, set: { $0.name = $1 }, merging: \.name),
        RecordField<ListedRecipe>(
            RecipeKey.label, "label", { $0.label }, set: { $0.label = $1 }, .text, isSet: { $0 != nil }
        ) {
            fields, key, _ in
            fields.merge(\.label, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField<ListedRecipe>(
            RecipeKey.plan, "plan", { $0.plan }, set: { $0.plan = $1 }, .text, isSet: { $0 != nil }
        ) {
            fields, key, _ in
            fields.merge(\.plan, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField<ListedRecipe>(
            RecipeKey.entry, "plan entry", { $0.entry }, set: { $0.entry = $1 }, .text, isSet: { $0 != nil }
        ) { fields, key, _ in
            fields.merge(\.entry, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField<ListedRecipe>(
            RecipeKey.askedFor, "ingredients asked for", { $0.askedFor }, set: { $0.askedFor = $1 }, .text,
            isSet: { $0 != nil }
        ) { fields, key, _ in
            fields.merge(\.askedFor, key) { $0 == nil ? "none" : "as the recipe file read then" }
        },
    ]
}
