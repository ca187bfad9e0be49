import ShopJSON
import ShopModel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A listed recipe's codec in the data file: how the value of each of its keys (``RecipeKey``, declared with its
// field table in ShopModel's `Fields/ListedRecipe+Fields.swift`) is written and read.

extension DataFileCodec {
    /// One recipe object, its keys in written order; an absent value's key is left out.
    static func write(_ recipe: ListedRecipe, to writer: inout JSONWriter) {
        let layout = RecipeKey.layout
        writer.beginObject()
        for (position, member) in layout.keys.enumerated() {
            switch member {
            case .askedFor:
                guard let askedFor = recipe.askedFor else { continue }
                writer.key(position, of: layout.members)
                writer.string(askedFor)
            case .entry:
                guard let entry = recipe.entry else { continue }
                writer.key(position, of: layout.members)
                writer.string(entry)
            case .id:
                writer.key(position, of: layout.members)
                writer.uuid(recipe.id.uuid)
            case .label:
                guard let label = recipe.label else { continue }
                writer.key(position, of: layout.members)
                writer.string(label)
            case .modifiedAt: stamp(recipe.modifiedAt, position, of: layout.members, to: &writer)
            case .name:
                writer.key(position, of: layout.members)
                writer.string(recipe.name)
            case .plan:
                guard let plan = recipe.plan else { continue }
                writer.key(position, of: layout.members)
                writer.string(plan)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    mutating func recipe(number: Int) throws(JSONScanFailure) -> ListedRecipe {
        try beginRecord("recipe", number: number, keys: RecipeKey.self)
        var id: UUID?
        var name: String?
        var label: String?
        var plan: String?
        var entry: String?
        var askedFor: String?
        var modifiedAt = FieldStamps()
        try readMembers { (decoder, key: RecipeKey) throws(JSONScanFailure) in
            switch key {
            case .askedFor: askedFor = try decoder.scanner.memberString(key.rawValue)
            case .entry: entry = try decoder.scanner.memberString(key.rawValue)
            case .id: id = try decoder.scanner.memberUUID(key.rawValue)
            case .label: label = try decoder.scanner.memberString(key.rawValue)
            case .modifiedAt: modifiedAt = try decoder.stamps(of: ListedRecipe.self, key.rawValue).0
            case .name: name = try decoder.scanner.memberString(key.rawValue)
            case .plan: plan = try decoder.scanner.memberString(key.rawValue)
            }
        }
        guard let id else { throw missing(RecipeKey.id) }
        guard let name else { throw missing(RecipeKey.name) }
        record = nil
        return ListedRecipe(
            id: ListedRecipe.ID(id), name: name, label: label, plan: plan, entry: entry, askedFor: askedFor,
            modifiedAt: modifiedAt)
    }
}
