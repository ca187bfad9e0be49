/// Never write what cannot be read (SPEC section 14): before a change is written, the list is checked against the
/// reader's own rules, so that a command fails (exit 1, nothing written) rather than leave an unreadable file.
///
/// The writer and the reader share one grammar (``Amount/exactText``, ``Amount/init(exactText:)``), and this check
/// holds them to it: every amount that is not a plain count must read back as itself, and every record must pass the
/// checks the reader makes (``itemProblem(id:name:quantity:every:)``, ``recipeProblem(_:keys:)``, ``needProblem(_:)``,
/// ``neededItemProblem(_:)``: the very functions reading uses).
extension ShoppingList {
    /// Why the file written from this list would be refused, or `nil` when it reads back. Linear in the
    /// records; amounts that are whole counts (nearly all) are written as numbers and need no reading back.
    package func readBackProblem() -> String? {
        // Names are trimmed wherever they come in (rule 1). By position, not `for item in`, which copies every item.
        let items = itemsByID.values
        for position in items.indices {
            if let problem = Self.itemProblem(
                id: items[position].id, name: items[position].name, quantity: items[position].quantity,
                every: items[position].restock?.days)
            {
                return problem
            }
            if let problem = Self.amountProblem(items[position].quantity, of: items[position].name) { return problem }
        }
        guard !recipesByID.isEmpty || !needsByID.isEmpty else { return nil }
        // The records sit in tables by id, so ids are unique; the rest is checked as reading checks it, in place.
        var keys = Set<String>()
        for recipe in recipesByID.values {
            if let problem = Self.recipeProblem(recipe, keys: &keys) { return problem }
        }
        var needed = Set<Item.ID>()
        for need in needsByID.values {
            if let problem = needProblem(need) { return problem }
            let name = itemsByID[need.itemID]?.name ?? "?"
            if let problem = Self.amountProblem(need.amount, of: name) { return problem }
            needed.insert(need.itemID)
        }
        for id in needed {
            if let item = itemsByID[id], let problem = Self.neededItemProblem(item) { return problem }
        }
        return nil
    }

    /// Why `amount` would not read back as itself, or `nil`.
    static func amountProblem(_ amount: Amount, of name: String) -> String? {
        guard amount.wholeCount == nil, !amount.isEmpty else { return nil }
        let text = amount.exactText
        guard let read = Amount(exactText: text), read == amount else {
            return "the amount of \(quoted(name)) would be written as \(quoted(text)), which does not read back"
        }
        return nil
    }
}
