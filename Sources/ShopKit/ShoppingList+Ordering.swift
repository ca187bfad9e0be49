#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ShoppingList {
    /// All locations in walking order: visitation order, then name (rule 7), then id; the Unknown Location last.
    public var locationsInVisitationOrder: [Location] {
        locations.map { (location: $0, key: NameOrder.key($0.name)) }
            .sorted { lhs, rhs in
                if lhs.location.isUnknown != rhs.location.isUnknown { return rhs.location.isUnknown }
                if lhs.location.visitationOrder != rhs.location.visitationOrder {
                    return lhs.location.visitationOrder < rhs.location.visitationOrder
                }
                if lhs.location.name != rhs.location.name {
                    return NameOrder.precedes(lhs.location.name, rhs.location.name, lhsKey: lhs.key, rhsKey: rhs.key)
                }
                return lhs.location.id < rhs.location.id
            }
            .map(\.location)
    }

    /// Items in walking order (rule 7): location visitation order, location name, item name, id.
    public func walkingOrder(_ items: some Sequence<Item>) -> [Item] {
        var rank: [Location.ID: Int] = [:]
        for (index, location) in locationsInVisitationOrder.enumerated() { rank[location.id] = index }
        let unknownRank = rank[unknownLocationID] ?? Int.max
        return Self.sorted(items) { rank[$0.locationID] ?? unknownRank }
    }

    /// Items in name order (rule 7), the order of the purchased history.
    public func nameOrder(_ items: some Sequence<Item>) -> [Item] {
        Self.sorted(items) { _ in 0 }
    }

    /// The items on the list, in walking order.
    public var listInWalkingOrder: [Item] { walkingOrder(items.filter(\.onList)) }

    /// Items grouped by location, in walking order, leaving out locations without any of the items.
    public func groupedByLocation(_ items: some Sequence<Item>) -> [(location: Location, items: [Item])] {
        var groups: [(location: Location, items: [Item])] = []
        for item in walkingOrder(items) {
            if let last = groups.last, last.location.id == item.locationID {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append((location(of: item), [item]))
            }
        }
        return groups
    }

    /// The purchased history (items off the list) in name order, optionally only names containing
    /// `search` case-insensitively.
    public func history(matching search: String? = nil) -> [Item] {
        let needle = search.map(NameOrder.key).flatMap { $0.isEmpty ? nil : $0 }
        return nameOrder(items.filter { item in
            guard !item.onList else { return false }
            guard let needle else { return true }
            return NameOrder.key(item.name).contains(needle)
        })
    }

    /// Splits items into those bought within the last `days` local calendar days (0 = today) and the rest;
    /// never-bought items count as earlier. Both halves keep the order they came in.
    public static func splitRecent(_ items: [Item], days: Int, now: Date, calendar: LocalCalendar = .current)
        -> (recent: [Item], earlier: [Item])
    {
        let firstRecentDay = calendar.dayNumber(of: now) - max(0, days)
        var recent: [Item] = []
        var earlier: [Item] = []
        for item in items {
            if let date = item.dateLastPurchased, calendar.dayNumber(of: date) >= firstRecentDay {
                recent.append(item)
            } else {
                earlier.append(item)
            }
        }
        return (recent, earlier)
    }

    /// Sorts by a location rank, then by rule 7's name order, then id, computing each name key once and
    /// sorting indices, so the sort moves integers rather than whole items.
    private static func sorted(_ items: some Sequence<Item>, rank: (Item) -> Int) -> [Item] {
        let items = Array(items)
        let keys = items.map { NameOrder.key($0.name) }
        let ranks = items.map(rank)
        var order = Array(items.indices)
        order.sort { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            if keys[a] != keys[b] { return NameOrder.codePointPrecedes(keys[a], keys[b]) }
            if items[a].name != items[b].name { return NameOrder.codePointPrecedes(items[a].name, items[b].name) }
            return items[a].id < items[b].id
        }
        return order.map { items[$0] }
    }
}
