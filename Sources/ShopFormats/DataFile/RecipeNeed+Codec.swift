import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A recipe need's codec in the data file: how the value of each of its keys (``RecipeNeedKey``, declared with
// its field table in ShopModel's `Fields/RecipeNeed+Fields.swift`) is written and read.

extension DataFileCodec {
    /// One recipe need object, its keys in written order; no amount of its own leaves `amount` out.
    static func write(_ need: RecipeNeed, to writer: inout JSONWriter) {
        let layout = RecipeNeedKey.layout
        writer.beginObject()
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .amount:
                guard !need.amount.isEmpty else { continue }
                writer.key(position, of: layout.members)
                writer.amount(need.amount)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(need.id.uuid)
            case .itemId:
                writer.key(position, of: layout.members)
                writer.uuid(need.itemID.uuid)
            case .modifiedAt: stamp(need.modifiedAt, position, of: layout.members, to: &writer)
            case .recipeId:
                writer.key(position, of: layout.members)
                writer.uuid(need.recipeID.uuid)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    mutating func recipeNeed(number: Int) throws(JSONScanFailure) -> RecipeNeed {
        try beginRecord("recipe need", number: number, keys: RecipeNeedKey.self)
        var id: UUID?
        var itemID: UUID?
        var recipeID: UUID?
        var amount = Amount.none
        var modifiedAt = FieldStamps()
        try readMembers { (decoder, key: RecipeNeedKey) throws(JSONScanFailure) in
            switch key {
            case .amount: amount = try decoder.scanner.memberAmount(key.rawValue) ?? .none
            case .id: id = try decoder.scanner.memberUUID(key.rawValue)
            case .itemId: itemID = try decoder.scanner.memberUUID(key.rawValue)
            case .modifiedAt: modifiedAt = try decoder.stamps(of: RecipeNeed.self, key.rawValue).0
            case .recipeId: recipeID = try decoder.scanner.memberUUID(key.rawValue)
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
