import ShopKit

extension CommandContext {
    /// Loads the data for a command that only reads it (`list`, `stores`, `export`...), creating nothing.
    ///
    /// A data file that does not exist reads as an empty list (SPEC section 5), and standard error says
    /// so: a mistyped `--file` or `SHOP_FILE` would otherwise look like an empty list and nothing more.
    /// - Parameter withPurchaseLog: read the purchase log too (history, spending, learned restock).
    mutating func readData(withPurchaseLog: Bool = false) throws(CommandFailure) -> ShoppingList {
        let store = try attempt { try self.store() }
        if !store.exists {
            // Quoted like a path in an error (SPEC section 9): a long one is cut in the middle, keeping its
            // start and its file name, which is where a typo shows.
            say("No data file at \(Quoted.path(store.path)) yet; the first change creates it.")
        }
        return try attempt { withPurchaseLog ? try store.loadWithPurchaseLog() : try store.load() }
    }
}
