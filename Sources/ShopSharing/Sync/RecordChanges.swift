import ShopModel

/// What changed between two versions of the list, record by record and by name (SPEC 8.4): what a sync brought in
/// or sent out.
public struct RecordChange: Hashable, Sendable {
    /// The kind of record.
    public enum Kind: String, Sendable {
        case item, location, store, recipe
        /// A named list (SPEC section 22).
        case list
        /// A word learned from a person's move (SPEC section 21), named by the word.
        case learnedWord = "learned word"
        /// What a recipe on the list needs of one item (named `Lasagne: milk`).
        case recipeNeed
        /// A purchase: added (bought on the other side) or removed (`unbuy` there), named as when it was bought.
        case purchase
        /// A stock entry (SPEC 23: `use`, `open`, `stock add` travel like purchases), named by what was done and the
        /// item, as when it was logged (`use Rice`, `stock add Milk`); only ever added.
        case stock
    }

    /// What happened to the record as a whole.
    public enum Change: String, Sendable {
        case added, changed, removed
    }

    /// How an item left the list or came back to it, which people say in words of their own: `bought`
    /// only for a purchase, never for `drop` or a recipe taken back.
    public enum ListMove: String, Sendable {
        /// Bought (off the list, with a new date bought).
        case bought
        /// Taken off the list without buying it (`drop`).
        case dropped
        /// Off the list because the recipes that put it there were taken back.
        case recipeTakenBack
        /// Back on the list.
        case backOnList
    }

    public var kind: Kind
    /// The record's id, as the data file writes it.
    public var id: String
    /// Its name after the change (before it, for a removed record).
    public var name: String
    public var change: Change
    /// The fields that differ, by their data file keys (`quantity`, `onList`, `locationId`), in the order of
    /// the record's field table; empty for an added or removed record.
    public var fields: [String]
    /// The same fields as people know them (`quantity`, `on the list`, `location`, `restock every`).
    public var words: [String] = []
    /// Whether the item field of data file key `key` is among ``fields``.
    public func changed(_ key: ItemKey) -> Bool { kind == .item && fields.contains(key.rawValue) }
    /// The quantity after the change, for an item (`Milk ×3`).
    public var quantity: Amount?
    /// Whether the item is on the list after the change.
    public var onList: Bool?
    /// For an item that left the list or came back: how.
    public var listMove: ListMove?
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

