#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// `plan`, its period as ``RecipeRequest/label`` and its own ``RecipeRequest/entry``): entries no longer
    /// asked for are taken back, new ones added, the others left alone (so running it again in one period
    /// changes nothing, and what was bought stays bought).
    ///
    /// An entry is known by its period too (SPEC section 14), so in a new period every entry is new and
    /// every entry of an earlier period is gone: what an earlier run put on the list and is still unbought
    /// is taken back as the new period's is added, never doubled, and a recipe bought last week goes on
    /// the list again this week.
    /// - Throws: as ``addRecipes(_:)``; nothing changes then.
    /// - Parameter now: when what is at home is judged (SPEC section 18).
    public mutating func applyPlan(_ plan: String, requests: [RecipeRequest], now: Date = Date()) throws(ShopError)
        -> PlanOutcome
    {
        var working = self
        let wanted = Set(requests.map { $0.record.key })
        let existing = recipesByID.values.filter { $0.plan == plan }
        let existingKeys = Set(existing.map(\.key))
        let gone = existing.filter { !wanted.contains($0.key) }.map(\.id)
        // An item the person wants with no amount of their own keeps wanting none when a new period's
        // entries replace the last one's: it is not taken back, only renewed (the take-back alone makes it 1).
        let noAmount = working.itemsByID.values.filter { $0.quantity.isEmpty }.map(\.id)
        let removed = working.removeRecipes(gone)
        let added = try working.addRecipesInPlace(
            requests.filter { !existingKeys.contains($0.record.key) }, now: now)
        for id in noAmount where working.itemsByID[id]?.recipeNeed.isEmpty == false {
            working.itemsByID[id]!.quantity = .none
        }
        self = working
        return PlanOutcome(
            added: added, removed: removed,
            kept: existing.filter { wanted.contains($0.key) }.sorted { $0.entry ?? "" < $1.entry ?? "" })
    }
}

extension MealPlan {
    /// The period a run of `shop plan` is for when no `--for LABEL` names one: the ISO 8601 week of the
    /// local day holding `date` (`2026-W49`), the same label `spending --by week` uses.
    public static func week(of date: Date, calendar: LocalCalendar = .current) -> String {
        ShoppingList.period(.week, of: CalendarDay(number: calendar.dayNumber(of: date))).label
    }
}
