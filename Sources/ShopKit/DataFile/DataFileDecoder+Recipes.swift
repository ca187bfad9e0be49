#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading the records of data file version 4: amounts, recipes on the list and what each added.
extension DataFileDecoder {
    private static let recipeKeys = MemberKeys(["entry", "id", "label", "modifiedAt", "name", "plan"], indent: 6)
    private static let needKeys = MemberKeys(["amount", "id", "itemId", "modifiedAt", "recipeId"], indent: 6)

    /// An amount: a whole count as a number (every version), or the exact text of version 4
    /// (``Amount/exactText``); `nil` for `null`.
    mutating func amount(_ field: StaticString) throws(JSONScanFailure) -> Amount? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard try scanner.peekValue() == UInt8(ascii: "\"") else {
            return try int(field).map { Amount(count: $0) }
        }
        guard let text = try string(field) else { return nil }
        if let known = amounts[text] { return known }
        guard let amount = Amount(exactText: text) else {
            throw invalid(field, "must be a whole number or an exact amount such as \"1500 g\" or \"1/3\"", at: start)
        }
        if amounts.count < 1024 { amounts[text] = amount }
        return amount
    }

    mutating func recipe(number: Int) throws(JSONScanFailure) -> ListedRecipe {
        try beginRecord("recipe", number: number)
        var id: UUID?
        var name: String?
        var label: String?
        var plan: String?
        var entry: String?
        var modifiedAt = FieldStamps()
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard let index = scanner.index(of: key, in: Self.recipeKeys.names) else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: entry = try string("entry")
            case 1: id = try uuid("id")
            case 2: label = try string("label")
            case 3: modifiedAt = try stamps(of: ListedRecipe.self).0
            case 4: name = try string("name")
            default: plan = try string("plan")
            }
        }
        guard let id else { throw missing("id") }
        guard let name else { throw missing("name") }
        record = nil
        return ListedRecipe(
            id: ListedRecipe.ID(id), name: name, label: label, plan: plan, entry: entry, modifiedAt: modifiedAt)
    }

    mutating func recipeNeed(number: Int) throws(JSONScanFailure) -> RecipeNeed {
        try beginRecord("recipe need", number: number)
        var id: UUID?
        var itemID: UUID?
        var recipeID: UUID?
        var amount = Amount.none
        var modifiedAt = FieldStamps()
        var seen = KeySet()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard let index = scanner.index(of: key, in: Self.needKeys.names) else {
                try seen.insertUnknown(key, &scanner)
                try scanner.skipValue()
                continue
            }
            try seen.insert(index, key, &scanner)
            switch index {
            case 0: amount = try self.amount("amount") ?? .none
            case 1: id = try uuid("id")
            case 2: itemID = try uuid("itemId")
            case 3: modifiedAt = try stamps(of: RecipeNeed.self).0
            default: recipeID = try uuid("recipeId")
            }
        }
        guard let id else { throw missing("id") }
        guard let itemID else { throw missing("itemId") }
        guard let recipeID else { throw missing("recipeId") }
        record = nil
        return RecipeNeed(
            id: RecipeNeed.ID(id), recipeID: ListedRecipe.ID(recipeID), itemID: Item.ID(itemID), amount: amount,
            modifiedAt: modifiedAt)
    }
}
