import ShopKit

/// `shop recipe add|remove`: groups the recipe subcommands; it does not run by itself.
enum RecipeCommand {
    static let spec = CommandSpec(
        name: "recipe",
        abstract: "Put a recipe's ingredients on the list, or take them back.",
        discussion: """
            A recipe is a Cooklang file (.cook). Its ingredients go on the list with their amounts added to \
            what the list already needs; pantry staples ('shop edit salt --pantry') are left out. The list \
            remembers each recipe with its label, so adding it again changes nothing and removing it takes \
            back exactly what it added and is not bought yet. 'shop recipe import' turns a web page's \
            recipe into a Cooklang file.
            """,
        subcommands: [RecipeAddCommand.spec, RecipeRemoveCommand.spec, RecipeImportCommand.spec]
    )

    /// `--for <label>` of `recipe add` and `recipe remove`.
    static let label = OptionKey<String>.string(
        "for", value: "<label>", help: "What it is for (a day, a meal): one recipe per label.")
}
