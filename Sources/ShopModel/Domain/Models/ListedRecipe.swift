/// A recipe on the list (SPEC section 11.2), with its label and, when a meal plan put it there, the plan and its line,
/// so that adding it again changes nothing and removing it takes back exactly what it added (its ``RecipeNeed``s).
///
/// A free-hand ingredient of a plan (`olive oil{500%ml}`) is one too, named after the ingredient.
public struct ListedRecipe: Identifiable, Hashable, Sendable {
    /// The recipe's identifier type.
    public typealias ID = Identifier<ListedRecipe>

    public package(set) var id: ID
    /// The front matter's `title`, else the file name without `.cook` (a plan's free-hand ingredient: its name).
    public var name: String
    /// What it is for (`tuesday`), if anything; `recipe add --for LABEL`.
    public var label: String?
    /// The meal plan that put it on the list (its path, `~/` for the home folder), or `nil`.
    public var plan: String?
    /// The plan's entry it stands for (`./Dinners/Lasagne{2}`, with the references above a nested one), or `nil`.
    public var entry: String?
    /// For a plan's entry: what it asked to buy when it went on the list (one line per ingredient, its name's key, a
    /// tab, its exact amount), so that `shop plan` re-applies an entry whose recipe file changed (SPEC 16); `nil` for
    /// `recipe add` and for entries written before this was kept (taken as unchanged).
    public var askedFor: String?
    /// When `shop` last changed each field.
    public var modifiedAt: FieldStamps

    /// Creates a value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), name: String, label: String? = nil, plan: String? = nil, entry: String? = nil,
        askedFor: String? = nil, modifiedAt: FieldStamps = FieldStamps()
    ) {
        self.id = id
        self.name = name
        self.label = label
        self.plan = plan
        self.entry = entry
        self.askedFor = askedFor
        self.modifiedAt = modifiedAt
    }

    /// What identifies the recipe on the list: name and label (case-insensitively) for `recipe add`; plan, period (its
    /// label) and entry for what a plan put there (SPEC section 14). Two records with one key are one recipe.
    package var key: String {
        if let plan, let entry {
            return "plan\u{0}" + plan + "\u{0}" + (label.map(NameOrder.key) ?? "") + "\u{0}" + entry
        }
        return "recipe\u{0}" + NameOrder.key(name) + "\u{0}" + (label.map(NameOrder.key) ?? "")
    }
}

/// What one recipe on the list added to one item: an exact amount, or nothing to add (an ingredient
/// without a number). Buying the item settles it (the record goes); removing the recipe takes it back.
public struct RecipeNeed: Identifiable, Hashable, Sendable {
    /// The need's identifier type.
    public typealias ID = Identifier<RecipeNeed>

    public package(set) var id: ID
    /// The recipe that added it.
    public var recipeID: ListedRecipe.ID
    /// The item it was added to.
    public var itemID: Item.ID
    /// The amount added (``Amount/none``: the ingredient went on the list with no amount).
    public var amount: Amount
    /// When `shop` last changed each field.
    public var modifiedAt: FieldStamps

    /// Creates a value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), recipeID: ListedRecipe.ID, itemID: Item.ID, amount: Amount,
        modifiedAt: FieldStamps = FieldStamps()
    ) {
        self.id = id
        self.recipeID = recipeID
        self.itemID = itemID
        self.amount = amount
        self.modifiedAt = modifiedAt
    }
}
