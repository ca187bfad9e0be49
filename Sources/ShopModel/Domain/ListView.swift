/// The shopping list as one command shows it, computed once: the items in walking order (at a store, or by rule 7),
/// grouped by location, and the totals. Renderers only format it; none sorts, groups or sums again.
public struct ListView: Sendable {
    /// The walk through the locations (which also says what the store has).
    public let walk: Walk
    /// The items, in walking order.
    public let items: [Item]
    /// The items grouped by location, in walking order; at a store, the groups it lacks come last.
    public let groups: [LocationGroup]
    /// What the items cost.
    public let totals: ListTotals

    /// The store walked, or `nil` for rule 7's order.
    public var store: Store? { walk.store }

    /// Orders `items` (one sort along one walk), groups them and sums their prices. At a store, each item is as it is
    /// there (``Item/atStore(_:)``), so `list` and the phone's page show the prices `buy` will log (SPEC 12, 17).
    public init(_ items: some Sequence<Item>, in list: ShoppingList, at store: Store?) {
        let walk = list.walk(at: store)
        var items = list.walkingOrder(items, along: walk)
        if let store {
            for index in items.indices where items[index].hasReceiptFields {
                items[index] = items[index].atStore(store.id)
            }
        }
        // Items in walking order come in runs at one location: each run is a group.
        var groups: [LocationGroup] = []
        for item in items {
            if let last = groups.last, last.location.id == item.locationID {
                groups[groups.count - 1].items.append(item)
            } else {
                let location = list.location(of: item)
                groups.append(LocationGroup(location: location, items: [item], isAtStore: walk.isAtStore(location.id)))
            }
        }
        self.walk = walk
        self.items = items
        self.groups = groups
        self.totals = ListTotals(items, at: store == nil ? nil : walk)
    }
}

/// What the items of a ``ListView`` cost, in exact cents: a long list may total past
/// ``Price/maximumCents``, so the sums are not ``Price``s.
public struct ListTotals: Sendable, Hashable {
    /// Quantity × price over every priced item; `nil` when no item has a price.
    public var all: Int?
    /// At a store: the sum over the priced items at its locations (0 when none of those is priced);
    /// `nil` without a store or when no item has a price.
    public var atStore: Int?
    /// At a store: the sum over the priced items elsewhere; `nil` when none of those is priced.
    public var elsewhere: Int?
}

extension ListTotals {
    /// The one rule for a total: the sum of the known line totals, in exact cents; `nil` when none is known. An item
    /// without a line total is left out, never counted as 0. Shown as ``Price/init(sumOfCents:)``.
    public static func sum<Items: Sequence>(_ items: Items, lineTotal: (Items.Element) -> Price?) -> Int? {
        var cents: Int?
        for item in items {
            // A line total is at most 10^8 cents × ``Amount/limit``: 100,000 such items stay far below Int.max.
            guard let total = lineTotal(item) else { continue }
            cents = (cents ?? 0) + total.cents
        }
        return cents
    }

    /// Sums `items`; `walk` (at a store) splits them into those at the store and those elsewhere.
    init(_ items: [Item], at walk: Walk?) {
        guard let walk else {
            all = Self.sum(items) { $0.lineTotal }
            return
        }
        let here = Self.sum(items.lazy.filter { walk.isAtStore($0.locationID) }) { $0.lineTotal }
        let away = Self.sum(items.lazy.filter { !walk.isAtStore($0.locationID) }) { $0.lineTotal }
        guard here != nil || away != nil else { return }
        all = (here ?? 0) + (away ?? 0)
        atStore = here ?? 0
        elsewhere = away
    }
}

extension ShoppingList {
    /// The view of `items` at `store` (see ``ListView``).
    public func view(of items: some Sequence<Item>, at store: Store?) -> ListView {
        ListView(items, in: self, at: store)
    }
}
