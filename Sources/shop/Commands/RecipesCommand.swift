import ShopKit

/// `shop recipes [--json]`: the recipes on the list, and what each added that is not bought yet.
enum RecipesCommand {
    /// `shop recipes`.
    static let spec = CommandSpec(
        name: "recipes",
        abstract: "List the recipes on the list and what each added.",
        options: [CommonOptions.json("the recipes").spec],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try context.readData()
        context.output += context.wantsJSON ? RecipeOutput.json(list: list) : RecipeOutput.text(list: list)
    }
}
