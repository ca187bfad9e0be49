#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One thing a person buys: on the list, or in the purchased history.
///
/// Values are plain data; the rules of the list (unique names, valid quantities, existing locations)
/// are enforced by ``ShoppingList``, the only way items change.
public struct Item: Identifiable, Hashable, Sendable {
    /// The item's identifier type.
    public typealias ID = Identifier<Item>

    public let id: ID
    /// The trimmed, validated name; unique among items, case-insensitively.
    public var name: String
    /// How many to buy, 1...9999.
    public var quantity: Int
    /// `true` while the item is on the shopping list; `false` once bought (in the history).
    public var onList: Bool
    /// `false` when the store is out of it: it stays on the list, struck through, and `buy --all` skips it.
    public var isAvailable: Bool
    /// When it was last bought, in whole seconds; `nil` if never.
    public var dateLastPurchased: Date?
    /// The location it is found at.
    public var locationID: Location.ID
    /// The unit price, if known.
    public var price: Price?
    /// A favourite.
    public var starred: Bool
    /// Free text.
    public var note: String?
    /// Restock interval in whole days, if the item is a staple.
    public var every: Int?
    /// `--every auto`: the interval is learned from the item's purchases; `every` is nil then.
    public var learnsEvery: Bool
    /// When `shop` last changed each field (set on save, see ``ShoppingList/stampChanges(since:at:)``);
    /// empty in files written before stamps existed. The git merge uses it to pick the later edit of a field.
    public var modifiedAt: FieldStamps

    /// Creates an item value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), name: String, quantity: Int = 1, onList: Bool = true, isAvailable: Bool = true,
        dateLastPurchased: Date? = nil, locationID: Location.ID, price: Price? = nil, starred: Bool = false,
        note: String? = nil, every: Int? = nil, modifiedAt: FieldStamps = FieldStamps(), learnsEvery: Bool = false
    ) {
        self.learnsEvery = learnsEvery
        self.id = id
        self.name = name
        self.quantity = quantity
        self.onList = onList
        self.isAvailable = isAvailable
        self.dateLastPurchased = dateLastPurchased
        self.locationID = locationID
        self.price = price
        self.starred = starred
        self.note = note
        self.every = every
        self.modifiedAt = modifiedAt
    }

    /// quantity × price, when a price is set. Quantities and prices are bounded (9999 × 1,000,000.00),
    /// so the product cannot overflow.
    public var lineTotal: Price? {
        guard let price else { return nil }
        return Price(sumOfCents: price.cents &* quantity)
    }
}

extension Item {
    /// The `every` field as the data file holds it: a number of days, `auto` (learned from the item's
    /// purchases), or nothing. One field for stamps and the merge, whichever property holds it.
    public enum RestockSetting: Hashable, Sendable {
        /// `--every DAYS`.
        case days(Int)
        /// `--every auto`.
        case learned
    }

    /// ``every`` and ``learnsEvery`` as one value.
    public var restockSetting: RestockSetting? {
        get { learnsEvery ? .learned : every.map(RestockSetting.days) }
        set {
            learnsEvery = newValue == .learned
            if case .days(let days) = newValue { every = days } else { every = nil }
        }
    }
}
