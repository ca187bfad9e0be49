import ShopKit

/// What `recipe add`, `recipe remove`, `recipes` and `plan` print: short lines for people, and the JSON
/// of SPEC section 11.2 (`{"name", "label", "plan", "added": [{"item", "quantity", "unit"}]}`).
enum RecipeOutput {
    // MARK: - People

    /// `Lasagne (for tuesday)`.
    static func title(_ recipe: ListedRecipe) -> String {
        Escape.forTerminal(recipe.name) + (recipe.label.map { " (for " + Escape.forTerminal($0) + ")" } ?? "")
    }

    /// `flour 500 g`, `eggs ×3`, `salt`.
    static func needText(_ need: RecipeNeed, in list: ShoppingList) -> String {
        let name = Escape.forTerminal(list.item(need.itemID)?.name ?? "?")
        guard !need.amount.isEmpty else { return name }
        if let count = need.amount.wholeCount { return count == 1 ? name : name + " ×\(count)" }
        // Half a lemon is shown as the lemon to buy, as on the list.
        if need.amount.parts.count == 1, need.amount.parts[0].unit.isCount {
            let shown = need.amount.description
            return shown == "1" ? name : name + " ×" + shown
        }
        return name + " " + need.amount.description
    }

    private static func names(_ ids: [Item.ID], in list: ShoppingList) -> String {
        ids.compactMap { list.item($0).map { Escape.forTerminal($0.name) } }.joined(separator: ", ")
    }

    /// The lines of one `recipe add` outcome.
    static func added(_ outcome: ShoppingList.RecipeOutcome, in list: ShoppingList) -> String {
        let title = title(outcome.recipe)
        var pantry = outcome.pantry.isEmpty ? "" : "\n  left out (pantry staples): " + names(outcome.pantry, in: list)
        // Stocked items with enough at home (SPEC section 18).
        if !outcome.atHome.isEmpty { pantry += "\n  at home: " + names(outcome.atHome, in: list) }
        switch outcome.kind {
        case .alreadyOnList:
            return "\(title) is already on the list; nothing changed"
        case .nothingToBuy:
            return "\(title): nothing to buy"
                + (outcome.pantry.isEmpty ? "" : "; pantry staples: " + names(outcome.pantry, in: list))
                + (outcome.atHome.isEmpty ? "" : "; at home: " + names(outcome.atHome, in: list))
        case .added, .removed:
            let needs = outcome.needs.map { needText($0, in: list) }.joined(separator: ", ")
            let created =
                outcome.created.isEmpty
                ? ""
                : " (\(HumanOutput.count(outcome.created.count, "new item", "new items"))\(placed(outcome, in: list)))"
            return "Added \(title): \(needs)\(created)" + pantry
        }
    }

    /// How many of a recipe's new items were placed by a guess and where the rest went (SPEC 21): `: 2 placed by a
    /// guess, 1 in Unknown Location`; nothing when none was.
    static func placed(_ outcome: ShoppingList.RecipeOutcome, in list: ShoppingList) -> String {
        let guessed = outcome.created.filter { list.item($0)?.locationGuess != nil }.count
        guard guessed > 0 else { return "" }
        let rest = outcome.created.count - guessed
        let unknown = Escape.forTerminal(list.location(list.unknownLocationID)!.name)
        return ": \(guessed) placed by a guess" + (rest > 0 ? ", \(rest) in \(unknown)" : "")
    }

    /// The lines of one `recipe remove` outcome.
    static func removed(_ outcome: ShoppingList.RecipeOutcome, in list: ShoppingList) -> String {
        var text = "Took back \(title(outcome.recipe))"
        let needs = outcome.needs.map { needText($0, in: list) }.joined(separator: ", ")
        // Neutral words: what went may have been bought or dropped (SPEC 16: `drop` never reads as bought).
        text += needs.isEmpty ? ": nothing it added is on the list any more" : ": " + needs
        if !outcome.leftList.isEmpty { text += "\n  off the list: " + names(outcome.leftList, in: list) }
        return text
    }

