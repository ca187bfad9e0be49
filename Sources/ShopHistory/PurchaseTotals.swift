import ShopModel

/// Counts and sums of purchases: priced ones summed, unpriced ones counted apart (never summed as zero).
public struct PurchaseTotals: Sendable, Hashable {
    public var purchases = 0
    public var priced = 0
    public var cents = 0
    public var unpriced: Int { purchases - priced }
    /// The total of the priced purchases.
    public var total: Price { Price(sumOfCents: cents) }

    public init() {}

    /// Counts a purchase, adding its line total when it has a price.
    public mutating func add(_ purchase: Purchase) {
        purchases += 1
        if let line = purchase.lineTotal {
            priced += 1
            cents += line.cents
        }
    }
}
