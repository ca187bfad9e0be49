/// One of the three lists of a merge, seen through ours' Unknown Location id.
///
/// Devices that started apart each created their own Unknown Location; the merge treats the three as one
/// record with ours' id. Every lookup remaps on the fly, one record at a time, so no side is copied.
package struct MergeSide {
    package let list: ShoppingList
    /// The id the merged Unknown Location has (ours').
    package let unknownID: Location.ID

    package init(_ list: ShoppingList, unknownID: Location.ID) {
        self.list = list
        self.unknownID = unknownID
    }

    package func item(_ id: Item.ID) -> Item? {
        guard var item = list.itemsByID[id] else { return nil }
        if item.locationID == list.unknownLocationID { item.locationID = unknownID }
        return item
    }

    /// The location with this id; the side's own Unknown Location answers to ``unknownID`` only.
    package func location(_ id: Location.ID) -> Location? {
        if id == unknownID {
            let own = list.unknownLocation
            return Location(
                id: id, name: own.name, visitationOrder: own.visitationOrder, color: own.color, isUnknown: true,
                modifiedAt: own.modifiedAt)
        }
        if id == list.unknownLocationID { return nil }
        return list.locationsByID[id]
    }

    package func store(_ id: Store.ID) -> Store? { list.storesByID[id] }

    package func namedList(_ id: NamedList.ID) -> NamedList? { list.listsByID[id] }

    package func learnedPlace(_ id: LearnedPlace.ID) -> LearnedPlace? { list.learnedByID[id] }

    /// Every location id, the Unknown Location's as ``unknownID``.
    package var locationIDs: some Sequence<Location.ID> {
        list.locationsByID.keys.lazy.map { [own = list.unknownLocationID, unknownID] in $0 == own ? unknownID : $0 }
    }

    /// Whether this side has the location (after remapping).
    package func hasLocation(_ id: Location.ID) -> Bool { location(id) != nil }

    // MARK: - Changes that only follow from removing a location

    // Removing a location moves its items to the Unknown Location and takes it out of every store's walk (rule 5,
    // section 7). Seen as edits, those would outvote the other side's real moves; so they are undone here, against
    // base, and redone after the merge.

    /// The item as this side has it, a move to the Unknown Location caused by removing its location read as unmoved.
    package func itemUndoingRemovals(_ id: Item.ID, base: Item?) -> Item? {
        guard var item = item(id) else { return nil }
        if let base, item.locationID == unknownID, base.locationID != unknownID, !hasLocation(base.locationID) {
            item.locationID = base.locationID
            item.modifiedAt[ItemKey.locationId.rawValue] = base.modifiedAt[ItemKey.locationId.rawValue]
        }
        return item
    }

    /// The store as this side has it, with a walk that only lost locations this side removed read as the base walk.
    package func storeUndoingRemovals(_ id: Store.ID, base: Store?) -> Store? {
        guard var store = store(id) else { return nil }
        if let base, store.locationIDs != base.locationIDs,
            store.locationIDs.elementsEqual(base.locationIDs.lazy.filter(hasLocation))
        {
            store.locationIDs = base.locationIDs
            store.modifiedAt[StoreKey.locationIds.rawValue] = base.modifiedAt[StoreKey.locationIds.rawValue]
        }
        return store
    }

}