    /// `shop recipes`: each recipe, then what it still needs, indented; beside a need of an item kept in
    /// stock, what is at home of it now (SPEC section 18: `Cheddar 250 g (500 g at home)`).
    /// A stocked ingredient the recipe asked for that it put nothing on the list for, because enough was at home
    /// (SPEC 18, 23): `Eggs (6 at home)`.
    static func text(list: ShoppingList, log: PurchaseLog, now: Date) -> String {
        let recipes = list.recipesByLabel()
        guard !recipes.isEmpty else { return "No recipes on the list.\n" }
        let covered = recipes.map { coveredAtHome($0.recipe, needs: $0.needs, in: list) }
        let atHome = list.atHome(for: recipes.flatMap(\.needs) + covered.joined(), in: log, now: now)
        var text = ""
        for ((recipe, own), covered) in zip(recipes, covered) {
            text += title(recipe) + (recipe.plan.map { "  [plan " + Escape.forTerminal($0) + "]" } ?? "") + "\n"
            if own.isEmpty { text += "  (nothing left on the list)\n" }
            for need in own {
                text += "  " + needText(need, in: list)
                if let home = atHome[need.itemID] { text += " (\(home) at home)" }
                text += "\n"
            }
            for need in covered {
                guard let home = atHome[need.itemID], let item = list.item(need.itemID) else { continue }
                text += "  " + Escape.forTerminal(item.name) + " (\(home) at home)\n"
            }
        }
        return text
    }

