import ShopModel

// A recipe need's object in the data file: the members its rows declare (``RecipeNeed/fields``, ShopModel's
// `Fields/RecipeNeed+Fields.swift`), with its own `id` and `modifiedAt` (``RecordCodec``).

extension RecipeNeed: CodedRecord {
    static let codec = RecordCodec<RecipeNeed, RecipeNeedKey>(kind: "recipe need", id: .id, stamps: .modifiedAt)
    static var unread: RecipeNeed {
        let unread = DataFileDecoder.unread
        return RecipeNeed(
            id: RecipeNeed.ID(unread), recipeID: ListedRecipe.ID(unread), itemID: Item.ID(unread), amount: .none)
    }
}