    /// The changes from `old` to `new`, and the purchases that came in or went with `logs` (when both were read).
    public init(
        from old: ShoppingList, to new: ShoppingList,
        logs: (old: PurchaseLog, new: PurchaseLog) = (PurchaseLog(isLoaded: false), PurchaseLog(isLoaded: false))
    ) {
        let (oldUnknownID, newUnknownID) = (old.unknownLocationID, new.unknownLocationID)
        // Items a recipe that is gone now had needs of: only those left the list because a recipe was taken back;
        // any other item that left it unbought was dropped (SPEC 16).
        var takenBack = Set<Item.ID>()
        for need in old.needsByID.values where new.recipesByID[need.recipeID] == nil { takenBack.insert(need.itemID) }
        let items = Self.differences(
            .item, old: old.itemsByID, new: new.itemsByID, name: { $0.name },
            // Two devices' Unknown Locations are one, whatever their ids: no move between them.
            ignoring: { before, after, field in
                field == ItemKey.locationId.rawValue && before.locationID == oldUnknownID
                    && after.locationID == newUnknownID
            },
            refine: { before, after, change in
                change.describe(before, after, recipeTakenBack: takenBack.contains(after.id))
            })
        let oldUnknown = old.unknownLocation
        let locations = Self.differences(
            .location, old: old.locationsByID, new: new.locationsByID, name: { $0.name },
            // The Unknown Location is one on every device, whatever its id; its order is fixed.
            counterpart: { $0.isUnknown ? oldUnknown : nil }, isLasting: { $0.isUnknown },
            ignoring: { _, after, field in after.isUnknown && field == LocationKey.visitationOrder.rawValue })
        let stores = Self.differences(.store, old: old.storesByID, new: new.storesByID, name: { $0.name })
        let lists = Self.differences(.list, old: old.listsByID, new: new.listsByID, name: { $0.name })
        let learned = Self.differences(.learnedWord, old: old.learnedByID, new: new.learnedByID, name: { $0.word })
        // Recipes on the list (SPEC 11.2): `recipe Lasagne (tuesday)`; a need of an item, `recipeNeed Lasagne: milk`.
        var recipes = Self.differences(.recipe, old: old.recipesByID, new: new.recipesByID, name: { $0.mergeName })
        recipes += Self.differences(
            .recipeNeed, old: old.needsByID, new: new.needsByID,
            name: { need in
                let list = new.needsByID.contains(need.id) ? new : old
                let recipe = list.recipesByID[need.recipeID]?.mergeName ?? "a recipe"
                return recipe + ": " + (list.itemsByID[need.itemID]?.name ?? "an item")
            })
        let purchases = Self.purchaseChanges(from: logs.old, to: logs.new)
        for group in [items, locations, stores, lists, learned, recipes, purchases] {
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
        let logged = Set(old.stockEntries.map(\.id))
        for entry in new.stockEntries where !logged.contains(entry.id) {
            let verb =
                switch entry.kind {
                case .use: "use"
                case .open: "open"
                case .add: "stock add"
                }
            changes.append(
                RecordChange(
                    kind: .stock, id: entry.id.description, name: verb + " " + entry.name, change: .added, fields: []))
        }
        return changes
    }

    /// The records of one kind that were added, removed, or changed in a field of the record's table.
    /// One lookup per record: linear in the size of the tables.
    private static func differences<Record: DeclaredRecord & Identifiable & Hashable & Sendable>(
        _ kind: RecordChange.Kind, old: RecordTable<Record>, new: RecordTable<Record>,
        name: (Record) -> String, counterpart: (Record) -> Record? = { _ in nil },
        isLasting: (Record) -> Bool = { _ in false }, ignoring: (Record, Record, String) -> Bool = { _, _, _ in false },
        refine: (Record, Record, inout RecordChange) -> Void = { _, _, _ in }
    ) -> [RecordChange] where Record.ID: CustomStringConvertible {
        var changes: [RecordChange] = []
        for record in new.values {
            guard let before = counterpart(record) ?? old[record.id] else {
                changes.append(
                    RecordChange(kind: kind, id: "\(record.id)", name: name(record), change: .added, fields: []))
                continue
            }
            // Most records of a large list are untouched: one comparison settles them.
            if before == record { continue }
            let fields = Record.changedFields(before, record).filter { !ignoring(before, record, $0.name) }
            guard !fields.isEmpty else { continue }
            var change = RecordChange(
                kind: kind, id: "\(record.id)", name: name(record), change: .changed, fields: fields.map(\.name),
                words: fields.map(\.word))
            refine(before, record, &change)
            changes.append(change)
        }
        // A record that lasts (the Unknown Location) is never removed, whatever its id on the other side.
        for record in old.values where !isLasting(record) && !new.contains(record.id) {
            changes.append(
                RecordChange(kind: kind, id: "\(record.id)", name: name(record), change: .removed, fields: []))
        }
        return changes
    }

    /// These changes without the records whose ids are given (records that were joined, said as a join).
    public func excluding(ids: Set<String>) -> RecordChanges {
        var kept = self
        kept.changes.removeAll { ids.contains($0.id) }
        return kept
    }
}

extension RecordChange {
    /// An item's quantity and list state after the change, and how it left the list or came back.
    fileprivate mutating func describe(_ before: Item, _ after: Item, recipeTakenBack: Bool) {
        quantity = after.amount
        onList = after.onList
        guard before.onList != after.onList else { return }
        if after.onList {
            listMove = .backOnList
        } else if after.dateLastPurchased != before.dateLastPurchased {
            listMove = .bought
        } else {
            listMove = before.recipesOnly && recipeTakenBack ? .recipeTakenBack : .dropped
        }
    }
}
