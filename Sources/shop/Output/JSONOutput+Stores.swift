import ShopKit

extension JSONOutput {
    /// `shop stores --json`: every store object in name order, each with its `"onListCount"` (as the
    /// text view shows it). The counts per location are taken once, so each store costs its walk only.
    static func stores(in list: ShoppingList, current: Store.ID?) -> String {
        let stores = list.storesInNameOrder
        let counts = list.itemCounts()
        let unknown = counts[list.unknownLocationID]?.onList ?? 0
        var writer = makeWriter(count: stores.count)
        writer.beginArray()
        for store in stores {
            let onList = store.locationIDs.reduce(unknown) { $0 + (counts[$1]?.onList ?? 0) }
            writer.store(store, in: list, current: current, onListCount: onList)
        }
        writer.endArray()
        return finish(&writer)
    }

    /// `shop store show --json`: the store object plus `"onListCount"` (on the list at its locations or Unknown).
    static func store(_ store: Store, in list: ShoppingList, current: Store.ID?) -> String {
        var writer = makeWriter(count: 1)
        writer.store(store, in: list, current: current, onListCount: list.onListCount(at: store))
        return finish(&writer)
    }

    /// `shop lists --json`: `[{"count", "current", "id", "name", "total"}]` by name (SPEC section 22).
    static func lists(in list: ShoppingList, current: NamedList.ID) -> String {
        let lists = list.listsInNameOrder
        var writer = makeWriter(count: lists.count)
        writer.beginArray()
        for named in lists {
            let (count, total) = list.listSummary(named.id)
            writer.namedList(named, count: count, totalCents: total, current: named.id == current)
        }
        writer.endArray()
        return finish(&writer)
    }
}
