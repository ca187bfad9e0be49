// The commands that put recipes and meal plans on the list (SPEC section 11.2).
extension CommandTable {
    /// `shop recipe`.
    static let recipe = CommandSpec(
        name: "recipe",
        abstract: "Put a recipe's ingredients on the list, or take them back.",
        discussion: """
            A recipe is a Cooklang file (.cook). Its ingredients go on the list with their amounts added to \
            what the list already needs; pantry staples ('shop edit salt --pantry') are left out. The list \
            remembers each recipe with its label, so adding it again changes nothing and removing it takes \
            back exactly what it added and is not bought yet.
            """,
        subcommands: [recipeAdd, recipeRemove]
    )

    /// `shop recipe add`.
    static let recipeAdd = CommandSpec(
        name: "add",
        abstract: "Put recipes' ingredients on the list.",
        arguments: [ArgumentSpec(name: "<path>", help: "Cooklang recipe files (.cook).", isRepeatable: true)],
        options: [
            .string("servings", value: "<n>", help: "Scale to this many servings (against the recipe's 'servings')."),
            .string("scale", value: "<factor>", help: "Scale every amount by this factor (2, 0.5, 1/2)."),
            .string("for", value: "<label>", help: "What it is for (a day, a meal): one recipe per label."),
            .flag("optional", help: "Include the optional ingredients (@?name)."),
            .json("the recipes added"),
        ]
    )

    /// `shop recipe remove`.
    static let recipeRemove = CommandSpec(
        name: "remove",
        abstract: "Take back what a recipe added and is not bought yet.",
        arguments: [ArgumentSpec(name: "<recipe>", help: "The recipe's name (as 'shop recipes' shows it).")],
        options: [
            .string("for", value: "<label>", help: "The label it was added for."),
            .json("the recipes removed"),
        ]
    )

    /// `shop recipes`.
    static let recipes = CommandSpec(
        name: "recipes",
        abstract: "List the recipes on the list and what each added.",
        options: [.json("the recipes")]
    )

    /// `shop plan`.
    static let plan = CommandSpec(
        name: "plan",
        abstract: "Make the list's plan-made needs exactly a meal plan's (for cron).",
        discussion: """
            FILE is a Cooklang shopping list (.shopping-list): recipe references ./PATH or ./PATH{MULTIPLIER} \
            (relative to the plan's folder, nested by two spaces), free-hand ingredients name{quantity%unit}, \
            comments. Entries not on the list yet are added, entries no longer in the plan are taken back, \
            the rest is left alone: running it again changes nothing, and what was bought stays bought.
            """,
        arguments: [ArgumentSpec(name: "<path>", help: "The meal plan file.")],
        options: [
            .flag("dry-run", help: "Say what would change, and change nothing."),
            .json("what changed"),
        ]
    )
}
