import ShopModel

/// The three-way merge of two data files (SPEC section 8), for git's merge driver.
///
/// Pure: no git, no file, no clock. One pass over the union of record ids per kind, with dictionary
/// lookups only, so merging two 10,000-item lists costs about as much as decoding one.
extension ShoppingList {
    /// Three-way merge, record by record by id (SPEC section 8.2). `ours` is the local side (git's %A).
    ///
    /// - A field changed on one side takes that side's value; changed differently on both, the side whose
    ///   stamp of that field is later wins, ours when the stamps are equal or missing;
    ///   `dateLastPurchased` always takes the later date.
    /// - Added on one side: kept. Removed on one side: removed, unless the other side edited the record,
    ///   which is then kept.
    /// - The three Unknown Locations are one, with the id that sorts first. Two records that end up with
    ///   the same name become one with the id that sorts first, each field taking the value someone set
    ///   over a default and the later stamp where both set one; references follow it. Items at a location
    ///   that is gone move to the Unknown Location; store walks keep only existing user locations, each once.
    /// - The purchase logs, when given, merge by id (``MergeReport/mergePurchaseLogs(base:ours:theirs:)``).
    /// - Parameters:
    ///   - base: the common ancestor (git's %O).
    ///   - ours: the local side (git's %A); it wins every tie between two edits of one record.
    ///   - theirs: the other side (git's %B).
    ///   - logs: the three sides' purchase logs, in the same order; the report's log is ours' marker alone without.
    /// - Returns: the merged list, which obeys every rule of SPEC section 1, and the conflicts settled.
    public static func merge(
        base: ShoppingList, ours: ShoppingList, theirs: ShoppingList,
        logs: (base: PurchaseLog, ours: PurchaseLog, theirs: PurchaseLog) = (
            PurchaseLog(isLoaded: false), PurchaseLog(isLoaded: false), PurchaseLog(isLoaded: false)
        )
    ) -> MergeReport {
        var merger = ListMerger(base: base, ours: ours, theirs: theirs)
        var report = merger.run()
        report.mergePurchaseLogs(base: logs.base, ours: logs.ours, theirs: logs.theirs)
        return report
    }
}

/// The state of one merge: the three sides and the conflicts found so far.
private struct ListMerger {
    let base: MergeSide
    let ours: MergeSide
    let theirs: MergeSide
    let describer: MergeDescriber
    var conflicts: [MergeConflict] = []

    init(base: ShoppingList, ours: ShoppingList, theirs: ShoppingList) {
        // The same choice on every device, whichever side it is on.
        let unknownID = min(ours.unknownLocationID, theirs.unknownLocationID)
        self.base = MergeSide(base, unknownID: unknownID)
        self.ours = MergeSide(ours, unknownID: unknownID)
        self.theirs = MergeSide(theirs, unknownID: unknownID)
        describer = MergeDescriber(ours: self.ours, theirs: self.theirs)
    }

