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
    /// The `recipeNeeds` member (by recipe in name order, then as the list keeps them), left out when no
    /// recipe is on the list.
    static func writeRecipeNeeds(
        of list: ShoppingList, _ position: Int, of members: JSONMemberLayout, to writer: inout JSONWriter
    ) {
        let recipes = list.recipesInNameOrder
        guard !recipes.isEmpty else { return }
        let needs = list.needsByRecipe()
        writer.key(position, of: members)
        writer.beginArray()
        let layout = RecipeNeedKey.layout
        for recipe in recipes {
            for need in needs[recipe.id] ?? [] {
                writer.beginObject()
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
        }
        writer.endArray()
    }

    /// The `recipes` member in name order, left out when there are none.
    static func writeRecipes(
        of list: ShoppingList, _ position: Int, of members: JSONMemberLayout, to writer: inout JSONWriter
    ) {
        let recipes = list.recipesInNameOrder
        guard !recipes.isEmpty else { return }
        writer.key(position, of: members)
        writer.beginArray()
        let layout = RecipeKey.layout
        for recipe in recipes {
            writer.beginObject()
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