    /// What the recipe asked for (its record's `askedFor`: a name key, a tab, an amount, a line each) of stocked items
    /// that it has no need of on the list: found at home when it was added, or bought since. As needs, for
    /// ``ShoppingList/atHome(for:now:calendar:)``.
    private static func coveredAtHome(_ recipe: ListedRecipe, needs: [RecipeNeed], in list: ShoppingList)
        -> [RecipeNeed]
    {
        guard let asked = recipe.askedFor else { return [] }
        let needed = Set(needs.map(\.itemID))
        var covered: [RecipeNeed] = []
        for line in asked.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let amount = Amount(exactText: String(parts[1])), !amount.isEmpty,
                let item = list.item(matching: String(parts[0])), item.stock, !needed.contains(item.id)
            else { continue }
            covered.append(RecipeNeed(recipeID: recipe.id, itemID: item.id, amount: amount))
        }
        return covered
    }

    /// `; at home: Cheddar, Milk` after a recipe of `plan` that found those at home, or nothing.
    private static func atHomeSuffix(_ outcome: ShoppingList.RecipeOutcome, in list: ShoppingList) -> String {
        outcome.atHome.isEmpty ? "" : "; at home: " + names(outcome.atHome, in: list)
    }

    /// What `shop plan` did, or would do with `--dry-run`.
    static func plan(
        _ outcome: ShoppingList.PlanOutcome, name: String, period: String, in list: ShoppingList, dryRun: Bool
    ) -> String {
        let added = outcome.added.filter { $0.kind == .added }
        let planName = Escape.forTerminal(name) + " (for " + Escape.forTerminal(period) + ")"
        guard !outcome.changedNothing else {
            return
                "Plan \(planName): the list already has it (\(HumanOutput.count(outcome.kept.count, "entry", "entries"))); nothing changed"
        }
        var text = (dryRun ? "Plan \(planName) would change: " : "Plan \(planName): ")
        text += "\(added.count) added, \(outcome.removed.count) taken back, "
        if !outcome.changed.isEmpty { text += "\(outcome.changed.count) changed, " }
        text += "\(outcome.kept.count) unchanged"
        for entry in added {
            text +=
                "\n  + " + title(entry.recipe) + ": "
                + entry.needs.map { needText($0, in: list) }.joined(separator: ", ") + atHomeSuffix(entry, in: list)
                + (placed(entry, in: list).isEmpty
                    ? ""
                    : " (\(HumanOutput.count(entry.created.count, "new item", "new items"))\(placed(entry, in: list)))")
        }
        for entry in outcome.changed {
            let needs = entry.needs.map { needText($0, in: list) }.joined(separator: ", ")
            text +=
                "\n  ~ " + title(entry.recipe) + ", recipe changed: " + (needs.isEmpty ? "nothing more to buy" : needs)
        }
        for entry in outcome.removed { text += "\n  − " + title(entry.recipe) }
        for entry in outcome.added where entry.kind == .nothingToBuy {
            text += "\n  (" + title(entry.recipe) + ": nothing to buy" + atHomeSuffix(entry, in: list) + ")"
        }
        return text
    }

    // MARK: - JSON

    /// An array of recipe objects for outcomes (what each added or took back).
    static func json(_ outcomes: [ShoppingList.RecipeOutcome], in list: ShoppingList) -> String {
        var writer = JSONWriter(pretty: true)
        write(outcomes.map { ($0.recipe, $0.needs) }, in: list, to: &writer)
        return JSONOutput.finish(&writer)
    }

    /// `shop recipes --json`.
    static func json(list: ShoppingList) -> String {
        var writer = JSONWriter(pretty: true)
        write(list.recipesByLabel(), in: list, to: &writer)
        return JSONOutput.finish(&writer)
    }

    /// `shop plan --json`: `{"added": [recipe], "changed": [recipe], "removed": [recipe], "unchanged":
    /// [recipe]}` (`changed`: entries whose recipe file changed, with what each added again).
    static func json(plan outcome: ShoppingList.PlanOutcome, in list: ShoppingList) -> String {
        let needs = list.needsByRecipe()
        let groups: [(key: String, recipes: [(recipe: ListedRecipe, needs: [RecipeNeed])])] = [
            ("added", outcome.added.filter { $0.kind == .added }.map { ($0.recipe, $0.needs) }),
            ("changed", outcome.changed.map { ($0.recipe, $0.needs) }),
            ("removed", outcome.removed.map { ($0.recipe, $0.needs) }),
            ("unchanged", outcome.kept.map { ($0, needs[$0.id] ?? []) }),
        ]
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        for (key, recipes) in groups {
            writer.key(key)
            write(recipes, in: list, to: &writer)
        }
        writer.endObject()
        return JSONOutput.finish(&writer)
    }

    /// An array of recipe objects, each with what it needs on the list.
    private static func write(
        _ recipes: [(recipe: ListedRecipe, needs: [RecipeNeed])], in list: ShoppingList, to writer: inout JSONWriter
    ) {
        writer.beginArray()
        for (recipe, needs) in recipes { write(recipe, needs: needs, in: list, to: &writer) }
        writer.endArray()
    }

    private static func write(
        _ recipe: ListedRecipe, needs: [RecipeNeed], in list: ShoppingList, to writer: inout JSONWriter
    ) {
        writer.beginObject()
        writer.key(static: "added")
        // One entry per part of a need's amount: `quantity` and `unit` are the part's, not a record's fields
        // (a need keeps its amount whole, under `amount`).
        writer.beginArray()
        for need in needs {
            let name = list.item(need.itemID)?.name ?? ""
            // A need without an amount is one entry, its quantity and unit null.
            let parts: [Amount.Part?] = need.amount.parts.isEmpty ? [nil] : need.amount.parts
            for part in parts {
                writer.beginObject()
                writer.key(static: "item")
                writer.string(name)
                writer.key(static: "quantity")
                if let part { writer.amountNumber(part) } else { writer.null() }
                writer.key(static: "unit")
                if let part { writer.amountUnit(part) } else { writer.null() }
                writer.endObject()
            }
        }
        writer.endArray()
        // The recipe's own fields, under their data file keys.
        writer.key(RecipeKey.label)
        if let label = recipe.label { writer.string(label) } else { writer.null() }
        writer.key(RecipeKey.name)
        writer.string(recipe.name)
        writer.key(RecipeKey.plan)
        if let plan = recipe.plan { writer.string(plan) } else { writer.null() }
        writer.endObject()
    }
}
