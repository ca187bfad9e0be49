#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The merge rules of two item fields of SPEC section 12 that are more than one call of
// ``FieldMerge/merge(_:_:isDefault:unite:describe:)``; their rows are in RecordField+Tables.swift.

extension Item {
    /// The last price at each store: per store, the later of the two sides (never a conflict to report:
    /// both are prices paid). The last prices per store are recomputed from the merged log afterwards
    /// (``ShoppingList/mergePurchaseLogs(base:ours:theirs:)``), so what is merged here only stands for a
    /// file merged without its log.
    static func mergeStorePrices(_ fields: inout FieldMerge<Item>, key: String) {
        let (oursPrices, theirsPrices) = (fields.ours.storePrices, fields.theirs.storePrices)
        guard oursPrices != theirsPrices else { return }
        var byStore: [Store.ID: StorePrice] = [:]
        for price in oursPrices + theirsPrices where (byStore[price.storeID]?.date ?? .distantPast) <= price.date {
            byStore[price.storeID] = price
        }
        let stamps = [fields.ours.modifiedAt[key], fields.theirs.modifiedAt[key]]
        fields.settle(
            \.storePrices, key, to: byStore.values.sorted { $0.storeID < $1.storeID }, at: stamps.compactMap { $0 }.max())
    }

    /// The stores an item is out at merge as a set: a store marked on one device and another store on the
    /// other are both kept, and a mark taken back on one side is gone.
    static func mergeUnavailableStores(_ fields: inout FieldMerge<Item>, key: String) {
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
