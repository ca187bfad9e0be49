import ShopHistory
import ShopModel

/// `recipe add` and `recipe remove` (SPEC section 11.2): what a recipe adds is kept apart from what the
/// person put on the list, as ``RecipeNeed`` records, so it can be taken back exactly.
extension ShoppingList {
    /// What `recipe add` or `recipe remove` did with one recipe.
    public struct RecipeOutcome: Hashable, Sendable {
        /// What happened.
        public enum Kind: Hashable, Sendable {
            /// Its ingredients went on the list.
            case added
            /// The recipe was already on the list with that label: nothing changed.
            case alreadyOnList
            /// Every ingredient is a pantry staple (or it has none): nothing to buy, nothing changed.
            case nothingToBuy
            /// It was taken off the list with what it added.
            case removed
        }

        /// What happened.
        public var kind: Kind
        /// The recipe as on the list (or as it would have been).
        public var recipe: ListedRecipe
        /// What it added (``Kind/added``) or took back (``Kind/removed``), one need per item.
        public var needs: [RecipeNeed]
        /// The items it created (``Kind/added``).
        public var created: [Item.ID] = []
        /// The pantry staples it left off the list.
        public var pantry: [Item.ID] = []
        /// The items that left the list because no recipe needs them any more (``Kind/removed``).
        public var leftList: [Item.ID] = []
        /// The stocked items it needs that are at home, all of what it needs of them (SPEC section 18).
        public var atHome: [Item.ID] = []
    }

    /// `recipe add`: puts each recipe's ingredients on the list, adding their amounts to what the list
    /// already needs. An ingredient matches an item by name, case-insensitively: an existing item keeps
    /// everything it has (off the list, it comes back for recipes only); a new one goes to the Unknown
    /// Location. Pantry staples are left out. A recipe already on the list with its label changes nothing.
    /// - Returns: one outcome per request, in order.
    /// - Throws: an ingredient name that breaks rule 1, or an amount past the limits; nothing changes then.
    /// - Parameters:
    ///   - log: what is at home is read from it, when loaded.
    ///   - now: when what is at home is judged (expired lots do not count, SPEC section 18).
    public mutating func addRecipes(_ requests: [RecipeRequest], log: PurchaseLog, now: Date = Date())
        throws(RecipeError) -> [RecipeOutcome]
    {
        var working = self
        let outcomes = try working.addRecipesInPlace(requests, log: log, now: now)
        self = working
        return outcomes
    }

    /// ``addRecipes(_:log:now:)`` on this list itself: on a throw, part of the requests may have been applied, so the caller
    /// must work on a copy it can drop (as ``addRecipes(_:log:now:)`` and ``applyPlan(_:requests:log:now:)`` do): one copy for a plan.
    mutating func addRecipesInPlace(_ requests: [RecipeRequest], log: PurchaseLog, now: Date) throws(RecipeError)
        -> [RecipeOutcome]
    {
        var outcomes: [RecipeOutcome] = []
        var keys = Set(recipesByID.values.lazy.map(\.key))
        var home = StockAllowance(self, log: log, now: now)
        for request in requests {
            let outcome = try addRecipe(request, existingKeys: keys, home: &home)
            keys.insert(outcome.recipe.key)
            outcomes.append(outcome)
        }
        return outcomes
    }

    private mutating func addRecipe(
        _ request: RecipeRequest, existingKeys: Set<String>, home: inout StockAllowance
    ) throws(RecipeError) -> RecipeOutcome {
        var recipe = request.record
        recipe.label = try request.label.map { (label: String) throws(RecipeError) in
            try RecipeError.core { () throws(ShopError) in try Validation.name(label, kind: .recipe) }
        }
        recipe.name = try RecipeError.core { () throws(ShopError) in try Validation.name(recipe.name, kind: .recipe) }
        if existingKeys.contains(recipe.key) {
            let existing = recipesByID.values.first { $0.key == recipe.key } ?? recipe
            return RecipeOutcome(kind: .alreadyOnList, recipe: existing, needs: [])
        }
        // One need per item: the same ingredient twice in a recipe adds up, `onion` and `onions` too.
        var order: [String] = []
        var byKey: [String: (name: String, amount: Amount)] = [:]
        for ingredient in request.ingredients {
            let name = try RecipeError.core { () throws(ShopError) in try Validation.name(ingredient.name, kind: .item)
            }
            let exact = NameOrder.key(name)
            let key = byKey[exact] == nil ? NameVariants.of(exact).first { byKey[$0] != nil } ?? exact : exact
            if let existing = byKey[key] {
                byKey[key] = (existing.name, existing.amount.adding(ingredient.amount))
            } else {
                byKey[key] = (name, ingredient.amount)
                order.append(key)
            }
        }
        // Changed in place (the caller holds the copy to drop on a throw).
        var needs: [RecipeNeed] = []
        var created: [Item.ID] = []
        var pantry: [Item.ID] = []
        var atHome: [Item.ID] = []
        for key in order {
            var (name, amount) = byKey[key]!
            var item: Item
            // The list's `Onions` is the recipe's `onion` (SPEC 16).
            if let existing = self.item(matching: name) {
                item = existing
                if item.pantry {
                    pantry.append(item.id)
                    continue
                }
                // What is at home is not bought again (SPEC section 18).
                if item.stock, !amount.isEmpty {
                    amount = home.remainder(of: amount, for: item.id)
                    if amount.isEmpty {
                        atHome.append(item.id)
                        continue
                    }
                }
                if !item.onList {
                    item.onList = true
                    item.isAvailable = true
                    item.recipesOnly = true
                    // SPEC 22: onto the recipe's list; an item already on a list stays there (bought once either way).
                    if let target = request.listID { item.listID = target }
                }
                itemsByID[item.id] = item
            } else {
                item = Item(name: name, locationID: unknownLocationID, recipesOnly: true)
                if let target = request.listID { item.listID = target }
                insert(item)
                created.append(item.id)
            }
            let need = RecipeNeed(recipeID: recipe.id, itemID: item.id, amount: amount)
            insert(need)
            _ = try RecipeError.core { () throws(ShopError) in
                try itemsByID[item.id]!.amount.checked(name + " " + amount.description)
            }
            needs.append(need)
        }
        guard !needs.isEmpty else {
            return RecipeOutcome(kind: .nothingToBuy, recipe: recipe, needs: [], pantry: pantry, atHome: atHome)
        }
        recipesByID[recipe.id] = recipe
        return RecipeOutcome(
            kind: .added, recipe: recipe, needs: needs, created: created, pantry: pantry, atHome: atHome)
    }

