import ShopJSON
import ShopModel

/// Reading what version 5 added to items: a price's unit and a pack size (SPEC section 12).
extension DataFileDecoder {
    /// An item's `priceUnit`: a unit's symbol (`kg`, `l`, `pack`, `head`); `null` is per piece.
    mutating func priceUnit(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> MeasureUnit {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let text = try string(field()) else { return .count }
        guard let first = text.first, first.isLetter, let unit = MeasureUnit(parsing: text), unit.symbol == text else {
            throw invalid(field(), "must be a unit's symbol such as \"kg\", \"l\" or \"pack\"", at: start)
        }
        return unit
    }

    /// An item's `pack`: one part, a whole number of pieces or an exact amount such as `"250 g"`.
    mutating func pack(_ field: @autoclosure () -> String) throws(JSONScanFailure) -> Amount.Part? {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let amount = try amount(field()) else { return nil }
        guard amount.parts.count == 1 else { throw invalid(field(), "must be one amount such as \"250 g\"", at: start) }
        return amount.parts[0]
    }
}

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

extension DataFileDecoder {
    /// An item's `storePrices`: `"<store id> <price>[/<unit>] <date>"` each.
    mutating func storePrices(_ field: String) throws(JSONScanFailure) -> [StorePrice] {
        try array(ItemKey.storePrices) { (decoder, _) throws(JSONScanFailure) in
            decoder.scanner.skipWhitespace()
            let start = decoder.scanner.offset
            guard let text = try decoder.string(field), let price = StorePrice(text: text) else {
                throw decoder.invalid(field, "must hold \"<store id> <price>[/<unit>] <date>\" texts", at: start)
            }
            return price
        }
    }

    /// An item's `unavailableAt`: store ids.
    mutating func storeIDs(_ field: String) throws(JSONScanFailure) -> [Store.ID] {
        try array(ItemKey.unavailableAt) { (decoder, _) throws(JSONScanFailure) in
            decoder.scanner.skipWhitespace()
            let start = decoder.scanner.offset
            guard let id = try decoder.uuid(field) else {
                throw decoder.invalid(field, "must hold store ids, not null", at: start)
            }
            return Store.ID(id)
        }
    }
}
