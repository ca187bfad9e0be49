import ShopJSON
import ShopModel

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
        for recipe in recipes {
            for need in needs[recipe.id] ?? [] {
                write(need, to: &writer)
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
        for recipe in recipes {
            write(recipe, to: &writer)
        }
        writer.endArray()
    }
}
