import ShopHistory
import ShopModel

/// Merging imported data into the list (SPEC section 2, `shop import`).
extension ShoppingList {
    /// Merges a batch in by name: an existing location or item (matched case-insensitively) takes the
    /// incoming fields, a new one is added. The Unknown Location is matched by its marker, not its name.
    ///
    /// With `replacing`, or when the list is empty and the batch is one whole `shop export`, the list becomes the
    /// export exactly (ids, dates, stamps); with `replacing` and other data, the list is emptied first. This device's
    /// current store and timer (SPEC section 8.3) are not the list's: a current store the import removed is none. An
    /// item whose location is in neither the batch nor the list goes to the Unknown Location. Costs O(n).
    /// - Parameter log: the purchase log (loaded), which gains the batch's purchases and stock entries.
    /// - Parameter target: the list ShoppingList14's items go on (SPEC 22: the current list); `nil`, or a list that
    ///   `replacing` took away: `Groceries`, else the first list by name.
    @discardableResult
    public mutating func merge(
        _ batch: ImportBatch, replacing: Bool = false, onto target: NamedList.ID? = nil, log: inout PurchaseLog
    ) -> ImportSummary {
        // The purchase log is merged by id after the items (SPEC section 10); it stays in its own file,
        // so the log and its marker survive the list being replaced.
        var itemIDs: [Item.ID: Item.ID] = [:]
        defer {
            mergePurchases(batch.purchases, into: &log, replacing: replacing, itemIDs: itemIDs)
            Self.mergeStockEntries(batch.stockEntries, into: &log, itemIDs: itemIDs)
        }
        if let export = batch.wholeExport, replacing || isEmpty {
            var summary = ImportSummary()
            summary.items.added = export.itemCount
            summary.locations.added = export.locations.count - 1
            summary.stores.added = export.stores.count
            self = export
            return summary
        }
        if replacing { self = ShoppingList() }
        var summary = ImportSummary()
        summary.trimmedNames = batch.trimmedNames
        summary.items.merged = batch.mergedItems
        summary.locations.merged = batch.mergedLocations

        if let unknown = batch.unknownLocation {
            var mine = unknownLocation
            if location(named: unknown.name).map({ $0.id == mine.id }) ?? true { mine.name = unknown.name }
            mine.color = unknown.color
            replace(mine)
        }

        for incoming in batch.locations {
            if var existing = location(named: incoming.name) {
                let before = existing
                if existing.isUnknown {
                    // A user location named like the (renamed) Unknown Location: it stays the Unknown one.
                    existing.color = incoming.color
                } else {
                    existing.name = incoming.name
                    existing.visitationOrder = incoming.visitationOrder
                    existing.color = incoming.color
                }
                if existing == before {
                    summary.locations.unchanged += 1
                } else {
                    summary.locations.updated += 1
                    replace(existing)
                }
            } else {
                let id = incoming.id.flatMap { locationsByID[$0] == nil ? $0 : nil } ?? .random()
                insert(
                    Location(
                        id: id, name: incoming.name, visitationOrder: incoming.visitationOrder, color: incoming.color))
                summary.locations.added += 1
            }
        }

        for incoming in batch.stores { mergeStore(incoming, into: &summary) }
        if let export = batch.wholeExport { mergeLearnedPlaces(of: export) }

        // SPEC 22: an export's lists come in (by name, then id); an item goes on its export list, else (ShoppingList14)
        // on the list the import is onto, or the first left when `--replace` took that one away.
        var listIDs: [NamedList.ID: NamedList.ID] = [:]
        for incoming in batch.lists { listIDs[incoming.id] = mergeList(incoming) }
        let onto = target.flatMap { listsByID[$0]?.id } ?? currentList(saved: nil).id

        for incoming in batch.items {
            let locationID: Location.ID
            switch incoming.place {
            case .unknown: locationID = unknownLocationID
            case .named(let name):
                if let id = location(named: name)?.id {
                    locationID = id
                } else {
                    locationID = unknownLocationID
                    summary.itemsAtMissingLocations += 1
                }
            }
            if var existing = item(named: incoming.item.name) {
                itemIDs[incoming.item.id] = existing.id
                let before = existing
                existing.name = incoming.item.name
                existing.quantity = incoming.item.quantity
                existing.onList = incoming.item.onList
                existing.isAvailable = incoming.item.isAvailable
                // An item with no location in the file keeps a location shop guessed for it (SPEC 21): the guess stands
                // for that "none", so importing the same file again changes nothing.
                if incoming.place != .unknown || existing.locationGuess == nil { existing.locationID = locationID }
                existing.listID = incoming.list.flatMap { listIDs[$0.id] } ?? onto
                if incoming.full {
                    existing.dateLastPurchased = incoming.item.dateLastPurchased
                    existing.price = incoming.item.price
                    existing.starred = incoming.item.starred
                    existing.note = incoming.item.note
                    // A fixed interval comes in; a learned one is kept, and none comes in as such.
                    if existing.restock != .learned { existing.restock = incoming.item.restock?.days.map { .days($0) } }
                    existing.pantry = incoming.item.pantry
                    existing.recipesOnly =
                        incoming.item.recipesOnly && incoming.item.onList
                        && (!before.onList || before.recipesOnly)
                }
                if existing == before {
                    summary.items.unchanged += 1
                } else {
                    summary.items.updated += 1
                    replace(existing)
                }
            } else {
                var item = incoming.item
                item.locationID = locationID
                item.listID = incoming.list.flatMap { listIDs[$0.id] } ?? onto
                if itemsByID[item.id] != nil { item = item.withID(.random()) }
                itemIDs[incoming.item.id] = item.id
                insert(item)
                summary.items.added += 1
                if incoming.place == .unknown { summary.newItemsWithoutLocation.append(item.id) }
            }
        }
        mergeRecipes(batch.recipes, needs: batch.recipeNeeds, itemIDs: itemIDs)
        return summary
    }
}

