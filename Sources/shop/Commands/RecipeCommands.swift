import ShopKit

/// `shop recipe add PATH... [--servings N | --scale F] [--for LABEL] [--optional] [--json]`.
enum RecipeAddCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        let scale = try RecipeOptions.scale(invocation)
        let label = invocation.string("for")
        // Every file is read and scaled before the lock: a missing file (74) or a bad amount (1) changes nothing.
        let requests = try attempt {
            try invocation.positionals.map { (path) throws(ShopError) in
                try RecipeRequest(
                    recipe: CooklangRecipe(parsing: RecipeFiles.read(path)), fileName: RecipeFiles.fileName(path),
                    scale: scale, label: label, includingOptional: invocation.flag("optional"))
            }
        }
        let store = try attempt { try context.store() }
        let (outcomes, list) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                (try list.addRecipes(requests), list)
            }
        }
        if context.wantsJSON {
            context.output += RecipeOutput.json(outcomes.filter { $0.kind == .added }, in: list)
        }
        for outcome in outcomes { context.say(RecipeOutput.added(outcome, in: list)) }
    }
}

/// `shop recipe remove NAME [--for LABEL] [--json]`.
enum RecipeRemoveCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let name = context.invocation.positionals[0]
        let label = context.invocation.string("for")
        let store = try attempt { try context.store() }
        let (outcomes, list) = try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in
                let ids = try list.recipes(named: name, label: label).map(\.id)
                return (list.removeRecipes(ids), list)
            }
        }
        if context.wantsJSON { context.output += RecipeOutput.json(outcomes, in: list) }
        for outcome in outcomes { context.say(RecipeOutput.removed(outcome, in: list)) }
    }
}

/// `shop recipes [--json]`: the recipes on the list, and what each added that is not bought yet.
enum RecipesCommand {
    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try attempt { try context.load() }
        if context.wantsJSON {
            context.output += RecipeOutput.json(list: list)
        } else {
            context.output += RecipeOutput.text(list: list)
        }
    }
}
