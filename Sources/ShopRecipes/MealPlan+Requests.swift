import ShopModel

/// Turning a meal plan into the recipe requests `shop plan` applies: every recipe reference (nested ones included, each
/// with its own multiplier) and every free-hand ingredient becomes one entry, identified by its line.
extension MealPlan {
    /// The requests for every entry of the plan.
    /// - Parameters:
    ///   - plan: the plan as recorded on the list (its path, `~/` for the home folder).
    ///   - folder: the plan's folder; references are relative to it.
    ///   - readRecipe: reads a file's text, or returns `nil` when there is no file at that path.
    /// - Throws: ``RecipeError/core(_:)`` with ``ShopError/cannotRead(path:reason:)`` for a recipe that cannot be found or read, and
    ///   what ``RecipeRequest/init(recipe:fileName:scale:label:includingOptional:)`` throws.
    ///   - period: the period the run is for (`2026-W49`, or `--for LABEL`): every request's label.
    public func requests(
        plan: String, period: String? = nil, folder: String, readRecipe: (String) throws(RecipeError) -> String?
    ) throws(RecipeError) -> [RecipeRequest] {
        var requests: [RecipeRequest] = []
        var occurrences: [String: Int] = [:]
        func entryKey(_ text: String) -> String {
            occurrences[text, default: 0] += 1
            let count = occurrences[text]!
            return count == 1 ? text : text + " #\(count)"
        }
        func visit(_ reference: RecipeReference, parents: String) throws(RecipeError) {
            let line = "./" + reference.path + (reference.multiplierText.isEmpty ? "" : "{\(reference.multiplierText)}")
            let chain = parents.isEmpty ? line : parents + " > " + line
            let path = folder + "/" + reference.path
            let candidates = path.hasSuffix(".cook") ? [path] : [path + ".cook", path]
            var text: String?
            var found = candidates[0]
            for candidate in candidates {
                if let read = try readRecipe(candidate) {
                    text = read
                    found = candidate
                    break
                }
            }
            guard let text else { throw .core(.cannotRead(path: candidates[0], reason: "No such file or directory")) }
            var request = try RecipeRequest(
                recipe: CooklangRecipe(parsing: text), fileName: RecipeFiles.fileName(found),
                scale: .factor(reference.multiplier))
            request.plan = plan
            request.label = period
            // The plan's own list beats each recipe's (SPEC 22); `--list` and `SHOP_LIST` beat both (the caller).
            if let list { request.list = list }
            request.entry = entryKey(chain)
            requests.append(request)
            for child in reference.children { try visit(child, parents: chain) }
        }
        for entry in entries {
            switch entry {
            case .recipe(let reference):
                try visit(reference, parents: "")
            case .ingredient(let ingredient):
                let line = ingredient.name + (ingredient.quantityText.map { "{\($0)}" } ?? "")
                let amount = try ingredient.checkedAmount(source: "\(plan):\(ingredient.line): \(line)") ?? .none
                var request = RecipeRequest(
                    name: ingredient.name, label: period, plan: plan, entry: entryKey(line),
                    ingredients: [.init(name: ingredient.name, amount: amount)])
                request.list = list
                requests.append(request)
            }
        }
        return requests
    }
}