    /// The recipes `recipe remove NAME [--for LABEL]` means: those of that name, resolved as every reference is
    /// (``NameResolver``: the exact name case-insensitively, else a unique prefix) and, given a label, that label.
    /// Without a label, the recipe of that name without one, else every recipe of that name.
    /// - Throws: ``RecipeError/core(_:)`` with ``ShopError/notFound(_:kind:candidates:)`` naming the recipes on the list,
    ///   ``ShopError/ambiguous(_:kind:candidates:)`` for a prefix of several names, or
    ///   ``RecipeError/recipeLabelNotFound(recipe:label:labels:)``.
    public func recipes(named name: String, label: String?) throws(RecipeError) -> [ListedRecipe] {
        let all = recipesInNameOrder
        // One candidate per name (its key stands for every recipe of that name), in name order.
        var keys: [String: String] = [:]
        var names: [(String, String)] = []
        for recipe in all {
            let key = NameOrder.key(recipe.name)
            guard keys[key] == nil else { continue }
            keys[key] = key
            names.append((recipe.name, key))
        }
        var resolver = NameResolver<String>(kind: .recipe, exactIDs: keys, names: { names }, ids: { [] })
        let key: String
        do throws(ShopError) {
            key = try resolver.resolve(name)
        } catch {
            // "Did you mean" is not enough here: the hint lists every recipe on the list.
            guard case .notFound = error else { throw .core(error) }
            throw .core(.notFound(name, kind: .recipe, candidates: names.map(\.0)))
        }
        let named = all.filter { NameOrder.key($0.name) == key }
        if let label {
            let labelled = named.filter { $0.label.map(NameOrder.key) == NameOrder.key(Validation.trimmed(label)) }
            guard !labelled.isEmpty else {
                throw .recipeLabelNotFound(recipe: named[0].name, label: label, labels: named.map(\.label))
            }
            return labelled
        }
        let unlabelled = named.filter { $0.label == nil }
        return unlabelled.isEmpty ? named : unlabelled
    }

    /// `recipe remove`: takes back exactly what these recipes added and is not bought yet. An item on the list only for
    /// recipes leaves it when no recipe needs it any more; what the person put on the list stays.
    public mutating func removeRecipes(_ ids: [ListedRecipe.ID]) -> [RecipeOutcome] {
        guard !ids.isEmpty else { return [] }
        // In item name order, as `shop recipes` lists them, so the confirmation reads the same on every run.
        let needsOf = needsByRecipe()
        var removed: [(ListedRecipe, [RecipeNeed])] = []
        for id in Self.distinct(ids) {
            guard let recipe = recipesByID.removeValue(forKey: id) else { continue }
            let needs = needsOf[id] ?? []
            for need in needs { delete(need.id) }
            removed.append((recipe, needs))
        }
        // One pass over what is left: the items some recipe still needs.
        let stillNeeded = Set(needsByID.values.lazy.map(\.itemID))
        return removed.map { recipe, needs in
            var left: [Item.ID] = []
            for need in needs {
                guard var item = itemsByID[need.itemID], !stillNeeded.contains(item.id) else { continue }
                guard item.recipesOnly else {
                    // The person's too, with no amount of their own: now it is theirs, 1 (SPEC section 14).
                    if item.quantity.isEmpty {
                        item.quantity = 1
                        itemsByID[item.id] = item
                    }
                    continue
                }
                // Nothing else needs it: it leaves the list as it came, unbought.
                item.onList = false
                item.recipesOnly = false
                itemsByID[item.id] = item
                left.append(item.id)
            }
            return RecipeOutcome(kind: .removed, recipe: recipe, needs: needs, leftList: left)
        }
    }
}
