import ShopModel

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
        // Per item, when its newest need was written.
        var newestNeed: [Item.ID: Date] = [:]
        needs = needs.compactMap { need in
            var need = need
            if let moved = movedItems[need.itemID] { need.itemID = moved }
            guard kept.contains(need.recipeID), itemPositions[need.itemID] != nil,
                seenNeeds.insert(need.id).inserted
            else { return nil }
            needed.insert(need.itemID)
            if let written = need.modifiedAt.newest, newestNeed[need.itemID].map({ $0 < written }) ?? true {
                newestNeed[need.itemID] = written
            }
            return need
        }
        keepNewerNeedsOnList(&items, newestNeed: newestNeed)
        // A need older than the purchase that took its item off the list was covered by it.
        let offSince = Dictionary(
            items.lazy.filter { !$0.onList }.compactMap { item in
                item.modifiedAt[ItemKey.onList.rawValue].map { (item.id, $0) }
            }, uniquingKeysWith: { first, _ in first })
        needs.removeAll { need in
            guard let takenOff = offSince[need.itemID], let written = need.modifiedAt.newest else { return false }
            return written < takenOff
        }
        needed = Set(needs.lazy.map(\.itemID))
        for position in items.indices where items[position].recipesOnly && !needed.contains(items[position].id) {
            if items[position].onList { items[position].onList = false }
            items[position].recipesOnly = false
        }
    }

    /// A purchase covers only what was on the list when it was made (SPEC 16): an item taken off the list (bought, or
    /// dropped) before a recipe or a plan wrote a need of it, on a device that had not seen that purchase, is back on
    /// the list, from the need's time. The plan never moved the item's `onList` stamp, so the stamps alone cannot say.
    /// It is back for those needs only (SPEC 23): the person's own amount was bought (eggs ×1 bought Thursday, an
    /// omelette's 4 planned Saturday: 4 on the list, not 5).
    static func keepNewerNeedsOnList(_ items: inout [Item], newestNeed: [Item.ID: Date]) {
        guard !newestNeed.isEmpty else { return }
        let key = ItemKey.onList.rawValue
        for position in items.indices where !items[position].onList {
            guard let written = newestNeed[items[position].id],
                let takenOff = items[position].modifiedAt[key], takenOff < written
            else { continue }
            items[position].onList = true
            items[position].modifiedAt[key] = written
            items[position].recipesOnly = true
            items[position].modifiedAt[ItemKey.recipesOnly.rawValue] = written
        }
    }
}
