import ShopKit

/// `shop plan FILE [--dry-run] [--json]`: what plans put on the list becomes exactly what the plan asks
/// for (SPEC section 11.2). Made for cron: running it again changes nothing.
enum PlanCommand {
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
        if context.invocation.flag("dry-run") {
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
        context.say(RecipeOutput.plan(outcome, name: planName, in: list, dryRun: context.invocation.flag("dry-run")))
    }
}
