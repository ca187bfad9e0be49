import ShopKit

/// `shop plan FILE [--dry-run] [--json]`: what plans put on the list becomes exactly what the plan asks
/// for (SPEC section 11.2). Made for cron: running it again changes nothing.
enum PlanCommand {
    /// `shop plan`.
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Make the list's plan-made needs exactly a meal plan's (for cron).",
        discussion: """
            FILE is a Cooklang shopping list (.shopping-list): recipe references ./PATH or ./PATH{MULTIPLIER} \
            (relative to the plan's folder, nested by two spaces), free-hand ingredients name{quantity%unit}, \
            comments. Entries not on the list yet are added, entries no longer in the plan are taken back, \
            the rest is left alone: running it again changes nothing, and what was bought stays bought.
            """,
        arguments: [ArgumentSpec(name: "<path>", help: "The meal plan file.")],
        options: [dryRun.spec, CommonOptions.json("what changed").spec],
        run: run
    )

    /// `--dry-run`: say what would change.
    static let dryRun = OptionKey<Bool>.flag("dry-run", help: "Say what would change, and change nothing.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let path = context.invocation.positionals[0]
        let absolute = RecipeFiles.absolute(path)
        let planName = RecipeFiles.planName(absolute, home: context.environment["HOME"])
        // The plan and every recipe it names are read before the lock: any error changes nothing.
        let requests = try attempt {
            let plan = try MealPlan(parsing: try RecipeFiles.read(path), path: path)
            return try plan.requests(
                plan: planName, folder: RecipeFiles.folder(of: absolute), readRecipe: RecipeFiles.readIfPresent)
        }
        let outcome: ShoppingList.PlanOutcome
        let list: ShoppingList
        if context.options[dryRun] {
            var copy = try attempt { try context.load() }
            outcome = try attempt { try copy.applyPlan(planName, requests: requests) }
            list = copy
        } else {
            let store = try attempt { try context.store() }
            (outcome, list) = try attempt {
                try store.update { (list: inout ShoppingList) throws(ShopError) in
                    (try list.applyPlan(planName, requests: requests), list)
                }
            }
        }
        if context.wantsJSON { context.output += RecipeOutput.json(plan: outcome, in: list) }
        context.say(RecipeOutput.plan(outcome, name: planName, in: list, dryRun: context.options[dryRun]))
    }
}
