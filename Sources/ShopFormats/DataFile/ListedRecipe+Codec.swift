import ShopModel

// A recipe's object in the data file: the members its rows declare (``ListedRecipe/fields``, ShopModel's
// `Fields/ListedRecipe+Fields.swift`), with its own `id` and `modifiedAt` (``RecordCodec``).

extension ListedRecipe: CodedRecord {
    static let codec = RecordCodec<ListedRecipe, RecipeKey>(kind: "recipe", id: .id, stamps: .modifiedAt)
    static var unread: ListedRecipe { ListedRecipe(id: ListedRecipe.ID(DataFileDecoder.unread), name: "") }
}
