import ShopJSON

// The fields of what a recipe on the list added to one item (``RecipeNeed``, data file version 4), each
// declared once (see ``RecordField`` and its "Adding a field"): its keys and its table, which the data file's
// codec walks.

/// A recipe need's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum RecipeNeedKey: String, DataFileKey {
    case amount, id, itemId, modifiedAt, recipeId
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
}

extension RecipeNeed: DeclaredRecord {
    package static let fields: [RecordField<RecipeNeed>] = [
        RecordField<RecipeNeed>(
            RecipeNeedKey.amount, "amount", { $0.amount }, set: { $0.amount = $1 }, .amountIfAny,
            isSet: { !$0.isEmpty }
        ) { fields, key, _ in
            fields.merge(\.amount, key) { $0.description }
        },
        RecordField<RecipeNeed>(
            RecipeNeedKey.itemId, "item", { $0.itemID }, set: { $0.itemID = $1 }, .itemID, required: true,
            isSet: { _ in true }
        ) { fields, key, _ in
            fields.merge(\.itemID, key) { $0.description }
        },
        RecordField<RecipeNeed>(
            RecipeNeedKey.recipeId, "recipe", { $0.recipeID }, set: { $0.recipeID = $1 }, .recipeID, required: true,
            isSet: { _ in true }
        ) { fields, key, _ in
            fields.merge(\.recipeID, key) { $0.description }
        },
    ]
}
