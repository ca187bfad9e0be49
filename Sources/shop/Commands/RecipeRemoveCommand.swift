import ShopKit

/// `shop recipe remove NAME [--for LABEL] [--json]`: takes back what a recipe added and is not bought.
enum RecipeRemoveCommand {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Take back what a recipe added and is not bought yet.",
        arguments: [ArgumentSpec(name: "<recipe>", help: "The recipe's name (as 'shop recipes' shows it).")],
        options: [
            RecipeCommand.label.help("The label it was added for.").spec,
            CommonOptions.json("the recipes removed").spec,
        ],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let name = context.invocation.positionals[0]
        let label = context.options[RecipeCommand.label]
        let (outcomes, list) = try context.updateData { (list: inout ShoppingList) throws(RecipeError) in
            let ids = try list.recipes(named: name, label: label).map(\.id)
            return (list.removeRecipes(ids), list)
        }
        if context.wantsJSON { context.output += RecipeOutput.json(outcomes, in: list) }
        for outcome in outcomes { context.say(RecipeOutput.removed(outcome, in: list)) }
    }
}
