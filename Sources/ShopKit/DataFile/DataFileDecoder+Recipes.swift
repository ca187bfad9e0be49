#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading the records of data file version 4: amounts, recipes on the list and what each added.
extension DataFileDecoder {
    /// An amount: a whole count as a number (every version), or the exact text of version 4
    /// (``Amount/exactText``); `nil` for `null`.
    mutating func amount(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Amount? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard try scanner.peekValue() == UInt8(ascii: "\"") else {
            return try int(field()).map { Amount(count: $0) }
        }
        guard let text = try string(field()) else { return nil }
        guard let amount = Amount(exactText: text) else {
            throw invalid(field(), "must be a whole number or an exact amount such as \"1500 g\" or \"1/3\"", at: start)
        }
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
        try readMembers { (decoder, key: RecipeKey) throws(JSONScanFailure) in
            switch key {
            case .entry: entry = try decoder.string(key.rawValue)
            case .id: id = try decoder.uuid(key.rawValue)
            case .label: label = try decoder.string(key.rawValue)
            case .modifiedAt: modifiedAt = try decoder.stamps(of: ListedRecipe.self, key.rawValue).0
            case .name: name = try decoder.string(key.rawValue)
            case .plan: plan = try decoder.string(key.rawValue)
            }
        }
        guard let id else { throw missing(RecipeKey.id) }
        guard let name else { throw missing(RecipeKey.name) }
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
        try readMembers { (decoder, key: RecipeNeedKey) throws(JSONScanFailure) in
            switch key {
            case .amount: amount = try decoder.amount(key.rawValue) ?? .none
            case .id: id = try decoder.uuid(key.rawValue)
            case .itemId: itemID = try decoder.uuid(key.rawValue)
            case .modifiedAt: modifiedAt = try decoder.stamps(of: RecipeNeed.self, key.rawValue).0
            case .recipeId: recipeID = try decoder.uuid(key.rawValue)
            }
        }
        guard let id else { throw missing(RecipeNeedKey.id) }
        guard let itemID else { throw missing(RecipeNeedKey.itemId) }
        guard let recipeID else { throw missing(RecipeNeedKey.recipeId) }
        record = nil
        return RecipeNeed(
            id: RecipeNeed.ID(id), recipeID: ListedRecipe.ID(recipeID), itemID: Item.ID(itemID), amount: amount,
            modifiedAt: modifiedAt)
    }
}
