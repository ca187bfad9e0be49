import ShopModel

/// Recipes in `shop import` (SPEC section 11.2: `export`/`import` carry recipe contributions).
extension ShoppingList {
    /// Adds the imported recipes the list does not have yet (matched as `recipe add` matches them: by name
    /// and label, or by plan entry) with what each added, its items matched as the items were (by name,
    /// through `itemIDs`). A recipe the list already has keeps what it has, so importing one export twice
    /// never counts an amount twice. Needs of items the import did not bring are left out.
    mutating func mergeRecipes(_ recipes: [ListedRecipe], needs: [RecipeNeed], itemIDs: [Item.ID: Item.ID]) {
        guard !recipes.isEmpty else { return }
        let known = Set(recipesByID.values.lazy.map(\.key))
        var added: [ListedRecipe.ID: ListedRecipe.ID] = [:]
        for recipe in recipes where !known.contains(recipe.key) {
            let id = recipesByID[recipe.id] == nil ? recipe.id : .random()
            recipesByID[id] = ListedRecipe(
                id: id, name: recipe.name, label: recipe.label, plan: recipe.plan, entry: recipe.entry,
                askedFor: recipe.askedFor, modifiedAt: recipe.modifiedAt)
            added[recipe.id] = id
        }
        var touched = Set<Item.ID>()
        for need in needs {
            guard let recipeID = added[need.recipeID], let itemID = itemIDs[need.itemID], itemsByID.contains(itemID)
            else { continue }
            let id = needsByID[need.id] == nil ? need.id : .random()
            insert(
                RecipeNeed(id: id, recipeID: recipeID, itemID: itemID, amount: need.amount, modifiedAt: need.modifiedAt)
            )
            touched.insert(itemID)
        }
        // An item a recipe needs is on the list.
        for id in touched where itemsByID[id]?.onList == false {
            var item = itemsByID[id]!
            item.onList = true
            item.recipesOnly = true
            itemsByID[id] = item
        }
    }
}
