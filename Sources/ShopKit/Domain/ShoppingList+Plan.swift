/// `shop plan` (SPEC section 11.2): the plan-made part of the list becomes exactly what one plan asks for.
extension ShoppingList {
    /// What `shop plan` did.
    public struct PlanOutcome: Hashable, Sendable {
        /// Entries new to the list (recipes and free-hand ingredients), with what each added.
        public var added: [RecipeOutcome]
        /// Entries no longer in the plan, with what each took back.
        public var removed: [RecipeOutcome]
        /// Entries already on the list, left as they are.
        public var kept: [ListedRecipe]

        /// Whether the plan changed nothing.
        public var changedNothing: Bool {
            removed.isEmpty && !added.contains { $0.kind == .added }
        }
    }

    /// Makes what plan `plan` put on the list exactly `requests` (each with ``RecipeRequest/plan`` set to
    /// `plan` and its own ``RecipeRequest/entry``): entries no longer asked for are taken back, new ones
    /// added, the others left alone (so running it again changes nothing, and what was bought stays
    /// bought).
    /// - Throws: as ``addRecipes(_:)``; nothing changes then.
    public mutating func applyPlan(_ plan: String, requests: [RecipeRequest]) throws(ShopError) -> PlanOutcome {
        var working = self
        let wanted = Set(requests.map { $0.record.key })
        let existing = recipesByID.values.filter { $0.plan == plan }
        let existingKeys = Set(existing.map(\.key))
        let gone = existing.filter { !wanted.contains($0.key) }.map(\.id)
        let removed = working.removeRecipes(gone)
        let added = try working.addRecipes(requests.filter { !existingKeys.contains($0.record.key) })
        self = working
        return PlanOutcome(
            added: added, removed: removed,
            kept: existing.filter { wanted.contains($0.key) }.sorted { $0.entry ?? "" < $1.entry ?? "" })
    }
}
