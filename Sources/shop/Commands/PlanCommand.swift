import ShopKit

/// `shop plan FILE [--for LABEL | --week-starts DAY] [--dry-run] [--json]`: what the plan put on the list
/// for this period becomes exactly what the plan asks for (SPEC sections 11.2, 14 and 16). Made for cron:
/// running it again in one period changes nothing, unless a recipe file changed; in a new period (by
/// default each ISO week, or the week from the household's shopping day) the plan goes on the list afresh.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Make the list's plan-made needs exactly a meal plan's, once a period (for cron).",
        discussion: """
            FILE is a Cooklang shopping list (.shopping-list): recipe references ./PATH or ./PATH{MULTIPLIER} \
            (relative to the plan's folder, nested by two spaces), free-hand ingredients name{quantity%unit}, \
            comments, and the metadata lines '>> week starts: saturday' and '>> list: Party' (the list its \
            entries go on, else each recipe's own '>> list', else the current list; --list and $SHOP_LIST \
            beat both). Each run is for a period: the ISO \
            week of today (2026-W49), the week from the shopping day of --week-starts or of the plan's \
            '>> week starts' (named by its first day, 2026-11-28), or the LABEL of --for. Within a period, \
            entries not on the list yet are added, entries no longer in the plan are taken back, the rest is \
            left alone: running it again changes nothing, and what was bought stays bought. An entry whose \
            recipe file now asks for other ingredients or amounts is applied again: what it put on the list \
            and is not bought yet is replaced by what it asks for now (an unchanged ingredient already \
            bought is not asked for again). In a new period every entry goes on the list again, and what \
            the last period's run put there and is not bought yet is replaced, never doubled. Daily from \
            cron: 0 6 * * * shop --quiet plan ~/meals/.shopping-list --week-starts saturday
            """,
        arguments: [ArgumentSpec(name: "<path>", help: "The meal plan file.")],
        options: [period.spec, weekStarts.spec, dryRun.spec, CommonOptions.json("what changed").spec],
        data: .writes(log: true),
        run: run
    )

    /// `--for <label>`: the period the run is for, instead of this ISO week.
    static let period = OptionKey<String>.string(
        "for", value: "<label>", help: "The period this run is for (default: this ISO week, such as 2026-W49).")
    /// `--week-starts <day>`: the weekday a period starts on, over the plan file's `>> week starts`.
    static let weekStarts = OptionKey<Weekday>.choice(
        "week-starts", value: "<day>",
        help:
            "The household's shopping day: each period is the week from it (default: the plan's '>> week starts', else monday)."
    )
    static let dryRun = OptionKey<Bool>.flag("dry-run", help: "Say what would change, and change nothing.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let path = context.invocation.positionals[0]
        let absolute = RecipeFiles.absolute(path)
        let planName = RecipeFiles.planName(absolute, home: context.environment["HOME"])
        let now = context.now
        let chosenDay = context.options[weekStarts]
        if context.options[period] != nil, chosenDay != nil {
            throw context.usageError("'--for' and '--week-starts' cannot be used together")
        }
        let named = try attempt { () throws(ShopError) in
            try context.options[period].map { (label: String) throws(ShopError) in
                try Validation.name(label, kind: .recipe)
            }
        }
        // The plan and every recipe it names are read before the lock: any error changes nothing.
        let plan = try attempt { () throws(RecipeError) in try MealPlan(parsing: try RecipeFiles.read(path), path: path)
        }
        let label = named ?? MealPlan.week(of: now, startingOn: chosenDay ?? plan.weekStarts ?? .monday)
        let requests = try attempt {
            try plan.requests(
                plan: planName, period: label, folder: RecipeFiles.folder(of: absolute),
                readRecipe: RecipeFiles.readIfPresent)
        }
        let outcome: ShoppingList.PlanOutcome
        let list: ShoppingList
        if context.options[dryRun] {
            var copy = try context.loadWorkspace()
            outcome = try attempt { () throws in
                let placed = try context.placing(requests, in: copy.list)
                return try copy.list.applyPlan(planName, requests: placed, log: copy.log, now: now)
            }
            copy.list.placeNewItems(outcome.added.flatMap(\.created))
            list = copy.list
        } else {
            (outcome, list) = try context.updateWorkspace { (workspace: inout Workspace) throws(RecipeError) in
                // The list each recipe goes on (--list, SHOP_LIST, its own metadata), read under the lock.
                let placed = try context.placingRecipes(requests, in: workspace.list)
                let outcome = try workspace.list.applyPlan(planName, requests: placed, log: workspace.log, now: now)
                // New ingredients go where their names say (SPEC 21).
                workspace.list.placeNewItems(outcome.added.flatMap(\.created))
                return (outcome, workspace.list)
            }
        }
        if context.wantsJSON { context.output += RecipeOutput.json(plan: outcome, in: list) }
        context.say(
            RecipeOutput.plan(outcome, name: planName, period: label, in: list, dryRun: context.options[dryRun]))
    }
}
