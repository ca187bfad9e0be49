import ShopKit

/// `GET /api/list`'s body (SPEC sections 13 and 22): the list the phone picked as `list --by-location --json` shows it
/// at the store the phone picked, plus each item's amount and line total as the terminal shows them, the stores, every
/// list, and the totals.
enum ServeListJSON {
    /// `{"etag", "groups": [{"atStore", "items", "location"}], "list", "lists", "locations", "stale", "store", "stores",
    /// "totals"}`; `list`: the id of the list shown (`shown`, only its items are in `groups`); `lists`: every list as
    /// `lists --json` shows it, `current` this device's; `locations`: the store's locations in walking order (every
    /// location without a store), as `locations --json` shows them; `stale`: read before another process took the
    /// lock, which it still holds (SPEC 20). Each item carries `locationGuess`, why its location was guessed (SPEC 21),
    /// or null.
    static func body(
        _ list: ShoppingList, store: Store?, current: Store.ID?, shown: NamedList, currentList: NamedList.ID,
        etag: String, stale: Bool = false, sync: ServeSync.Status? = nil
    ) -> [UInt8] {
        // One pass over the items: those on each list, for the groups shown and every list's count and total.
        var onLists: [NamedList.ID: [Item]] = [:]
        for item in list.items where item.onList { onLists[item.listID, default: []].append(item) }
        let view = list.view(of: onLists[shown.id] ?? [], at: store)
        let counts = list.itemCounts()
        var writer = JSONWriter(pretty: false, capacity: 256 + view.items.count * 512)
        writer.beginObject()
        writer.key("etag")
        writer.string(etag)
        writer.key("groups")
        writer.beginArray()
        for group in view.groups {
            writer.beginObject()
            writer.key("atStore")
            writer.bool(group.isAtStore)
            writer.key("items")
            writer.beginArray()
            for item in group.items {
                writer.item(
                    item, locationName: group.location.name, listName: list.listName(of: item),
                    atStore: store == nil ? nil : group.isAtStore
                ) { writer in
                    // `lineTotal` is the item's own key (SPEC 12); the page adds the amount as shown.
                    writer.key(static: "shown")
                    writer.string(AmountText.suffix(item).trimmingPrefix(" ").description)
                    // The page's move form says a location was only guessed (SPEC 21).
                    writer.key(ItemKey.locationGuess)
                    if let guess = item.locationGuess { writer.string(guess) } else { writer.null() }
                }
            }
            writer.endArray()
            writer.key("location")
            JSONOutput.writeLocation(group.location, counts: counts[group.location.id], items: nil, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("list")
        writer.string(shown.id.description)
        writer.key("lists")
        writer.beginArray()
        for named in list.listsInNameOrder {
            let items = onLists[named.id] ?? []
            writer.namedList(
                named, count: items.count, totalCents: ListTotals.sum(items) { $0.lineTotal } ?? 0,
                current: named.id == currentList)
        }
        writer.endArray()
        // Where the page's `move` may put an item (SPEC 21): the store's walk, the Unknown Location last (every
        // location without a store), with the ids the op names.
        writer.key("locations")
        writer.beginArray()
        for location in view.walk.locations(in: list) {
            JSONOutput.writeLocation(location, counts: counts[location.id], items: nil, to: &writer)
        }
        writer.endArray()
        writer.key("stale")
        writer.bool(stale)
        writer.key("store")
        if let store { writer.string(store.id.description) } else { writer.null() }
        writer.key("stores")
        writer.beginArray()
        for each in list.storesInNameOrder {
            writer.store(each, in: list, current: current, onListCount: nil)
        }
        writer.endArray()
        // serve --sync: how the last sync went (null without --sync, or before the first).
        writer.key("sync")
        if let sync, let succeeded = sync.succeeded, let at = sync.at {
            writer.value(
                .object([
                    "at": .string(TimestampText.string(at)), "message": .string(sync.message), "ok": .bool(succeeded),
                ]))
        } else {
            writer.null()
        }
        writer.key("totals")
        let totals = view.totals
        let money = { (cents: Int?) in cents.map { JSONValue.number(Money.text(cents: $0)) } ?? .null }
        writer.value(
            .object([
                "all": money(totals.all), "atStore": money(totals.atStore), "elsewhere": money(totals.elsewhere),
            ]))
        writer.endObject()
        return writer.bytes
    }
}