    mutating func run() -> MergeReport {
        var locations = mergeLocations()
        var items = mergeItems()
        var stores = mergeStores()
        var lists = mergeLists()
        var learned = mergeLearned()

        // One location per name first, so that items and walks refer to the locations kept.
        let movedLocations = keepOnePerName(&locations, local: ours.location, rank: { $0.isUnknown ? -1 : 0 })

        // Rule 5 for locations that are gone; store walks of existing user locations only, each once.
        let existing = Set(locations.lazy.map(\.id))
        let unknownID = ours.unknownID
        func surviving(_ id: Location.ID) -> Location.ID? {
            let id = movedLocations[id] ?? id
            return existing.contains(id) ? id : nil
        }
        for index in items.indices {
            let id = items[index].locationID
            if let kept = surviving(id) {
                if kept != id { items[index].locationID = kept }
            } else {
                // Moved by a removal: the move carries the stamp the removing side gave it.
                items[index].locationID = unknownID
                let id = items[index].id
                let key = ItemKey.locationId.rawValue
                items[index].modifiedAt[key] = FieldMerge<Item>.later(
                    ours.item(id)?.modifiedAt[key], theirs.item(id)?.modifiedAt[key])
            }
        }
        for index in stores.indices {
            var walked = Set<Location.ID>(minimumCapacity: stores[index].locationIDs.count)
            let walk: [Location.ID] = stores[index].locationIDs.compactMap { id in
                guard let kept = surviving(id), kept != unknownID, walked.insert(kept).inserted else { return nil }
                return kept
            }
            guard walk != stores[index].locationIDs else { continue }
            stores[index].locationIDs = walk
            let id = stores[index].id
            let key = StoreKey.locationIds.rawValue
            stores[index].modifiedAt[key] = FieldMerge<Store>.later(
                ours.store(id)?.modifiedAt[key], theirs.store(id)?.modifiedAt[key])
        }
        // A learned word follows its location into a union; one whose location is gone goes with it (SPEC 21).
        learned = learned.compactMap { place in
            guard let kept = surviving(place.locationID), kept != unknownID else { return nil }
            var place = place
            if kept != place.locationID { place.locationID = kept }
            return place
        }
        // Two devices that learned one word each made a record: one is kept, the same on both (the id that sorts
        // first, the location with the later stamp).
        keepOnePerName(&learned, local: ours.learnedPlace)
        rehome(&items, lists: &lists)
        let movedItems = keepOnePerName(&items, local: ours.item)
        let (baseList, oursList, theirsList) = (base.list, ours.list, theirs.list)
        var recipes = mergeRecords(
            ours: oursList.recipesByID.keys, theirs: theirsList.recipesByID.keys,
            inOurs: oursList.recipesByID.contains, base: { baseList.recipesByID[$0] }
        ) { side, id, _ in side.list.recipesByID[id] }
        var needs = mergeRecords(
            ours: oursList.needsByID.keys, theirs: theirsList.needsByID.keys,
            inOurs: oursList.needsByID.contains, base: { baseList.needsByID[$0] }
        ) { side, id, _ in side.list.needsByID[id] }
        RecipeMerge.settle(recipes: &recipes, needs: &needs, items: &items, movedItems: movedItems)
        keepOnePerName(&stores, local: ours.store)

        dropRemovalsSettledByUnions()
        conflicts.sort(by: MergeConflict.precedes)
        do {
            let list = try ShoppingList(
                items: items, locations: locations, stores: stores, recipes: recipes, needs: needs, lists: lists,
                learned: learned)
            return MergeReport(list: list, conflicts: conflicts)
        } catch {
            // Unreachable for valid sides: every rule the init checks is restored above. Crashing beats
            // writing a list that breaks the rules; git then reports the merge as failed and OURS is untouched.
            preconditionFailure("the merge produced an invalid list: \(error)")
        }
    }

    // MARK: - Records

    private mutating func mergeLocations() -> [Location] {
        mergeRecords(
            ours: ours.locationIDs, theirs: theirs.locationIDs, inOurs: ours.hasLocation, base: base.location
        ) { side, id, _ in side.location(id) }
    }

    private mutating func mergeItems() -> [Item] {
        mergeRecords(
            ours: ours.list.itemsByID.keys, theirs: theirs.list.itemsByID.keys, inOurs: ours.list.itemsByID.contains,
            base: base.item
        ) { side, id, old in side.itemUndoingRemovals(id, base: old) }
    }

    private mutating func mergeStores() -> [Store] {
        mergeRecords(
            ours: ours.list.storesByID.keys, theirs: theirs.list.storesByID.keys, inOurs: ours.list.storesByID.contains,
            base: base.store
        ) { side, id, old in side.storeUndoingRemovals(id, base: old) }
    }

    private mutating func mergeLists() -> [NamedList] {
        mergeRecords(
            ours: ours.list.listsByID.keys, theirs: theirs.list.listsByID.keys, inOurs: ours.list.listsByID.contains,
            base: base.namedList
        ) { side, id, _ in side.namedList(id) }
    }

    private mutating func mergeLearned() -> [LearnedPlace] {
        mergeRecords(
            ours: ours.list.learnedByID.keys, theirs: theirs.list.learnedByID.keys,
            inOurs: ours.list.learnedByID.contains, base: base.learnedPlace
        ) { side, id, _ in side.learnedPlace(id) }
    }

    /// One list per name (two devices that each added `Party` have one), and every item on a list that is kept:
    /// an item whose list is gone (removed on one side while the other moved it there) goes to the first list
    /// by name, with the later of the two sides' stamps. Never no list: removing each other's lists leaves
    /// `Groceries`.
    private mutating func rehome(_ items: inout [Item], lists: inout [NamedList]) {
        let movedLists = keepOnePerName(&lists, local: ours.namedList)
        if lists.isEmpty { lists = [NamedList.groceries] }
        let existing = Set(lists.lazy.map(\.id))
        let first = lists.min { lhs, rhs in
            lhs.name != rhs.name ? NameOrder.precedes(lhs.name, rhs.name) : lhs.id < rhs.id
        }!.id
        for index in items.indices {
            let id = movedLists[items[index].listID] ?? items[index].listID
            if existing.contains(id) {
                if id != items[index].listID { items[index].listID = id }
                continue
            }
            items[index].listID = first
            let itemID = items[index].id
            let key = ItemKey.listId.rawValue
            items[index].modifiedAt[key] = FieldMerge<Item>.later(
                ours.item(itemID)?.modifiedAt[key], theirs.item(itemID)?.modifiedAt[key])
        }
    }

