// How the item fields of SPEC section 12 that are sets merge (declared in Fields/Item+Fields.swift).

extension Item {
    /// `storePrices`: per store, the later of the two sides' last prices (never a conflict). Not recomputed from the
    /// merged log: an older log holds prices no item carries yet, and every item would change.
    static func mergeStorePrices(_ fields: inout FieldMerge<Item>, _ key: String) {
        let (ours, theirs) = (fields.ours.storePrices, fields.theirs.storePrices)
        guard ours != theirs else { return }
        var byStore: [Store.ID: StorePrice] = [:]
        for price in ours + theirs where (byStore[price.storeID]?.date ?? .distantPast) <= price.date {
            byStore[price.storeID] = price
        }
        let stamps = [fields.ours.modifiedAt[key], fields.theirs.modifiedAt[key]]
        fields.settle(
            \.storePrices, key, to: byStore.values.sorted { $0.storeID < $1.storeID },
            at: stamps.compactMap { $0 }.max())
    }

    /// `unavailableAt` merges as a set: a store marked on one side and another store on the other are both
    /// kept, and a mark taken back on one side (present in the base, gone on that side) is gone.
    static func mergeUnavailableAt(_ fields: inout FieldMerge<Item>, _ key: String) {
        let (ours, theirs) = (fields.ours.unavailableAt, fields.theirs.unavailableAt)
        guard ours != theirs else { return }
        var base: Set<Store.ID> = []
        if case .threeWay(let record?) = fields.mode { base = Set(record.unavailableAt) }
        let (mine, yours) = (Set(ours), Set(theirs))
        let kept = mine.union(yours).filter { !base.contains($0) || (mine.contains($0) && yours.contains($0)) }
        let stamps = [fields.ours.modifiedAt[key], fields.theirs.modifiedAt[key]]
        fields.settle(\.unavailableAt, key, to: kept.sorted(), at: stamps.compactMap { $0 }.max())
    }
}

extension PriceWithUnit {
    /// `2.49`, `11.99/kg`: a price as a conflict line shows it.
    static func describe(_ value: PriceWithUnit) -> String {
        value.unit.isCount ? value.price.description : value.price.description + "/" + value.unit.symbol
    }
}
