import ShopKit

/// Totals as people read them: ShopKit sums (``ListTotals/sum(_:lineTotal:)``), ``Price`` spells.
enum Money {
    /// The sum of quantity × price over the items that have a line total, as `12.34`; `nil` when none has one.
    static func total(_ items: some Sequence<Item>, lineTotal: (Item) -> Price? = { $0.lineTotal }) -> String? {
        ListTotals.sum(items, lineTotal: lineTotal).map(text(cents:))
    }

    /// `12.34` from 1234 cents, which may be past ``Price/maximumCents`` (a long list's total).
    static func text(cents: Int) -> String {
        Price(sumOfCents: cents).description
    }
}