    /// One kind of record, merged over the union of both sides' ids (ours' first, then those only theirs
    /// has), each id once: one pass, a lookup per side per record.
    /// - Parameter record: a side's version of the record, given its id and the base's version.
    // Inlined so each kind gets its own specialised loop (measured: see .bench/README.md).
    @inline(__always)
    private mutating func mergeRecords<Record: MergeableRecord & Identifiable>(
        ours oursIDs: some Sequence<Record.ID>, theirs theirsIDs: some Sequence<Record.ID>,
        inOurs: (Record.ID) -> Bool, base: (Record.ID) -> Record?,
        record: (MergeSide, Record.ID, Record?) -> Record?
    ) -> [Record] {
        var merged: [Record] = []
        func visit(_ id: Record.ID) {
            let old = base(id)
            let result = Record.merge(
                base: old, ours: record(ours, id, old), theirs: record(theirs, id, old), describing: describer,
                conflicts: &conflicts)
            if let result { merged.append(result) }
        }
        for id in oursIDs { visit(id) }
        for id in theirsIDs where !inOurs(id) { visit(id) }
        return merged
    }

    // MARK: - One record per name

    /// A record "removed" on one side because that side had already made it one with a same-named record (an
    /// earlier union) is not a removal against an edit: the union that follows says it, so the removal is left out.
    private mutating func dropRemovalsSettledByUnions() {
        let united = Set(
            conflicts.lazy.filter { $0.field == "same name" }.map { "\($0.kind.rawValue) \(NameOrder.key($0.name))" })
        guard !united.isEmpty else { return }
        conflicts.removeAll {
            $0.field == "removed" && united.contains("\($0.kind.rawValue) \(NameOrder.key($0.name))")
        }
    }

    /// Keeps one record per name (case-insensitively): records of one name become one, the best by `rank`
    /// (lower first; the Unknown Location absorbs a user location of its name), else the one whose id
    /// sorts first, with every field united (``MergeableRecord/unite(_:_:oursFirst:describing:conflicts:)``).
    /// The choice never depends on which side merges or on dictionary order. Each union is reported.
    /// - Returns: the id each dropped record was replaced by.
    @discardableResult
    private mutating func keepOnePerName<Record: MergeableRecord & Identifiable>(
        _ records: inout [Record], local: (Record.ID) -> Record?, rank: (Record) -> Int = { _ in 0 }
    ) -> [Record.ID: Record.ID] where Record.ID: Comparable {
        var firstByKey: [String: Int] = [:]
        firstByKey.reserveCapacity(records.count)
        var others: [Int: [Int]] = [:]
        for index in records.indices {
            let key = NameOrder.key(records[index].mergeName)
            if let first = firstByKey[key] {
                others[first, default: []].append(index)
            } else {
                firstByKey[key] = index
            }
        }
        guard !others.isEmpty else { return [:] }

        var replaced: [Record.ID: Record.ID] = [:]
        var dropped = Set<Int>()
        for (first, rest) in others {
            let group = ([first] + rest).sorted {
                (rank(records[$0]), records[$0].id) < (rank(records[$1]), records[$1].id)
            }
            var kept = records[group[0]]
            for index in group.dropFirst() {
                let other = records[index]
                let oursKept = local(kept.id) != nil
                let oursID = oursKept ? kept.id : (local(other.id) != nil ? other.id : nil)
                let theirsID = oursID == kept.id ? other.id : kept.id
                if rank(other) > rank(kept) {
                    // The Unknown Location is identified by its marker: a user location of its name joins it.
                } else {
                    kept = Record.unite(kept, other, oursFirst: oursKept, describing: describer, conflicts: &conflicts)
                }
                conflicts.append(
                    MergeConflict(
                        kind: Record.conflictKind, name: kept.mergeName, field: "same name",
                        ours: oursID.map { "\($0)" }, theirs: "\(theirsID)", kept: "\(kept.id)", keptSide: nil,
                        resolution: .united))
                replaced[other.id] = kept.id
                dropped.insert(index)
            }
            records[group[0]] = kept
        }
        records = records.indices.filter { !dropped.contains($0) }.map { records[$0] }
        return replaced
    }
}
