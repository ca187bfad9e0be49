#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One purchase of one item (SPEC section 10): what was bought, when, how many, at what unit price, where.
///
/// A purchase keeps the item's name as it was when bought, so it outlives the item (`remove` keeps the
/// history) and reads the same after a rename.
public struct Purchase: Identifiable, Hashable, Sendable {
    /// The purchase's identifier type.
    public typealias ID = Identifier<Purchase>

    public let id: ID
    /// The item bought (which may since have been removed).
    public var itemID: Item.ID
    /// The item's name when it was bought.
    public var name: String
    /// When it was bought, in whole seconds.
    public var date: Date
    /// How many were bought, 1...9999.
    public var quantity: Int
    /// The unit price paid, if known.
    public var price: Price?
    /// The store in effect when it was bought, by name and id, if any.
    public var store: String?
    public var storeID: Store.ID?
    /// The item's `dateLastPurchased` just before this purchase: what `unbuy` restores when it deletes the
    /// only purchase of an item bought before the log existed.
    public var dateBefore: Date?

    /// Creates a purchase value; the caller has validated every field.
    public init(
        id: ID = .random(), itemID: Item.ID, name: String, date: Date, quantity: Int, price: Price? = nil,
        store: String? = nil, storeID: Store.ID? = nil, dateBefore: Date? = nil
    ) {
        self.id = id
        self.itemID = itemID
        self.name = name
        self.date = date
        self.quantity = quantity
        self.price = price
        self.store = store
        self.storeID = storeID
        self.dateBefore = dateBefore
    }

    /// quantity × price paid, when the price is known.
    public var lineTotal: Price? {
        guard let price else { return nil }
        return Price(sumOfCents: price.cents &* quantity)
    }

    /// Newest first, then by id (so equal dates have one stable order).
    static func newerFirst(_ lhs: Purchase, _ rhs: Purchase) -> Bool {
        lhs.date != rhs.date ? lhs.date > rhs.date : lhs.id < rhs.id
    }
}
