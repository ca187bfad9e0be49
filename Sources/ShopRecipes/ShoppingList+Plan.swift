import ShopModel

/// `shop plan` (SPEC section 11.2): the plan-made part of the list becomes exactly what one plan asks for.
extension ShoppingList {
    /// What `shop plan` did.
    public struct PlanOutcome: Hashable, Sendable {
        /// Entries new to the list (recipes and free-hand ingredients), with what each added.
        public var added: [RecipeOutcome]
        /// Entries no longer in the plan, with what each took back.
        public var removed: [RecipeOutcome]
        /// Entries whose recipe file changed (SPEC 16), applied again: what each added now.
        public var changed: [RecipeOutcome]
        /// Entries already on the list, left as they are.
        public var kept: [ListedRecipe]

        /// Whether the plan changed nothing.
        public var changedNothing: Bool {
            removed.isEmpty && changed.isEmpty && !added.contains { $0.kind == .added }
        }
    }

    /// Makes what plan `plan` put on the list exactly `requests` (each with ``RecipeRequest/plan`` set to `plan`, its
    /// period as ``RecipeRequest/label`` and its own ``RecipeRequest/entry``): entries no longer asked for are taken
    /// back, new ones added, the others left alone (so running it again in one period changes nothing).
    ///
    /// An entry is known by its period too (SPEC section 14): in a new period, what an earlier run put on the list and
    /// is still unbought is taken back as the new period's is added, never doubled.
    ///
    /// An entry whose recipe now asks for something else (SPEC 16: by content) is applied again: what it put on the
    /// list and is not bought yet is taken back, and the new version goes on, less what it asks for exactly as before
    /// and was bought already.
    /// - Throws: as ``addRecipes(_:log:now:)``; nothing changes then.
    /// - Parameter now: when what is at home (by `log`) is judged (SPEC section 18).
    public mutating func applyPlan(_ plan: String, requests: [RecipeRequest], log: PurchaseLog, now: Date = Date())
        throws(RecipeError) -> PlanOutcome
    {
        var working = self
        let wanted = Dictionary(requests.map { ($0.record.key, $0) }, uniquingKeysWith: { first, _ in first })
        let existing = recipesByID.values.filter { $0.plan == plan }
        let existingKeys = Set(existing.map(\.key))
        var gone: [ListedRecipe.ID] = []
        var kept: [ListedRecipe] = []
        var changed: [RecipeRequest] = []
        let stillNeeded = needsByRecipe()
        for recipe in existing {
            guard let request = wanted[recipe.key] else {
                gone.append(recipe.id)
                continue
            }
            // A record without contents is taken as unchanged.
            guard let before = recipe.askedFor, before != request.contents else {
                kept.append(recipe)
                continue
            }
            gone.append(recipe.id)
            changed.append(unbought(request, before: before, stillNeeded: stillNeeded[recipe.id] ?? []))
        }
        // An item the person wants with no amount of their own keeps wanting none when a new period's
        // entries replace the last one's: it is not taken back, only renewed (the take-back alone makes it 1).
        let noAmount = working.itemsByID.values.filter { $0.quantity.isEmpty }.map(\.id)
        let changedKeys = Set(changed.map(\.record.key))
        let removed = working.removeRecipes(gone).filter { !changedKeys.contains($0.recipe.key) }
        let added = try working.addRecipesInPlace(
            requests.filter { !existingKeys.contains($0.record.key) }, log: log, now: now)
        let reapplied = try working.addRecipesInPlace(changed, log: log, now: now)
        // A changed entry with nothing left to buy is still remembered, with what it asks for now.
        for outcome in reapplied where outcome.kind == .nothingToBuy {
            working.recipesByID[outcome.recipe.id] = outcome.recipe
        }
        for id in noAmount where working.itemsByID[id]?.recipeNeed.isEmpty == false {
            working.itemsByID[id]!.quantity = .none
        }
        self = working
        return PlanOutcome(
            added: added, removed: removed, changed: reapplied,
            kept: kept.sorted { $0.entry ?? "" < $1.entry ?? "" })
    }

    /// A changed entry's request less what it asks for exactly as `before` did and that is no longer
    /// needed on the list (bought, or dropped): that is settled, and a changed recipe does not undo it.
    private func unbought(_ request: RecipeRequest, before: String, stillNeeded: [RecipeNeed]) -> RecipeRequest {
        let old = RecipeRequest.contentsByKey(before)
        let new = RecipeRequest.amountsByKey(request.ingredients)
        let open = Set(stillNeeded.map(\.itemID))
        var trimmed = request
        // The record keeps what the file asks for now, whatever is left to buy of it.
        trimmed.askedFor = request.contents
        trimmed.ingredients = request.ingredients.filter { ingredient in
            let key = NameOrder.key(ingredient.name)
            guard let amount = new[key], old[key] == amount.exactText else { return true }
            return item(matching: ingredient.name).map { open.contains($0.id) } ?? true
        }
        return trimmed
    }
}
