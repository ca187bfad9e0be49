// An item's stock fields (SPEC section 18), rows of ``Item/fields``; keys and `--json` are in `Item+Fields.swift`.

extension Item {
    /// Whether it is kept in stock, its shelf life closed and open, and the least to have at home.
    static let stockFields: [RecordField<Item>] = [
        RecordField<Item>(ItemKey.stock, "kept in stock", { $0.stock }, set: { $0.stock = $1 }, .flag, isSet: { $0 }) {
            fields, key, _ in fields.merge(\.stock, key) { "\($0)" }
        },
        RecordField<Item>(ItemKey.keeps, "keeps", { $0.keeps }, set: { $0.keeps = $1 }, .int, isSet: { $0 != nil }) {
            fields, key, _ in fields.merge(\.keeps, key) { $0.map { "\($0) days" } ?? "none" }
        },
        RecordField<Item>(
            ItemKey.keepsOpen, "keeps open", { $0.keepsOpen }, set: { $0.keepsOpen = $1 }, .int, isSet: { $0 != nil }
        ) { fields, key, _ in
            fields.merge(\.keepsOpen, key) { $0.map { "\($0) days" } ?? "none" }
        },
        RecordField<Item>(
            ItemKey.minStock, "minimum stock", { $0.minStock }, set: { $0.minStock = $1 }, .part, isSet: { $0 != nil }
        ) { fields, key, _ in
            fields.merge(\.minStock, key) { $0.map { Amount(parts: [$0]).description } ?? "none" }
        },
    ]
}
