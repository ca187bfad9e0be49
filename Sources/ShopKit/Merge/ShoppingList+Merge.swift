/// The three-way merge of two data files (SPEC section 8), for git's merge driver.
///
/// Pure: no git, no file, no clock. One pass over the union of record ids per kind, with dictionary
/// lookups only, so merging two 10,000-item lists costs about as much as decoding one.
extension ShoppingList {
    /// Three-way merge, record by record by id. `ours` is the local side (git's %A).
    ///
    /// - A field changed on one side takes that side's value; changed differently on both, the side whose
    ///   record has the later `modifiedAt` wins, ours when the stamps are equal or missing;
    ///   `dateLastPurchased` always takes the later date.
    /// - Added on one side: kept. Removed on one side: removed, unless the other side edited the record,
    ///   which is then kept.
    /// - The three Unknown Locations are one, with ours' id. Two records that end up with the same name
    ///   become one, the local one. Items at a location that is gone move to the Unknown Location; store
    ///   walks keep only existing user locations, each once.
    /// - Parameters:
    ///   - base: the common ancestor (git's %O).
    ///   - ours: the local side (git's %A); it wins every tie.
    ///   - theirs: the other side (git's %B).
    /// - Returns: the merged list, which obeys every rule of SPEC section 1, and the conflicts settled.
    public static func merge(base: ShoppingList, ours: ShoppingList, theirs: ShoppingList) -> MergeReport {
        var merger = ListMerger(base: base, ours: ours, theirs: theirs)
        var report = merger.run()
        report.list.mergePurchaseLogs(base: base, ours: ours, theirs: theirs)
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
        let unknownID = ours.unknownLocationID
        self.base = MergeSide(base, unknownID: unknownID)
        self.ours = MergeSide(ours, unknownID: unknownID)
        self.theirs = MergeSide(theirs, unknownID: unknownID)
        describer = MergeDescriber(ours: self.ours, theirs: self.theirs)
    }

