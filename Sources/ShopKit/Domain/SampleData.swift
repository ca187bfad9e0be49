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

    /// Makes `list` the sample (`shop sample`): its items, locations and stores replace the list's, and the
    /// purchase log (which `list` must have loaded) gains the sample's purchases it does not hold yet, by
    /// id, so loading the sample again logs nothing twice. What the log held stays: only `unbuy` deletes a
    /// purchase. This device's current store and timer are not the list's and stay as they were.
    /// - Returns: the sample as loaded, and how many purchases it has.
    @discardableResult
    public static func install(into list: inout ShoppingList) throws(ShopError) -> (
        sample: ShoppingList, purchases: Int
    ) {
        let sample = try load()
        let purchases = try purchases()
        let device = list.deviceState
        var log = list.log
        let known = Set(log.purchases.map(\.id))
        for purchase in purchases where !known.contains(purchase.id) { log.add(purchase) }
        list = sample
        list.log = log
        list.keepDeviceState(device)
        return (sample, purchases.count)
    }
}