extension ShoppingList {
    /// Adds the incoming purchases the log lacks (by id; their items matched as the items were, by name), deletes the
    /// old ones when `replacing`, and recomputes the dates of the items whose purchases changed.
    private mutating func mergePurchases(
        _ incoming: [Purchase], into log: inout PurchaseLog, replacing: Bool, itemIDs: [Item.ID: Item.ID]
    ) {
        var merged = log
        let old = log
        let incomingIDs = Set(incoming.map(\.id))
        var deleted: [Purchase] = []
        if replacing {
            deleted = old.purchases.filter { !incomingIDs.contains($0.id) }
            for purchase in deleted { merged.delete(purchase.id) }
        }
        let known = Set(merged.purchases.map(\.id))
        for var purchase in incoming where !known.contains(purchase.id) {
            purchase.itemID = itemIDs[purchase.itemID] ?? purchase.itemID
            merged.add(purchase)
        }
        log = merged
        if !incoming.isEmpty || !deleted.isEmpty { recomputePurchaseDates(from: log, deleted: deleted) }
    }

    /// Adds the incoming stock entries the log lacks (by id; their items matched as the purchases' are).
    /// Nothing deletes one, `--replace` neither: they name no lot, and a use without its lot takes nothing.
    private static func mergeStockEntries(
        _ incoming: [StockEntry], into log: inout PurchaseLog, itemIDs: [Item.ID: Item.ID]
    ) {
        guard !incoming.isEmpty else { return }
        let known = Set(log.stockEntries.map(\.id))
        for var entry in incoming where !known.contains(entry.id) {
            entry.itemID = itemIDs[entry.itemID] ?? entry.itemID
            log.add(entry)
        }
    }

    /// Merges one incoming list (SPEC 22): the list of that name, else the one of that id (renamed here), else a new one
    /// (with its id when free).
    /// - Returns: the id of the list it is here.
    /// An export's learned words (SPEC 21) come in for the location of the same name, as its locations do: an import
    /// carries what the other household taught, and a word of a location not here is left out.
    private mutating func mergeLearnedPlaces(of export: ShoppingList) {
        for incoming in export.learnedPlaces {
            guard let name = export.location(incoming.locationID)?.name, let here = location(named: name),
                !here.isUnknown
            else { continue }
            var place =
                learnedPlace(word: incoming.word)
                ?? LearnedPlace(id: incoming.id, word: incoming.word, locationID: here.id)
            place.locationID = here.id
            insert(place)
        }
    }

    private mutating func mergeList(_ incoming: NamedList) -> NamedList.ID {
        if let named = namedList(named: incoming.name) { return named.id }
        if let same = listsByID[incoming.id] { return same.id }
        insert(NamedList(id: incoming.id, name: incoming.name))
        return incoming.id
    }

    /// Merges one incoming store by name: its walking order is matched to the list's locations by name
    /// (names the list lacks, the Unknown Location and repeats are left out, as no store may hold them).
    private mutating func mergeStore(_ incoming: ImportBatch.IncomingStore, into summary: inout ImportSummary) {
        var seen: Set<Location.ID> = []
        let walk = incoming.locationNames.compactMap { name -> Location.ID? in
            guard let location = location(named: name), !location.isUnknown, seen.insert(location.id).inserted else {
                return nil
            }
            return location.id
        }
        if var existing = store(named: incoming.name) {
            let before = existing
            existing.name = incoming.name
            existing.locationIDs = walk
            if existing == before {
                summary.stores.unchanged += 1
            } else {
                summary.stores.updated += 1
                replace(existing)
            }
        } else {
            let id = incoming.id.flatMap { storesByID[$0] == nil ? $0 : nil } ?? .random()
            insert(Store(id: id, name: incoming.name, locationIDs: walk))
            summary.stores.added += 1
        }
    }
}

extension Item {
    /// A copy with another id: a new record, so without the stamps and recipe needs of the one it copies. Every
    /// other field is kept without naming it, so a field added to ``Item`` is kept here too.
    func withID(_ id: ID) -> Item {
        var copy = self
        copy.id = id
        copy.modifiedAt = FieldStamps()
        copy.recipeNeed = .none
        return copy
    }
}
