/// Writing the records of data file version 4 (see ``DataFileCodec``): the recipes on the list (by name,
/// label, plan entry) and what each added (by recipe, then item name), left out when there are none.
///
/// ```json
///   "recipeNeeds" : [
///     {
///       "amount" : "500 g",
///       "id" : "…",
///       "itemId" : "…",
///       "recipeId" : "…"
///     }
///   ],
///   "recipes" : [
///     {
///       "id" : "…",
///       "label" : "tuesday",
///       "name" : "Lasagne"
///     }
///   ],
/// ```
extension DataFileCodec {
    static func writeRecipes(of list: ShoppingList, to writer: inout JSONWriter) {
        let recipes = list.recipesInNameOrder
        guard !recipes.isEmpty else { return }
        let needs = list.needsByRecipe()
        writer.key(static: "recipeNeeds")
        writer.beginArray()
        for recipe in recipes {
            for need in needs[recipe.id] ?? [] {
                writer.beginObject()
                if !need.amount.isEmpty {
                    writer.key(static: "amount")
                    writer.amount(need.amount)
                }
                writer.key(static: "id")
                writer.uuid(need.id.uuid)
                writer.key(static: "itemId")
                writer.uuid(need.itemID.uuid)
                stamp(need.modifiedAt, to: &writer)
                writer.key(static: "recipeId")
                writer.uuid(need.recipeID.uuid)
                writer.endObject()
            }
        }
        writer.endArray()
        writer.key(static: "recipes")
        writer.beginArray()
        for recipe in recipes {
            writer.beginObject()
            if let entry = recipe.entry {
                writer.key(static: "entry")
                writer.string(entry)
            }
            writer.key(static: "id")
            writer.uuid(recipe.id.uuid)
            if let label = recipe.label {
                writer.key(static: "label")
                writer.string(label)
            }
            stamp(recipe.modifiedAt, to: &writer)
            writer.key(static: "name")
            writer.string(recipe.name)
            if let plan = recipe.plan {
                writer.key(static: "plan")
                writer.string(plan)
            }
            writer.endObject()
        }
        writer.endArray()
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
