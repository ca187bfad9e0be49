import ShopJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A recipe on the list's fields (``ListedRecipe``, data file version 4), each declared once (see
// ``RecordField`` and its "Adding a field"): its keys, its table, and how the codec writes and reads each key.

/// A recipe on the list's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum RecipeKey: String, DataFileKey {
    case askedFor, entry, id, label, modifiedAt, name, plan
    static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    static let nameKey: Self? = .name
}

extension ListedRecipe: DeclaredRecord {
    package static let fields: [RecordField<ListedRecipe>] = [
        RecordField(RecipeKey.name, "name", { $0.name }, isSet: { _ in true }) { fields, key, _ in
            fields.merge(\.name, key, describe: MergeDescriber.text)
        },
        RecordField(RecipeKey.label, "label", { $0.label }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.label, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField(RecipeKey.plan, "plan", { $0.plan }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.plan, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField(RecipeKey.entry, "plan entry", { $0.entry }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.entry, key) { $0.map(MergeDescriber.text) ?? "none" }
        },
        RecordField(RecipeKey.askedFor, "ingredients asked for", { $0.askedFor }, isSet: { $0 != nil }) {
            fields, key, _ in
            fields.merge(\.askedFor, key) { $0 == nil ? "none" : "as the recipe file read then" }
        },
    ]
}

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
            case .askedFor: askedFor = try decoder.string(key.rawValue)
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
            id: ListedRecipe.ID(id), name: name, label: label, plan: plan, entry: entry, askedFor: askedFor,
            modifiedAt: modifiedAt)
    }
}
