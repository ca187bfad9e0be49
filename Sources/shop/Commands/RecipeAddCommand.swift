import ShopKit

/// `shop recipe add PATH... [--servings N | --scale F] [--for LABEL] [--optional] [--json]`.
enum RecipeAddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Put recipes' ingredients on the list.",
        discussion: """
            New ingredients, and ingredients off every list, go on the list --list or $SHOP_LIST names, else \
            on the recipe's own '>> list: NAME', else on the current list; one already on a list stays there.
            """,
        arguments: [
            ArgumentSpec(
                name: "<path>", help: "Cooklang recipe files (.cook), or http(s) addresses of recipe pages to import.",
                isRepeatable: true)
        ],
        options: [
            servings.spec, scale.spec, RecipeCommand.label.spec, optional.spec, RecipeImportCommand.all.spec,
            CommonOptions.json("the recipes added").spec,
        ],
        data: .writes(log: true),
        run: run
    )

    /// `--servings <n>`: scale to this many servings; a word is a usage error, zero or less exit 1.
    static let servings = OptionKey<ExactNumber>.positiveNumber(
        "servings", value: "<n>", help: "Scale to this many servings (against the recipe's 'servings').")
    static let scale = OptionKey<ExactNumber>.positiveNumber(
        "scale", value: "<factor>", help: "Scale every amount by this factor (2, 0.5, 1/2).")
    static let optional = OptionKey<Bool>.flag("optional", help: "Include the optional ingredients (@?name).")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = context.options
        if options.contains(servings) && options.contains(scale) {
            throw context.usageError("'--servings' and '--scale' cannot be used together")
        }
        let recipeScale: RecipeScale
        if let servings = options[servings] {
            recipeScale = .servings(servings)
        } else if let scale = options[scale] {
            recipeScale = .factor(scale)
        } else {
            recipeScale = .factor(.one)
        }
        let label = options[RecipeCommand.label]
        let includingOptional = options[optional]
        // `recipe add URL`: the page is imported into the current folder first (SPEC section 19).
        let hasAddress = context.invocation.positionals.contains(where: PageFetcher.isWebAddress)
        if options[RecipeImportCommand.all] && !hasAddress {
            throw context.usageError("'--all' goes with the address of a recipe page")
        }
        if hasAddress {
            return try RecipeImportSources.addWithPages(
                &context, scale: recipeScale, label: label, includingOptional: includingOptional)
        }
        // Every file is read and scaled before the lock: a missing file (74) or a bad amount (1) changes nothing.
        let requests = try attempt {
            try context.invocation.positionals.map { (path) throws(RecipeError) in
                try RecipeRequest(
                    recipe: CooklangRecipe(parsing: RecipeFiles.read(path)), fileName: RecipeFiles.fileName(path),
                    scale: recipeScale, label: label, includingOptional: includingOptional)
            }
        }
        let (outcomes, list) = try RecipeImportSources.addToList(requests, staged: [], context: &context)
        if context.wantsJSON {
            context.output += RecipeOutput.json(outcomes.filter { $0.kind == .added }, in: list)
        }
        for outcome in outcomes { context.say(RecipeOutput.added(outcome, in: list)) }
    }
}

extension OptionKey where Value == ExactNumber {
    /// An option taking an exact number above zero (`--servings 4`, `--scale 1/2`): a word is a usage
    /// error (exit 64); zero or a negative number is refused before the command runs (exit 1).
    static func positiveNumber(_ long: String, value: String, help: String) -> OptionKey {
        OptionKey(spec: OptionSpec(long: long, short: nil, valueName: value, kind: .string, help: help)) { word in
            var trimmed = Substring(word)
            while trimmed.first == " " { trimmed.removeFirst() }
            while trimmed.last == " " { trimmed.removeLast() }
            let negative = trimmed.hasPrefix("-")
            guard
                let number = ExactNumber(
                    parsing: negative ? trimmed.dropFirst() : trimmed, maximumFractionDigits: 6)
            else { return .malformed(expected: "a number") }
            guard !negative, !number.isZero else {
                return .refused(
                    OptionRefusal(message: "--\(long) \(word) is not above zero", hint: "give a number above 0"))
            }
            return .value(number)
        }
    }
}
