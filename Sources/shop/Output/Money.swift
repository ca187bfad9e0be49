import ShopKit

/// Sums of prices, kept in exact cents.
enum Money {
    /// The sum of quantity × price over the items that have a price, as `12.34`; `nil` when none has one.
    ///
    /// Summed in cents, not through ``Price``: a long list may total past ``Price/maximumCents``.
    static func total(_ items: some Sequence<Item>, lineTotal: (Item) -> Price? = { $0.lineTotal }) -> String? {
        var cents = 0
        var priced = false
        for item in items {
            // A price in another family than the amount has no line total: never summed (SPEC section 12).
            guard let total = lineTotal(item) else { continue }
            priced = true
            // At most 10^8 cents × 9999 per item: even 100,000 such items stay far below Int.max.
            cents += total.cents
        }
        return priced ? text(cents: cents) : nil
    }

    /// `12.34` from 1234 cents: always two fraction digits, like ``Price/description``.
    static func text(cents: Int) -> String {
        let fraction = cents % 100
        return "\(cents / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
