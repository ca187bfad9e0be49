/// Both values of a field the merge found changed on both sides, read from the two lists `sync` merged
/// (``MergeConflict`` itself carries only the value kept). For `sync --json`'s `"conflicts"`.
public struct ConflictSides: Hashable, Sendable {
    /// The local value, as text; `nil` when the record or field is not found on that side (a record
    /// removed there, or a conflict about a whole record).
    public var ours: String?
    /// The remote's value, as text.
    public var theirs: String?

    /// Looks the conflict's record up by its merged name in `merged`, then by id on each side; one lookup
    /// each.
    init(_ conflict: MergeConflict, ours: ShoppingList, theirs: ShoppingList, merged: ShoppingList) {
        switch conflict.kind {
        case .item:
            guard let id = merged.item(named: conflict.name)?.id else { return }
            self.ours = ours.itemsByID[id].flatMap { Self.value(of: $0, conflict.field, in: ours) }
            self.theirs = theirs.itemsByID[id].flatMap { Self.value(of: $0, conflict.field, in: theirs) }
        case .location:
            guard let id = merged.location(named: conflict.name)?.id else { return }
            self.ours = ours.locationsByID[id].flatMap { Self.value(of: $0, conflict.field) }
            self.theirs = theirs.locationsByID[id].flatMap { Self.value(of: $0, conflict.field) }
        case .store:
            guard let id = merged.store(named: conflict.name)?.id else { return }
            self.ours = ours.storesByID[id].flatMap { Self.value(of: $0, conflict.field, in: ours) }
            self.theirs = theirs.storesByID[id].flatMap { Self.value(of: $0, conflict.field, in: theirs) }
        default:
            return
        }
    }

    private static func value(of item: Item, _ field: String, in list: ShoppingList) -> String? {
        switch field {
        case "name": item.name
        case "quantity": String(item.quantity)
        case "onList": String(item.onList)
        case "isAvailable": String(item.isAvailable)
        case "dateLastPurchased": item.dateLastPurchased.map(TimestampText.string) ?? "never"
        case "locationId": list.locationsByID[item.locationID]?.name
        case "price": item.price?.description ?? "none"
        case "starred": String(item.starred)
        case "note": item.note ?? "none"
        case "every": item.every.map(String.init) ?? "none"
        default: nil
        }
    }

    private static func value(of location: Location, _ field: String) -> String? {
        switch field {
        case "name": location.name
        case "visitationOrder": String(location.visitationOrder)
        case "color": location.color.hex
        default: nil
        }
    }

    private static func value(of store: Store, _ field: String, in list: ShoppingList) -> String? {
        switch field {
        case "name": store.name
        case "locationIds": store.locationIDs.compactMap { list.locationsByID[$0]?.name }.joined(separator: ", ")
        default: nil
        }
    }
}

extension ConflictSides {
    /// Neither value known.
    public init() {}
}
