import ShopKit

/// `shop recipes [--json]`: the recipes on the list, and what each added that is not bought yet (with
/// what is at home of a stocked item: the log is read for it).
enum RecipesCommand {
    static let spec = CommandSpec(
        name: "recipes",
        abstract: "List the recipes on the list and what each added.",
        discussion: """
            Each recipe (a plan's with its plan), then what it added that is still on the list. Beside a \
            need of an item kept in stock, what is at home of it now, in the need's unit (expired lots left \
            out, as recipe add and plan leave them out).
            """,
        options: [CommonOptions.json("the recipes").spec],
        data: .reads(log: true),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let workspace = try context.loadWorkspace()
        context.output +=
            context.wantsJSON
            ? RecipeOutput.json(list: workspace.list)
            : RecipeOutput.text(list: workspace.list, log: workspace.log, now: context.now)
    }
}
