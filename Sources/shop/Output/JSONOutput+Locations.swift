import ShopKit

extension JSONOutput {
    /// `shop locations --json`: every location object in visitation order, the Unknown Location last.
    static func locations(in list: ShoppingList) -> String {
        let counts = list.itemCounts()
        let locations = list.locationsInVisitationOrder
        var writer = makeWriter(count: locations.count)
        writer.beginArray()
        for location in locations {
            writeLocation(location, counts: counts[location.id], items: nil, to: &writer)
        }
        writer.endArray()
        return finish(&writer)
    }

    /// `shop location show --json`: the location object plus `"items"`, all its items in name order.
    static func location(_ location: Location, in list: ShoppingList) -> String {
        let items = list.nameOrder(list.items.filter { $0.locationID == location.id })
        let onList = items.reduce(0) { $0 + ($1.onList ? 1 : 0) }
        var writer = makeWriter(count: items.count + 1)
        writeLocation(location, counts: (items.count, onList), items: items, in: list, to: &writer)
        return finish(&writer)
    }

    /// One location object (``JSONWriter/location(_:itemCount:onListCount:items:)``).
    /// - Parameter counts: the location's entry of `ShoppingList.itemCounts()`, computed once by the caller;
    ///   `nil` means no items.
    static func writeLocation(
        _ location: Location, counts: (items: Int, onList: Int)?, items: [Item]?, in list: ShoppingList? = nil,
        to writer: inout JSONWriter
    ) {
        writer.location(
            location, itemCount: counts?.items ?? 0, onListCount: counts?.onList ?? 0, items: items,
            listName: { list?.listName(of: $0) })
    }
}
