import ShopKit

/// The pieces of a `history` line that SPEC section 12 added: the amount with its unit price, and the device.
extension PurchaseOutput {
    /// `6`, `2 kg × 11.99/kg`, `650 g × 6.9846/kg`, `2 packs × 3.49/pack`: the amount bought and the unit price.
    static func amountText(_ purchase: Purchase) -> String {
        let amount = purchase.amount.description
        guard let price = purchase.price else { return amount }
        let per = purchase.priceUnit.isCount ? "" : "/" + purchase.priceUnit.symbol
        return amount + " × " + price.description + per
    }

    /// The store column of a history line: the store, and the device after it when devices are shown.
    static func storeText(_ purchase: Purchase, withDevice: Bool) -> String? {
        guard withDevice, let device = purchase.by else { return purchase.store }
        let by = "by " + device
        return purchase.store.map { $0 + "  " + by } ?? by
    }
}
