import ShopKit

/// The `--json` renderers: SPEC section 3's contract, which scripts depend on.
///
/// Pretty-printed, keys in sorted order (so output is stable and diffs well), every key always present
/// (`null` rather than left out, so `jq '.price'` never has to guess), dates ISO 8601 UTC, colours
/// `#rrggbbaa`, prices JSON numbers. Every text ends with a newline. Written with ShopKit's `JSONWriter`,
/// which escapes control characters in strings itself.
enum JSONOutput {
    /// `shop list --json`, `purchased --json`, and the affected items of changing commands: an array of
    /// item objects in the order given.
    /// - Parameter walk: at a store, each item gets `"atStore"` (SPEC section 7); `nil` leaves the key out.
    /// - Parameter paid: `purchased`: each item's `lineTotal` is what was paid at its latest purchase.
    static func items(_ items: [Item], in list: ShoppingList, walk: Walk? = nil, paid: PaidTotals? = nil) -> String {
        var writer = makeWriter(count: items.count)
        writeItems(items, in: list, walk: walk, paid: paid, to: &writer)
        return finish(&writer)
    }

    /// The affected items of a command that creates items (SPEC 21): each item object, and for each new one
    /// `"locationGuess"`: `{"location", "because"}` when its location was guessed, else null.
    static func items(
        _ items: [Item], in list: ShoppingList, guesses: [Item.ID: LocationGuess], created: Set<Item.ID>
    ) -> String {
        var writer = makeWriter(count: items.count)
        writer.beginArray()
        for item in items {
            let location = list.location(of: item).name
            writer.item(item, locationName: location, listName: list.listName(of: item)) { writer in
                guard created.contains(item.id) else { return }
                writer.key(ItemKey.locationGuess)
                guard let guess = guesses[item.id] else { return writer.null() }
                writer.value(.object(["because": .string(guess.because), "location": .string(location)]))
            }
        }
        writer.endArray()
        return finish(&writer)
    }

    /// `shop buy --json` (SPEC 16, 23): every item named, in order. One the command changed is its item object with one
    /// more key `flag` (`"logged": true`); one it left alone is not among the affected items, only named by
    /// `{"id", "logged": false, "name"}`, so a script that reads the array as what was bought counts it out.
    static func items(_ flagged: [(Item, Bool)], in list: ShoppingList, flag: StaticString) -> String {
        var writer = makeWriter(count: flagged.count)
        writer.beginArray()
        for (item, value) in flagged {
            guard value else {
                writer.value(
                    .object([
                        ItemKey.id.rawValue: .string(item.id.description), "\(flag)": .bool(false),
                        ItemKey.name.rawValue: .string(item.name),
                    ]))
                continue
            }
            writer.item(item, locationName: list.location(of: item).name, listName: list.listName(of: item)) { writer in
                writer.key(static: flag)
                writer.bool(value)
            }
        }
        writer.endArray()
        return finish(&writer)
    }

    /// `shop show NAME --json`: one item object.
    static func item(_ item: Item, in list: ShoppingList) -> String {
        var writer = makeWriter(count: 1)
        writer.item(item, locationName: list.location(of: item).name, listName: list.listName(of: item))
        return finish(&writer)
    }

    /// `shop list --by-location --json`: `[{"items": [...], "location": {...}}, ...]`, one element per location that
    /// has items, in walking order. At a store the groups follow its walk and each item carries `"atStore"`.
    static func itemsByLocation(_ view: ListView, in list: ShoppingList) -> String {
        let counts = list.itemCounts()
        var writer = makeWriter(count: view.items.count)
        writer.beginArray()
        for group in view.groups {
            writer.beginObject()
            writer.key("items")
            writeItems(group.items, in: list, walk: view.walk, to: &writer)
            writer.key("location")
            writeLocation(group.location, counts: counts[group.location.id], items: nil, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        return finish(&writer)
    }

    /// `shop purchased --recent N --json`: `{"earlier": [...], "recent": [...]}`.
    static func purchased(recent: [Item], earlier: [Item], in list: ShoppingList, paid: PaidTotals) -> String {
        var writer = makeWriter(count: recent.count + earlier.count)
        writer.beginObject()
        writer.key("earlier")
        writeItems(earlier, in: list, paid: paid, to: &writer)
        writer.key("recent")
        writeItems(recent, in: list, paid: paid, to: &writer)
        writer.endObject()
        return finish(&writer)
    }

    /// `shop timer --json`: `{"elapsedSeconds": 754, "running": true, "startedAt": "..." or null}`.
    static func timer(_ timer: StoreTimer, now: Date) -> String {
        var writer = makeWriter(count: 1)
        writer.value(
            .object([
                "elapsedSeconds": .integer(timer.elapsedSeconds(at: now)), "running": .bool(timer.isRunning),
                TimerKey.startedAt.rawValue: .text(timer.startedAt.map(TimestampText.string)),
            ]))
        return finish(&writer)
    }

    // MARK: - Shared pieces

    /// A writer sized for `count` records: an item object takes 400-450 bytes pretty-printed, depending on
    /// its depth, and room reserved but never written is never touched, so it costs no memory.
    static func makeWriter(count: Int) -> JSONWriter {
        JSONWriter(pretty: true, compactEmptyContainers: true, capacity: 64 + count * 512)
    }

    /// The writer's text plus the final newline a terminal and `read` expect (appended in place: one copy).
    static func finish(_ writer: inout JSONWriter) -> String {
        writer.appendNewline()
        return writer.text
    }

    /// An array of item objects.
    static func writeItems(
        _ items: [Item], in list: ShoppingList, walk: Walk? = nil, paid: PaidTotals? = nil, to writer: inout JSONWriter
    ) {
        writer.beginArray()
        // location(of:) and isAtStore are lookups, so the array costs O(n); items in walking order come in
        // runs at one location, so the last location's name is kept for the next item.
        var last: (id: Location.ID, name: String)?
        for item in items {
            let atStore = walk.flatMap { $0.store == nil ? nil : $0.isAtStore(item.locationID) }
            if last?.id != item.locationID { last = (item.locationID, list.location(of: item).name) }
            // At a store an item is shown with the price there; its own price goes beside it.
            let own = atStore == nil ? nil : (list.item(item.id) ?? item)
            var total: Price?? = nil
            if let paid { total = .some(paid.total(item)) }
            writer.item(
                item, locationName: last!.name, listName: list.listName(of: item), atStore: atStore, own: own,
                paid: total)
        }
        writer.endArray()
    }
}

/// The values the `--json` objects built as ``JSONValue``s hold (written with their keys in sorted order).
extension JSONValue {
    /// A whole number.
    static func integer(_ value: Int) -> JSONValue {
        .number(String(value))
    }

    /// A text, or `null` when there is none.
    static func text(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}
