import ShopKit

/// What `buy` needs beyond other commands (SPEC section 12): a store that may be no store.
extension CommandContext {
    /// The store `buy` logs: the store in effect, or (from `--store` only) a name that is none of the
    /// stores, returned as a name to log with no store id. `SHOP_STORE` must still name a store (SPEC
    /// section 7). A name that breaks rule 1 is refused like any name.
    func buyStore(in list: ShoppingList) throws(ShopError) -> (store: Store?, name: String?) {
        guard let reference = invocation.global.store else { return (try storeInEffect(in: list), nil) }
        do {
            return (try storeInEffect(in: list), nil)
        } catch .notFound(_, kind: .store, candidates: _) {
            return (nil, try Validation.name(reference, kind: .store))
        }
    }
}
