/// What changed between two versions of the list, record by record and by name (SPEC 8.4): what a sync
/// brought in, or what it sent out.
public struct RecordChange: Hashable, Sendable {
    /// The kind of record.
    public enum Kind: String, Sendable {
        case item, location, store, recipe
        /// A purchase in the log: added (bought on the other side) or removed (deleted by `unbuy` there),
        /// named by the item's name when it was bought.
        case purchase
    }

    /// What happened to the record as a whole.
    public enum Change: String, Sendable {
        case added, changed, removed
    }

    public var kind: Kind
    /// The record's id, as the data file writes it.
    public var id: String
    /// Its name after the change (before it, for a removed record).
    public var name: String
    public var change: Change
    /// The fields that differ, named as in the data file (`quantity`, `onList`, `locationIds`); empty for an
    /// added or removed record.
    public var fields: [String]
    /// The quantity after the change, for an item (`Milk ×3`).
    public var quantity: Amount?
    /// Whether the item is on the list after the change.
    public var onList: Bool?
}

/// Every record that differs between two lists, items first, then locations, then stores, each in name
/// order. One dictionary lookup per record: linear in the size of the lists.
public struct RecordChanges: Hashable, Sendable {
    public var changes: [RecordChange] = []

    public var isEmpty: Bool { changes.isEmpty }

    /// How many records of one kind were added, changed and removed.
    public struct Counts: Hashable, Sendable {
        public var added = 0
        public var changed = 0
        public var removed = 0
    }

    /// The changes of `kind`, counted (for `sync --json`'s `"received"`).
    public func counts(of kind: RecordChange.Kind) -> Counts {
        var counts = Counts()
        for change in changes where change.kind == kind {
            switch change.change {
            case .added: counts.added += 1
            case .changed: counts.changed += 1
            case .removed: counts.removed += 1
            }
        }
        return counts
    }

    public init() {}

    public init(from old: ShoppingList, to new: ShoppingList) {
        var items: [RecordChange] = []
        for item in new.itemsByID.values {
            guard let before = old.itemsByID[item.id] else {
                items.append(Self.record(.item, item.id.description, item.name, .added, [], item))
                continue
            }
            let fields = Self.itemFields(before, item)
            if !fields.isEmpty {
                items.append(Self.record(.item, item.id.description, item.name, .changed, fields, item))
            }
        }
        for item in old.itemsByID.values where !new.itemsByID.contains(item.id) {
            items.append(Self.record(.item, item.id.description, item.name, .removed, [], nil))
        }
        var locations: [RecordChange] = []
        for location in new.locationsByID.values {
            // The Unknown Location is one on every device, whatever its id.
            let before = location.isUnknown ? old.unknownLocation : old.locationsByID[location.id]
            guard let before else {
                locations.append(
                    RecordChange(
                        kind: .location, id: location.id.description, name: location.name, change: .added, fields: []))
                continue
            }
            var fields: [String] = []
            if before.name != location.name { fields.append("name") }
            if before.visitationOrder != location.visitationOrder && !location.isUnknown {
                fields.append("visitationOrder")
            }
            if before.color != location.color { fields.append("color") }
            if !fields.isEmpty {
                locations.append(
                    RecordChange(
                        kind: .location, id: location.id.description, name: location.name, change: .changed,
                        fields: fields))
            }
        }
        for location in old.locationsByID.values where !location.isUnknown && !new.locationsByID.contains(location.id) {
            locations.append(
                RecordChange(
                    kind: .location, id: location.id.description, name: location.name, change: .removed, fields: []))
        }
        var stores: [RecordChange] = []
        for store in new.storesByID.values {
            guard let before = old.storesByID[store.id] else {
                stores.append(
                    RecordChange(kind: .store, id: store.id.description, name: store.name, change: .added, fields: []))
                continue
            }
            var fields: [String] = []
            if before.name != store.name { fields.append("name") }
            if before.locationIDs != store.locationIDs { fields.append("locationIds") }
            if !fields.isEmpty {
                stores.append(
                    RecordChange(
                        kind: .store, id: store.id.description, name: store.name, change: .changed, fields: fields))
            }
        }
        for store in old.storesByID.values where !new.storesByID.contains(store.id) {
            stores.append(
                RecordChange(kind: .store, id: store.id.description, name: store.name, change: .removed, fields: []))
        }
        // Recipes on the list (SPEC section 11.2) come and go whole: `recipe Lasagne (tuesday)`.
        var recipes: [RecordChange] = []
        for recipe in new.recipesByID.values where !old.recipesByID.contains(recipe.id) {
            recipes.append(
                RecordChange(kind: .recipe, id: recipe.id.description, name: recipe.mergeName, change: .added, fields: []))
        }
        for recipe in old.recipesByID.values where !new.recipesByID.contains(recipe.id) {
            recipes.append(
                RecordChange(
                    kind: .recipe, id: recipe.id.description, name: recipe.mergeName, change: .removed, fields: []))
        }
        let purchases = Self.purchaseChanges(from: old.log, to: new.log)
        for group in [items, locations, stores, recipes, purchases] {
            changes += group.sorted { NameOrder.precedes($0.name, $1.name) }
        }
    }

    /// The purchases one log holds and the other does not (SPEC 8.4: a purchase that came in or was
    /// deleted is said, so an erased log can never pass unnoticed). Only when both logs were read.
    private static func purchaseChanges(from old: PurchaseLog, to new: PurchaseLog) -> [RecordChange] {
        guard old.isLoaded, new.isLoaded else { return [] }
        let before = Set(old.purchases.map(\.id))
        let after = Set(new.purchases.map(\.id))
        var changes: [RecordChange] = []
        for purchase in new.purchases where !before.contains(purchase.id) {
            changes.append(
                RecordChange(
                    kind: .purchase, id: purchase.id.description, name: purchase.name, change: .added, fields: []))
        }
        for purchase in old.purchases where !after.contains(purchase.id) {
            changes.append(
                RecordChange(
                    kind: .purchase, id: purchase.id.description, name: purchase.name, change: .removed, fields: []))
        }
        return changes
    }

    private static func record(
        _ kind: RecordChange.Kind, _ id: String, _ name: String, _ change: RecordChange.Change, _ fields: [String],
        _ item: Item?
    ) -> RecordChange {
        RecordChange(
            kind: kind, id: id, name: name, change: change, fields: fields, quantity: item?.amount,
            onList: item?.onList)
    }

    /// The item fields that differ (not the stamps), by their data file names.
    private static func itemFields(_ old: Item, _ new: Item) -> [String] {
        var fields: [String] = []
        if old.name != new.name { fields.append("name") }
        if old.quantity != new.quantity { fields.append("quantity") }
        if old.onList != new.onList { fields.append("onList") }
        if old.isAvailable != new.isAvailable { fields.append("isAvailable") }
        if old.dateLastPurchased != new.dateLastPurchased { fields.append("dateLastPurchased") }
        if old.locationID != new.locationID { fields.append("locationId") }
        if old.price != new.price { fields.append("price") }
        if old.starred != new.starred { fields.append("starred") }
        if old.note != new.note { fields.append("note") }
        // `every` is one field whichever property holds it: `--every auto` leaves the number of days nil.
        if old.restockSetting != new.restockSetting { fields.append("every") }
        if old.pantry != new.pantry { fields.append("pantry") }
        if old.recipesOnly != new.recipesOnly { fields.append("recipesOnly") }
        return fields
    }
}
