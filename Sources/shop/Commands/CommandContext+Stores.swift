import ShopKit

extension CommandContext {
    /// The store a command walks (SPEC section 7): `--store`, else `$SHOP_STORE`, else the data file's
    /// current store, else none. An unknown `--store` or `SHOP_STORE` fails (exit 1, the known names in
    /// the hint); a saved current store that was removed is simply none.
    func storeInEffect(in list: ShoppingList) throws(ShopError) -> Store? {
        if let reference = invocation.global.store {
            return list.store(try list.resolveStore(reference))
        }
        if let reference = environment["SHOP_STORE"], !reference.isEmpty {
            return list.store(try list.resolveStore(reference))
        }
        return list.currentStore
    }
}