    mutating func run() -> MergeReport {
        var locations = mergeLocations()
        var items = mergeItems()
        var stores = mergeStores()
        let timer = StoreTimer.merge(
            base: base.list.timer, ours: ours.list.timer, theirs: theirs.list.timer, describing: describer,
            conflicts: &conflicts)!

        // One record per name; references to a dropped duplicate follow the record kept.
        let movedLocations = keepOnePerName(
            &locations, local: ours.location, old: base.location, rank: { $0.isUnknown ? -1 : 0 })
        keepOnePerName(
            &items, local: ours.item, old: base.item,
            absorbing: { kept, dropped in
                kept.onList = kept.onList || dropped.onList
                kept.dateLastPurchased = FieldMerge<Item>.later(kept.dateLastPurchased, dropped.dateLastPurchased)
                kept.modifiedAt = FieldMerge<Item>.later(kept.modifiedAt, dropped.modifiedAt)
            })
        let movedStores = keepOnePerName(&stores, local: ours.store, old: base.store)

        // Rule 5 for locations that are gone; store walks of existing user locations only, each once.
        let existing = Set(locations.lazy.map(\.id))
        let unknownID = ours.unknownID
        func surviving(_ id: Location.ID) -> Location.ID? {
            let id = movedLocations[id] ?? id
            return existing.contains(id) ? id : nil
        }
        for index in items.indices {
            items[index].locationID = surviving(items[index].locationID) ?? unknownID
        }
        for index in stores.indices {
            var walked = Set<Location.ID>(minimumCapacity: stores[index].locationIDs.count)
            stores[index].locationIDs = stores[index].locationIDs.compactMap { id in
                guard let kept = surviving(id), kept != unknownID, walked.insert(kept).inserted else { return nil }
                return kept
            }
        }

        var currentStoreID = mergeCurrentStore(stores: stores, moved: movedStores)
        if let id = currentStoreID, !stores.contains(where: { $0.id == id }) { currentStoreID = nil }

        conflicts.sort(by: MergeConflict.precedes)
        do {
            let list = try ShoppingList(
                items: items, locations: locations, stores: stores, currentStoreID: currentStoreID, timer: timer)
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

    /// One kind of record, merged over the union of both sides' ids (ours' first, then those only theirs
    /// has), each id once: one pass, a lookup per side per record.
    /// - Parameter record: a side's version of the record, given its id and the base's version.
    // Inlined so each kind gets its own specialised loop: a shared generic one cost ~6 % more instructions.
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

    /// One value: a change on one side wins; changed differently on both, ours (there is no stamp).
    private mutating func mergeCurrentStore(stores: [Store], moved: [Store.ID: Store.ID]) -> Store.ID? {
        let old = base.list.currentStoreID
        let (mine, yours) = (ours.currentStoreUndoingRemovals(base: old), theirs.currentStoreUndoingRemovals(base: old))
        let chosen: Store.ID?
        if mine == yours || old == yours {
            chosen = mine
        } else if old == mine {
            chosen = yours
        } else {
            chosen = mine
            let name = mine.flatMap { id in stores.first { $0.id == (moved[id] ?? id) }?.name }
            conflicts.append(
                MergeConflict(
                    kind: .currentStore, name: name ?? "", field: "currentStoreId",
                    resolution: "kept the local choice", kept: name.map(MergeDescriber.text) ?? "none"))
        }
        return chosen.map { moved[$0] ?? $0 }
    }

    // MARK: - One record per name

    /// Keeps one record per name (case-insensitively): the best by `rank` (lower first), then the one
    /// ours has under that name, then one ours has, then the smallest id, so the choice never depends on
    /// dictionary order. The others are dropped into it with `absorbing` and reported.
    /// - Returns: the id each dropped record was replaced by.
    @discardableResult
    private mutating func keepOnePerName<Record: MergeableRecord & Identifiable>(
        _ records: inout [Record], local: (Record.ID) -> Record?, old: (Record.ID) -> Record?,
        rank: (Record) -> Int = { _ in 0 }, absorbing: (inout Record, Record) -> Void = { _, _ in }
    ) -> [Record.ID: Record.ID] where Record.ID: Comparable {
        func order(_ record: Record, key: String) -> (Int, Int, Record.ID) {
            let placement =
                switch local(record.id) {
                case let mine? where NameOrder.key(mine.mergeName) == key: 0
                case .some: 1
                case nil: 2
                }
            return (rank(record), placement, record.id)
        }

        var keptByKey: [String: Int] = [:]
        keptByKey.reserveCapacity(records.count)
        var dropped: [(index: Int, key: String)] = []
        for index in records.indices {
            let key = NameOrder.key(records[index].mergeName)
            guard let kept = keptByKey[key] else {
                keptByKey[key] = index
                continue
            }
            if order(records[index], key: key) < order(records[kept], key: key) {
                keptByKey[key] = index
                dropped.append((kept, key))
            } else {
                dropped.append((index, key))
            }
        }
        guard !dropped.isEmpty else { return [:] }

        var replaced: [Record.ID: Record.ID] = [:]
        for (index, key) in dropped {
            let kept = keptByKey[key]!
            absorbing(&records[kept], records[index])
            replaced[records[index].id] = records[kept].id
            let bothNew = old(records[index].id) == nil && old(records[kept].id) == nil
            let resolution =
                switch order(records[kept], key: key) {
                case (-1, _, _): "kept the Unknown Location"
                case (_, 2, _): "kept one record"
                default: "kept the local record"
                }
            conflicts.append(
                MergeConflict(
                    kind: Record.conflictKind, name: records[kept].mergeName,
                    field: bothNew ? "added on both sides" : "same name", resolution: resolution))
        }
        let droppedIndices = Set(dropped.lazy.map(\.index))
        records = records.indices.filter { !droppedIndices.contains($0) }.map { records[$0] }
        return replaced
    }
}
