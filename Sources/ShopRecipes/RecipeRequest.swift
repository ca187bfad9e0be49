import ShopModel

/// A recipe ready to go on the list: its name, label, plan entry and the ingredients to buy, each with
/// its amount already scaled (see ``RecipeRequest/init(recipe:fileName:scale:label:includingOptional:)``).
public struct RecipeRequest: Hashable, Sendable {
    /// One ingredient to buy.
    public struct Ingredient: Hashable, Sendable {
        /// The ingredient's name, matched against item names case-insensitively.
        public var name: String
        /// The amount to add (``Amount/none``: no amount, the item just goes on the list).
        public var amount: Amount

        /// An ingredient.
        public init(name: String, amount: Amount) {
            self.name = name
            self.amount = amount
        }
    }

    /// The recipe's name (the `title`, else the file name without `.cook`).
    public var name: String
    /// `--for LABEL`.
    public var label: String?
    /// The plan that asks for it (`~/meals/.shopping-list`), if any.
    public var plan: String?
    /// The plan's entry it stands for, if any.
    public var entry: String?
    /// The ingredients, in the recipe's order; one name may come more than once.
    public var ingredients: [Ingredient]
    /// The list the recipe or plan file asks for (`>> list: Party`, SPEC 22), as written; `nil` when it names none.
    public var list: String?
    /// The list its ingredients go on (the caller resolves `--list`, ``list`` or the current list): a new item and one
    /// off every list go there; one already on a list stays on it. `nil`: a new item starts on `Groceries`, one off
    /// every list goes back to its home list.
    public var listID: NamedList.ID?

    /// A request.
    public init(
        name: String, label: String? = nil, plan: String? = nil, entry: String? = nil, ingredients: [Ingredient]
    ) {
        self.name = name
        self.label = label
        self.plan = plan
        self.entry = entry
        self.ingredients = ingredients
    }

    /// The record the request becomes on the list, keeping what it asks for (``contents``): a plan's entry to tell a
    /// changed recipe file, and every recipe so that `shop recipes` names what was found at home (SPEC 18, 23).
    var record: ListedRecipe {
        ListedRecipe(name: name, label: label, plan: plan, entry: entry, askedFor: askedFor ?? contents)
    }

    /// What the recipe file asks for, when ``ingredients`` is less (a changed entry applied again without
    /// what was bought already); `nil`: ``contents``.
    var askedFor: String?

    /// What the request asks to buy, as a plan entry's record keeps it so that `shop plan` can tell a changed recipe
    /// file (SPEC 16): one line per ingredient, the key of its name (``NameOrder/key(_:)``), a tab and its amount's exact
    /// text (empty for none), the same ingredient twice added up, in key order. Names and units hold no control
    /// character (rule 1), so the tab and the line break are never part of either.
    var contents: String {
        Self.amountsByKey(ingredients).sorted { $0.key < $1.key }
            .map { $0.key + "\t" + $0.value.exactText }.joined(separator: "\n")
    }

    /// The ingredients' amounts by the key of their names, the same ingredient twice added up.
    static func amountsByKey(_ ingredients: [Ingredient]) -> [String: Amount] {
        var amounts: [String: Amount] = [:]
        for ingredient in ingredients {
            let key = NameOrder.key(ingredient.name)
            amounts[key] = amounts[key].map { $0.adding(ingredient.amount) } ?? ingredient.amount
        }
        return amounts
    }

    /// Reads ``contents`` back as exact amount texts by key.
    static func contentsByKey(_ contents: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in contents.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }
}

/// How much of a recipe to make: `--scale F`, or `--servings N` against the recipe's own servings.
public enum RecipeScale: Hashable, Sendable {
    /// The quantities times a factor (one: as written).
    case factor(ExactNumber)
    /// The quantities for this many servings.
    case servings(ExactNumber)
}

extension RecipeRequest {
    /// The request for a Cooklang recipe.
    /// - Parameters:
    ///   - fileName: the file's name, without folders; its name without `.cook` names a recipe with no title.
    ///   - includingOptional: `--optional`: the `@?` ingredients too.
    /// - Throws: ``RecipeError/recipeWithoutServings(file:)`` for `--servings` on a recipe that names none;
    ///   ``RecipeError/core(_:)`` with ``ShopError/invalidAmount(_:problem:)`` for an ingredient past the limits once scaled.
    public init(
        recipe: CooklangRecipe, fileName: String, scale: RecipeScale = .factor(.one), label: String? = nil,
        includingOptional: Bool = false
    ) throws(RecipeError) {
        let factor: ExactNumber
        switch scale {
        case .factor(let value): factor = value
        case .servings(let wanted):
            guard let servings = recipe.servings else {
                throw .recipeWithoutServings(file: fileName)
            }
            factor = (wanted / servings)!
        }
        var name = recipe.title.map(Validation.trimmed) ?? ""
        if name.isEmpty {
            name = fileName.hasSuffix(".cook") ? String(fileName.dropLast(5)) : fileName
        }
        var ingredients: [Ingredient] = []
        for ingredient in recipe.ingredients where includingOptional || !ingredient.isOptional {
            let source = fileName + ": @" + ingredient.name
            let written = try ingredient.checkedAmount(source: source)
            // A fixed quantity (`{=1%tsp}`) is the same for any number of servings.
            let amount = (ingredient.isFixed ? written : written?.scaled(by: factor)) ?? .none
            // Within the limits as written, but scaled past them: named as written.
            let typed = (ingredient.quantityText ?? "") + (ingredient.unitText.map { " " + $0 } ?? "")
            _ = try RecipeError.core { () throws(ShopError) in try amount.checked(ingredient.name + " " + typed) }
            ingredients.append(Ingredient(name: ingredient.name, amount: amount))
        }
        self.init(name: name, label: label, ingredients: ingredients)
        list = recipe.value(forKey: "list").map(Validation.trimmed).flatMap { $0.isEmpty ? nil : $0 }
    }
}
