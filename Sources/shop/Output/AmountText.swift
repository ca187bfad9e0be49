import ShopKit

/// How an item's amount is shown beside its name (SPEC section 11.1): `×2` for a count above one, the
/// amount itself for anything with a unit (`1.5 kg + 2 cups`), nothing for a count of one.
enum AmountText {
    /// ` ×2`, ` 1.5 kg`, or empty.
    static func suffix(_ item: Item) -> String {
        let amount = item.amount
        if let pack = item.pack, let packs = amount.packs(of: pack) { return " " + packed(amount, pack, packs) }
        if let count = amount.wholeCount { return count > 1 ? " ×\(count)" : "" }
        let text = amount.description
        if amount.parts.count == 1, amount.parts[0].unit.isCount { return text == "1" ? "" : " ×" + text }
        return " " + text
    }

    /// An amount bought in packs (SPEC section 12): the whole packs to buy with the need beside, other parts as they
    /// are (`2 packs (300 g)`, `1 pack (200 g) + ×2`: a count beside a unit is always marked as one, SPEC 16).
    /// `bracketed: false` gives the need after a comma (`2 packs, 300 g`), for a text already in brackets.
    static func packed(_ amount: Amount, _ pack: Amount.Part, _ packs: Int, bracketed: Bool = true) -> String {
        amount.parts.map { part in
            guard part.unit.family == pack.unit.family else {
                return part.unit.isCount ? "×" + part.description : part.description
            }
            let need = part.description
            return "\(packs) " + (packs == 1 ? "pack" : "packs") + (bracketed ? " (" + need + ")" : ", " + need)
        }.joined(separator: " + ")
    }

    /// The amount inside the brackets of `--format text` (`x2`, `3 packs, 2.5 l`, `1.5 kg`); `nil` for a count of 1.
    static func unbracketed(_ item: Item) -> String? {
        let amount = item.amount
        if let pack = item.pack, let packs = amount.packs(of: pack) {
            return packed(amount, pack, packs, bracketed: false)
        }
        let suffix = self.suffix(item)
        if suffix.hasPrefix(" ×") { return "x" + suffix.dropFirst(2) }
        return suffix.isEmpty ? nil : String(suffix.dropFirst())
    }

    /// What the price is per (`kg`, `l`, `can`, `pack`); empty for a piece.
    static func pricingUnit(_ item: Item) -> String {
        item.priceUnit.isCount ? "" : Escape.forTerminal(item.priceUnit.symbol)
    }
}
