import ShopModel

/// The sample data set of the repository's `SampleData/` folder (`shop.json` and its purchase log
/// `shop.json.purchases`), compiled into the library so that `shop sample` works from any installed binary.
public enum SampleData {
    /// The sample list, decoded from the embedded file. Its purchase log is not read (`shop demo` shows
    /// the list alone); ``purchases()`` reads it.
    /// - Throws: only if the embedded file is broken, which a test rules out.
    public static func load() throws(ShopError) -> ShoppingList {
        try DataFileStore.decode(PackageResources.shop_json, path: "SampleData/shop.json")
    }

    /// The sample's purchases (sixteen weeks at its three stores, at fixed dates), oldest first.
    /// - Throws: only if the embedded log is broken, which a test rules out.
    public static func purchases() throws(ShopError) -> [Purchase] {
        try PurchaseLogFile.decode(PackageResources.shop_json_purchases, path: "SampleData/shop.json.purchases")
    }

    /// The sample's stock entries (SPEC section 18: a few weeks of what was used of its stocked items).
    public static func stockEntries() throws(ShopError) -> [StockEntry] {
        PurchaseLogFile.liveStock(
            try PurchaseLogFile.contents(PackageResources.shop_json_purchases, path: "SampleData/shop.json.purchases"))
    }

    /// Makes `list` the sample (`shop sample`): its items, locations and stores replace the list's, and the
    /// purchase log (which `list` must have loaded) gains the sample's purchases it does not hold yet, by
    /// id, so loading the sample again logs nothing twice. What the log held stays: only `unbuy` deletes a
    /// purchase. This device's current store and timer are not the list's and stay as they were.
    /// - Parameters:
    ///   - sample: ``load()``'s list, and `purchases` ``purchases()``: decoded once by the caller, since a
    ///     change to a data file that does not exist yet runs twice (see ``DataFileStore/update(loadingLog:_:beforeWrite:)``).
    public static func install(
        _ sample: ShoppingList, purchases: [Purchase], stock: [StockEntry] = [], into list: inout ShoppingList
    ) {
        let device = list.deviceState
        var log = list.log
        let known = Set(log.purchases.map(\.id))
        for purchase in purchases where !known.contains(purchase.id) { log.add(purchase) }
        let knownEntries = Set(log.stockEntries.map(\.id))
        for entry in stock where !knownEntries.contains(entry.id) { log.add(entry) }
        list = sample
        list.log = log
        // The last price at each store comes from the log (SPEC 12), as every `buy` keeps it; the sample's
        // file is written without them, so a first merge between two devices does not find them all new.
        list.recomputeStorePrices()
        list.keepDeviceState(device)
    }
}
