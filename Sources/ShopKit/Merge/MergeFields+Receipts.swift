#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The item fields of SPEC section 12, merged field by field like the others (see MergeFields.swift).

extension Item {
    /// `pack`, `storePrices` and `unavailableAt`. The last prices per store are recomputed from the merged
    /// log afterwards (``ShoppingList/mergePurchaseLogs(base:ours:theirs:)``), so what is merged here only
    /// stands for a file merged without its log. The stores that are out of an item merge as a set: a
    /// store marked on one device and another store on the other are both kept, and a mark taken back on
    /// one side is gone.
    static func mergeReceiptFields(_ fields: inout FieldMerge<Item>) {
        fields.merge(\.pack, "pack") { $0.map { Amount(parts: [$0]).description } ?? "none" }
        // The last price at each store: per store, the later of the two sides (never a conflict to report:
        // both are prices paid).
        let (oursPrices, theirsPrices) = (fields.ours.storePrices, fields.theirs.storePrices)
        if oursPrices != theirsPrices {
            var byStore: [Store.ID: StorePrice] = [:]
            for price in oursPrices + theirsPrices where (byStore[price.storeID]?.date ?? .distantPast) <= price.date {
                byStore[price.storeID] = price
            }
            let stamps = [fields.ours.modifiedAt["storePrices"], fields.theirs.modifiedAt["storePrices"]]
            fields.settle(
                \.storePrices, "storePrices", to: byStore.values.sorted { $0.storeID < $1.storeID },
                at: stamps.compactMap { $0 }.max())
        }
        let (ours, theirs) = (fields.ours.unavailableAt, fields.theirs.unavailableAt)
        guard ours != theirs else { return }
        var base: Set<Store.ID> = []
        if case .threeWay(let record?) = fields.mode { base = Set(record.unavailableAt) }
        let (mine, yours) = (Set(ours), Set(theirs))
        let kept = mine.union(yours).filter { !base.contains($0) || (mine.contains($0) && yours.contains($0)) }
        let stamps = [fields.ours.modifiedAt["unavailableAt"], fields.theirs.modifiedAt["unavailableAt"]]
        fields.settle(\.unavailableAt, "unavailableAt", to: kept.sorted(), at: stamps.compactMap { $0 }.max())
    }
}

extension PriceWithUnit {
    /// `2.49`, `11.99/kg`: a price as a conflict line shows it.
    static func describe(_ value: PriceWithUnit) -> String {
        value.unit.isCount ? value.price.description : value.price.description + "/" + value.unit.symbol
    }
}
