import ShopJSON
import ShopModel

/// Reading a version 4 file's prices as version 5 reads them (SPEC section 12).
extension ShoppingList {
    /// Gives every price of a version 4 file (or older) the unit it was shown with: the pricing unit of the
    /// item's first part (per kg for `2 kg`, per litre for `3 tbsp`, per piece for a count), so that no
    /// price changes meaning when the file is read as version 5 (SPEC section 12).
    mutating func givePricesTheirLegacyUnits() {
        var changed: [Item] = []
        for item in items where item.price != nil {
            guard let first = item.amount.parts.first, !first.unit.isCount else { continue }
            var priced = item
            priced.priceUnit = first.unit.pricingUnit
            changed.append(priced)
        }
        for item in changed { replace(item) }
    }
}
