/// Writing the records of data file version 4 (see ``DataFileCodec``): the recipes on the list (by name,
/// label, plan entry) and what each added (by recipe, then item name), left out when there are none.
extension DataFileCodec {
    /// The `recipeNeeds` and `recipes` members, in that (sorted) order.
    static func writeRecipes(of list: ShoppingList, to writer: inout JSONWriter) {
        let recipes = list.recipesInNameOrder
        guard !recipes.isEmpty else { return }
        let needs = list.needsByRecipe()
        let file = FileKey.layout
        writer.key(file.position(of: .recipeNeeds), of: file.members)
        writer.beginArray()
        for recipe in recipes {
            for need in needs[recipe.id] ?? [] { write(need, to: &writer) }
        }
        writer.endArray()
        writer.key(file.position(of: .recipes), of: file.members)
        writer.beginArray()
        for recipe in recipes { write(recipe, to: &writer) }
        writer.endArray()
    }

    private static func write(_ need: RecipeNeed, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = RecipeNeedKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .amount:
                guard !need.amount.isEmpty else { continue }
                writer.key(position, of: layout.members)
                writer.amount(need.amount)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(need.id.uuid)
            case .itemId:
                writer.key(position, of: layout.members)
                writer.uuid(need.itemID.uuid)
            case .modifiedAt: stamp(need.modifiedAt, position, of: layout.members, to: &writer)
            case .recipeId:
                writer.key(position, of: layout.members)
                writer.uuid(need.recipeID.uuid)
            }
        }
        writer.endObject()
    }

    private static func write(_ recipe: ListedRecipe, to writer: inout JSONWriter) {
        writer.beginObject()
        let layout = RecipeKey.layout
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .entry:
                guard let entry = recipe.entry else { continue }
                writer.key(position, of: layout.members)
                writer.string(entry)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(recipe.id.uuid)
            case .label:
                guard let label = recipe.label else { continue }
                writer.key(position, of: layout.members)
                writer.string(label)
            case .modifiedAt: stamp(recipe.modifiedAt, position, of: layout.members, to: &writer)
            case .name:
                writer.key(position, of: layout.members)
                writer.string(recipe.name)
            case .plan:
                guard let plan = recipe.plan else { continue }
                writer.key(position, of: layout.members)
                writer.string(plan)
            }
        }
        writer.endObject()
    }
}

extension JSONWriter {
    /// An amount as the data file holds it: a whole count as a number, anything else its exact text.
    mutating func amount(_ amount: Amount) {
        if let count = amount.wholeCount {
            int(count)
        } else {
            string(amount.exactText)
        }
    }
}
