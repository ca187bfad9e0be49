/// What the merge does after recipes and their needs are merged by id (SPEC section 11.2: recipe
/// contributions merge through `sync` like everything else), so that the result is one consistent list.
enum RecipeMerge {
    /// - Needs follow the item kept when two items of one name became one.
    /// - A need whose recipe or item is gone (removed on the other side) goes.
    /// - Two recipes that are one (two devices ran one plan, or added one recipe with one label, apart)
    ///   become the one whose id sorts first, with its own needs: the amounts are not counted twice.
    /// - An item on the list for recipes only that no recipe needs any more leaves the list.
    static func settle(
        recipes: inout [ListedRecipe], needs: inout [RecipeNeed], items: inout [Item],
        movedItems: [Item.ID: Item.ID]
    ) {
        var keptByKey: [String: ListedRecipe.ID] = [:]
        for recipe in recipes.sorted(by: { $0.id < $1.id }) where keptByKey[recipe.key] == nil {
            keptByKey[recipe.key] = recipe.id
        }
        let kept = Set(keptByKey.values)
        recipes.removeAll { !kept.contains($0.id) }

        var itemPositions: [Item.ID: Int] = [:]
        for (position, item) in items.enumerated() { itemPositions[item.id] = position }
        var needed = Set<Item.ID>()
        var seenNeeds = Set<RecipeNeed.ID>()
        needs = needs.compactMap { need in
            var need = need
            if let moved = movedItems[need.itemID] { need.itemID = moved }
            guard kept.contains(need.recipeID), itemPositions[need.itemID] != nil,
                seenNeeds.insert(need.id).inserted
            else { return nil }
            needed.insert(need.itemID)
            return need
        }
        for position in items.indices where items[position].recipesOnly && !needed.contains(items[position].id) {
            if items[position].onList { items[position].onList = false }
            items[position].recipesOnly = false
        }
    }
}
