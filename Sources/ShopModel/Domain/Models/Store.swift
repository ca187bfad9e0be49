/// A shop the person buys at: a named walking order over the shared locations (SPEC section 7).
///
/// Locations stay shared: an item has one location, and each store walks the locations it has in its own order. The
/// Unknown Location belongs to every store implicitly, always last, and is never listed in ``locationIDs``.
public struct Store: Identifiable, Hashable, Sendable {
    /// The store's identifier type.
    public typealias ID = Identifier<Store>

    /// Never changes once the store is in a list (the decoder sets it once, on a record it builds).
    public package(set) var id: ID
    /// The trimmed, validated name; unique among stores, case-insensitively.
    public var name: String
    /// The store's locations in the order they are walked; each at most once, never the Unknown Location.
    public var locationIDs: [Location.ID]
    /// When `shop` last changed each field; empty in files written before stamps existed.
    public var modifiedAt: FieldStamps

    /// Creates a store value; no rule is checked here (``ShoppingList`` checks them).
    public init(
        id: ID = .random(), name: String, locationIDs: [Location.ID] = [], modifiedAt: FieldStamps = FieldStamps()
    ) {
        self.id = id
        self.name = name
        self.locationIDs = locationIDs
        self.modifiedAt = modifiedAt
    }
}
