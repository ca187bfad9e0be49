// An item's stock fields (SPEC section 18), rows of ``Item/fields`` kept in a file of their own so that
// `Item+Fields.swift` stays one screenful of each concern: the keys, codec arms and `--json` members are there.

extension Item {
    /// Whether it is kept in stock, its shelf life closed and open, and the least to have at home.
    static let stockFields: [RecordField<Item>] = [
        RecordField(ItemKey.stock, "kept in stock", { $0.stock }, isSet: { $0 }) { fields, key, _ in
            fields.merge(\.stock, key) { "\($0)" }
        },
        RecordField(ItemKey.keeps, "keeps", { $0.keeps }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.keeps, key) { $0.map { "\($0) days" } ?? "none" }
        },
        RecordField(ItemKey.keepsOpen, "keeps open", { $0.keepsOpen }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.keepsOpen, key) { $0.map { "\($0) days" } ?? "none" }
        },
        RecordField(ItemKey.minStock, "minimum stock", { $0.minStock }, isSet: { $0 != nil }) { fields, key, _ in
            fields.merge(\.minStock, key) { $0.map { Amount(parts: [$0]).description } ?? "none" }
        },
    ]
}
