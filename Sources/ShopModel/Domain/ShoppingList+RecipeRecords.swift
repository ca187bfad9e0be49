/// The recipe records of the list (SPEC section 11.2): reading them, checking them when a list is built,
/// and keeping each item's ``Item/recipeNeed`` the sum of its needs.
extension ShoppingList {
    /// Every recipe on the list, by name, then label (both by their rule 7 keys), then plan entry, then
    /// id; all in code-point order, as rule 7 is (Swift's `<` would tie NFC and NFD "café").
    public var recipesInNameOrder: [ListedRecipe] {
        recipesByID.values.map { recipe in
            (
                recipe,
                [
                    NameOrder.key(recipe.name), recipe.label.map(NameOrder.key) ?? "", recipe.plan ?? "",
                    recipe.entry ?? "",
                ]
            )
        }
        .sorted { left, right in
            let order = NameOrder.codePointOrder(left.1, right.1)
            return order != 0 ? order < 0 : left.0.id < right.0.id
        }
        .map(\.0)
    }

    /// Every recipe need, in no particular order.
    public var recipeNeeds: [RecipeNeed] { needsByID.values }

    /// The recipe with this id, if any.
    public func recipe(_ id: ListedRecipe.ID) -> ListedRecipe? { recipesByID[id] }

    /// The needs of every recipe, by recipe, each recipe's in the order of its items' names: one pass.
    public func needsByRecipe() -> [ListedRecipe.ID: [RecipeNeed]] {
        var result: [ListedRecipe.ID: [RecipeNeed]] = [:]
        for need in needsByID.values { result[need.recipeID, default: []].append(need) }
        for (id, needs) in result {
            result[id] = needs.sorted(by: needItemOrder)
        }
        return result
    }

