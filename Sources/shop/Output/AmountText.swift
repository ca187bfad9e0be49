import ShopKit

/// How an item's amount is shown beside its name (SPEC section 11.1): `×2` for a count above one, the
/// amount itself for anything with a unit (`1.5 kg + 2 cups`), nothing for a count of one.
enum AmountText {
    /// ` ×2`, ` 1.5 kg`, or empty.
    static func suffix(_ item: Item) -> String {
        let amount = item.amount
        if let count = amount.wholeCount { return count > 1 ? " ×\(count)" : "" }
        let text = amount.description
        if amount.parts.count == 1, amount.parts[0].unit.isCount { return text == "1" ? "" : " ×" + text }
        return " " + text
    }

    /// What the price is per, for an amount with a unit (`kg`, `l`, `can`); empty for a count.
    static func pricingUnit(_ item: Item) -> String {
        guard let first = item.amount.parts.first, !first.unit.isCount else { return "" }
        return Escape.forTerminal(first.unit.pricingUnit.symbol)
    }

    /// The amount as shown in full (`2`, `1.5 kg + 2 cups`).
    static func full(_ item: Item) -> String { item.amount.description }
}

extension JSONWriter {
    /// `"amounts"` of an item (SPEC section 11.1): every part as `{"quantity", "unit"}`.
    mutating func amounts(_ parts: [Amount.Part]) {
        key(static: "amounts")
        beginArray()
        for part in parts {
            beginObject()
            key(static: "quantity")
            amountNumber(part)
            key(static: "unit")
            amountUnit(part)
            endObject()
        }
        endArray()
    }

    /// The part's number as shown: a whole count as an integer, else a decimal to three places.
    mutating func amountNumber(_ part: Amount.Part) {
        let shown = Amount.shownNumber(of: part)
        if shown.isWhole, let whole = Int(exactly: shown.numerator) {
            int(whole)
        } else {
            number(raw: shown.text(places: 3))
        }
    }

    /// The part's unit as shown (`kg`, `cup`), or null for a count.
    mutating func amountUnit(_ part: Amount.Part) {
        let shown = part.shown
        if shown.unit.isCount { null() } else { string(shown.unit.symbol) }
    }
}
