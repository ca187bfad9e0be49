import ShopModel

/// Every failure of recipes and meal plans (SPEC sections 14 and 19), with the offending values so the caller can
/// name them; a failure of the core below (a unit, a name, a file that cannot be read) comes through as ``core(_:)``.
public enum RecipeError: Error, Hashable, Sendable {
    /// A failure of the core: a unit or name that breaks rule 1, a recipe not on the list, a file that cannot be read.
    case core(ShopError)
    /// A quantity of a recipe or plan (`source`: the file and line or ingredient) read as a number but not above zero
    /// within the limits (SPEC sections 14 and 19): `{-1%kg}`, `{1/0}`, `{0}`, `{1e30}`.
    case invalidIngredientQuantity(source: String, quantity: String, problem: Amount.Problem)
    /// A recipe or plan file that is too large or not a regular file (`reason` says which).
    case refusedRecipeFile(path: String, reason: String)
    /// A recipe on the list under none of these labels (`recipe remove NAME --for LABEL`): carries the
    /// recipe's name, the label asked for and the labels it has (`nil` for none).
    case recipeLabelNotFound(recipe: String, label: String, labels: [String?])
    /// A meal plan (`shop plan`) that is not in the Cooklang shopping-list format; names the line.
    case invalidPlan(path: String, line: Int, detail: String)
    /// `--servings` asked of a recipe whose front matter gives no `servings`.
    case recipeWithoutServings(file: String)

    /// Runs a call into the core, its failure as this layer's (``core(_:)``).
    static func core<Value>(_ body: () throws(ShopError) -> Value) throws(RecipeError) -> Value {
        do {
            return try body()
        } catch {
            throw .core(error)
        }
    }
}