    /// Takes the recipe records of a list being built, checking that ids are unique, that no two recipes
    /// are one (same name and label, or same plan entry), that every need refers to a recipe and an item
    /// that exist, and that each item needed stays within the limits; then sums each item's needs.
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` with an empty path.
    mutating func adoptRecipes(_ recipes: [ListedRecipe], needs: [RecipeNeed]) throws(ShopError) {
        func refuse(_ detail: String) -> ShopError { .corruptFile(path: "", detail: detail) }
        guard !recipes.isEmpty || !needs.isEmpty else { return }
        var keys = Set<String>()
        for recipe in recipes {
            guard recipesByID[recipe.id] == nil else { throw refuse("two recipes share the id \(recipe.id)") }
            if let problem = Self.recipeProblem(recipe, keys: &keys) { throw refuse(problem) }
            recipesByID[recipe.id] = recipe
        }
        var sums: [Item.ID: Amount] = [:]
        // Summed in ``needOrder(_:_:)``: the units shown never depend on the order the needs came in.
        for need in needs.sorted(by: needOrder) {
            guard needsByID[need.id] == nil else { throw refuse("two recipe needs share the id \(need.id)") }
            if let problem = needProblem(need) { throw refuse(problem) }
            needsByID[need.id] = need
            sums[need.itemID] = (sums[need.itemID] ?? .none).adding(need.amount)
        }
        for (id, sum) in sums {
            itemsByID[id]!.recipeNeed = sum
            if let problem = Self.neededItemProblem(itemsByID[id]!) { throw refuse(problem) }
        }
    }

    // The reader's rules for recipe records, one a function: ``adoptRecipes(_:needs:)`` applies them to a
    // file being read, ``readBackProblem()`` to a list about to be written.

    /// What is wrong with a recipe record beside the others whose keys are in `keys` (it adds its own).
    static func recipeProblem(_ recipe: ListedRecipe, keys: inout Set<String>) -> String? {
        guard !Validation.trimmed(recipe.name).isEmpty else { return "a recipe has an empty name" }
        guard keys.insert(recipe.key).inserted else {
            return "recipe \(quoted(recipe.name)) is on the list twice with one label"
        }
        return nil
    }

    /// What is wrong with a need: a recipe or an item that does not exist.
    func needProblem(_ need: RecipeNeed) -> String? {
        guard recipesByID.contains(need.recipeID) else {
            return "a recipe need refers to recipe id \(need.recipeID), which does not exist"
        }
        guard itemsByID.contains(need.itemID) else {
            return "a recipe need refers to item id \(need.itemID), which does not exist"
        }
        return nil
    }

    /// What is wrong with an item recipes need, its needs summed in ``Item/recipeNeed``: past the limits.
    static func neededItemProblem(_ item: Item) -> String? {
        item.amount.isWithinLimits ? nil : "item \(quoted(item.name)) needs more than the limits allow"
    }

    /// Adds a need, keeping its item's sum.
    package mutating func insert(_ need: RecipeNeed) {
        needsByID[need.id] = need
        recomputeNeed(of: need.itemID)
    }

    /// Removes a need, taking its amount off its item's sum.
    package mutating func delete(_ id: RecipeNeed.ID) {
        guard let need = needsByID.removeValue(forKey: id) else { return }
        recomputeNeed(of: need.itemID)
    }

    /// The order needs are summed in, so that a family's total is in the same unit on every device, and
    /// metric when any need was: metric amounts first, then by recipe (name, label, plan entry), then id.
    func needOrder(_ left: RecipeNeed, _ right: RecipeNeed) -> Bool {
        func key(_ need: RecipeNeed) -> (Int, String) {
            let customary =
                need.amount.parts.first.map { MeasureUnit.customarySymbols.contains($0.unit.symbol) } ?? false
            return (customary ? 1 : 0, recipesByID[need.recipeID]?.key ?? "")
        }
        let (a, b) = (key(left), key(right))
        if a.0 != b.0 { return a.0 < b.0 }
        let order = NameOrder.codePointOrder(a.1, b.1)
        return order != 0 ? order < 0 : left.id < right.id
    }

    /// Needs in the order of their items' names (by rule 7's key, in code-point order), then id.
    func needItemOrder(_ left: RecipeNeed, _ right: RecipeNeed) -> Bool {
        let order = NameOrder.codePointOrder(
            NameOrder.key(itemsByID[left.itemID]?.name ?? ""), NameOrder.key(itemsByID[right.itemID]?.name ?? ""))
        return order != 0 ? order < 0 : left.id < right.id
    }

    /// Sets an item's ``Item/recipeNeed`` to the sum of its needs (see ``needOrder(_:_:)``). Needs are few: a scan.
    private mutating func recomputeNeed(of id: Item.ID) {
        guard var item = itemsByID[id] else { return }
        let sum = needsByID.values.filter { $0.itemID == id }.sorted(by: needOrder)
            .reduce(Amount.none) { $0.adding($1.amount) }
        guard sum != item.recipeNeed else { return }
        item.recipeNeed = sum
        itemsByID[id] = item
    }

    /// Settles what recipes added to the items bought (SPEC section 11.2: buying settles recipe needs):
    /// their needs go, and an item bought is no longer on the list for recipes only. One pass over the needs.
    /// - Parameter standing: the needs the purchase did not cover (``needsWritten(after:of:)``): they stay, and
    ///   their items are left to the caller, which keeps them on the list for recipes only.
    package mutating func settleRecipeNeeds(of bought: Set<Item.ID>, except standing: [Item.ID: [RecipeNeed]] = [:]) {
        guard !bought.isEmpty, !needsByID.isEmpty else { return }
        let kept = Set(standing.values.joined().map(\.id))
        for need in needsByID.values where bought.contains(need.itemID) && !kept.contains(need.id) {
            needsByID[need.id] = nil
        }
        for id in bought where standing[id] == nil {
            if itemsByID[id]?.recipeNeed.isEmpty == false { itemsByID[id]!.recipeNeed = .none }
            // A person's want with no amount of its own beside the recipes' is 1 from now on (SPEC section 14).
            if itemsByID[id]?.quantity.isEmpty == true { itemsByID[id]!.quantity = 1 }
        }
        for id in standing.keys where bought.contains(id) { recomputeNeed(of: id) }
    }

    /// The needs of `items` written after `date`, by item (SPEC 16, 23: a purchase covers only what was on the list
    /// when it was made). A tap dated Thursday that reaches the file on Saturday, after Saturday's plan, did not
    /// cover the plan's need. Usually none: a purchase logged as it is made is newer than every need. One pass.
    package func needsWritten(after date: Date, of items: Set<Item.ID>) -> [Item.ID: [RecipeNeed]] {
        guard !needsByID.isEmpty else { return [:] }
        var found: [Item.ID: [RecipeNeed]] = [:]
        for need in needsByID.values where items.contains(need.itemID) {
            if let written = need.modifiedAt.newest, written > date { found[need.itemID, default: []].append(need) }
        }
        return found
    }

    /// The needs of `items`, by item, each item's in the order they are summed (``needOrder(_:_:)``).
    package func recipeNeeds(of items: Set<Item.ID>) -> [Item.ID: [RecipeNeed]] {
        guard !items.isEmpty, !needsByID.isEmpty else { return [:] }
        var found: [Item.ID: [RecipeNeed]] = [:]
        for need in needsByID.values where items.contains(need.itemID) { found[need.itemID, default: []].append(need) }
        return found.mapValues { $0.sorted(by: needOrder) }
    }

    /// Puts back what the list showed of item `id` before a purchase (SPEC 16: `unbuy`): its own amount, recipes-only
    /// or not, and each recipe's need (that of a recipe since removed joins the person's own amount).
    package mutating func giveBack(_ before: Purchase.ListedBefore, to id: Item.ID) {
        guard var item = itemsByID[id] else { return }
        item.quantity = before.quantity
        item.recipesOnly = before.recipesOnly
        var needs: [RecipeNeed] = []
        for need in before.needs {
            if recipesByID[need.recipeID] != nil {
                needs.append(RecipeNeed(recipeID: need.recipeID, itemID: id, amount: need.amount))
            } else {
                if item.recipesOnly {
                    item.recipesOnly = false
                    item.quantity = .none
                }
                item.quantity = item.quantity.adding(need.amount)
            }
        }
        itemsByID[id] = item
        for need in needs { insert(need) }
    }

    /// Removes items' needs when the items themselves are removed for good.
    mutating func dropRecipeNeeds(of removed: Set<Item.ID>) {
        guard !removed.isEmpty, !needsByID.isEmpty else { return }
        for need in needsByID.values where removed.contains(need.itemID) { needsByID[need.id] = nil }
    }
}

extension ShoppingList {
    /// The recipes as `shop recipes` shows them (SPEC section 14): each recipe once per label (and plan), with what its
    /// records still need summed per item, in name order (a plan naming one recipe on two lines shows it once). The
    /// record standing for a group is its first in name order; the needs are one per item, in item-name order.
    public func recipesByLabel() -> [(recipe: ListedRecipe, needs: [RecipeNeed])] {
        let needs = needsByRecipe()
        var groups: [(recipe: ListedRecipe, needs: [RecipeNeed])] = []
        var positions: [String: Int] = [:]
        for recipe in recipesInNameOrder {
            let key =
                NameOrder.key(recipe.name) + "\u{0}" + (recipe.label.map(NameOrder.key) ?? "") + "\u{0}"
                + (recipe.plan ?? "")
            if let position = positions[key] {
                groups[position].needs += needs[recipe.id] ?? []
            } else {
                positions[key] = groups.count
                groups.append((recipe, needs[recipe.id] ?? []))
            }
        }
        return groups.map { group in
            var order: [Item.ID] = []
            var byItem: [Item.ID: RecipeNeed] = [:]
            for need in group.needs {
                if var existing = byItem[need.itemID] {
                    existing.amount = existing.amount.adding(need.amount)
                    byItem[need.itemID] = existing
                } else {
                    byItem[need.itemID] = need
                    order.append(need.itemID)
                }
            }
            let merged = order.map { byItem[$0]! }.sorted(by: needItemOrder)
            return (group.recipe, merged)
        }
    }
}
