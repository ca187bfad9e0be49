/// The sample data set of the repository's `SampleData/shop.json`, compiled into the library so that
/// `shop sample` works from any installed binary.
public enum SampleData {
    /// The sample list, decoded from the embedded file.
    /// - Throws: only if the embedded file is broken, which a test rules out.
    public static func load() throws(ShopError) -> ShoppingList {
        try DataFileStore.decode(PackageResources.shop_json, path: "SampleData/shop.json")
    }
}
