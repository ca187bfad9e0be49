/// The store commands of SPEC section 7: each is a pure change that applies whole or throws.
extension ShoppingList {
    /// Every store by name (rule 7's name order, then id).
    public var storesInNameOrder: [Store] { Self.inNameOrder(stores) }

    /// `store add`: a new store walking `locations` in the order given.
    /// - Throws: an invalid or duplicate name, or a walking order that repeats a location or names the
    ///   Unknown Location.
    public mutating func addStore(named raw: String, walking locations: [Location.ID]) throws(ShopError) -> Store {
        let name = try newName(raw, of: Store.self)
        let store = Store(name: name, locationIDs: try checkedWalk(locations, storeName: name))
        insert(store)
        return store
    }

    /// `store order`: replaces a store's walking order.
    public mutating func orderStore(_ id: Store.ID, walking locations: [Location.ID]) throws(ShopError) -> Store {
        guard var store = storesByID[id] else { throw .notFound(id.description, kind: .store, candidates: []) }
        store.locationIDs = try checkedWalk(locations, storeName: store.name)
        replace(store)
        return store
    }

    /// `store remove`: deletes a store; no item or location changes. A device whose current store it was has none (``DeviceState/currentStore(in:)``).
    public mutating func removeStore(_ id: Store.ID) throws(ShopError) -> Store {
        guard let store = storesByID[id] else { throw .notFound(id.description, kind: .store, candidates: []) }
        delete(id)
        return store
    }

    /// The number of items on the list that a store's walk covers: at its locations and at the Unknown Location.
    public func onListCount(at store: Store) -> Int {
        var covered = Set(store.locationIDs)
        covered.insert(unknownLocationID)
        return items.reduce(0) { $0 + ($1.onList && covered.contains($1.locationID) ? 1 : 0) }
    }

    mutating func removeFromStores(_ locationID: Location.ID) {
        for var store in stores where store.locationIDs.contains(locationID) {
            store.locationIDs.removeAll { $0 == locationID }
            storesByID[store.id] = store
        }
    }

    /// A walking order of existing user locations, each once.
    private func checkedWalk(_ locations: [Location.ID], storeName: String) throws(ShopError) -> [Location.ID] {
        var seen = Set<Location.ID>(minimumCapacity: locations.count)
        for id in locations {
            guard let location = locationsByID[id] else {
                throw .notFound(id.description, kind: .location, candidates: [])
            }
            if location.isUnknown { throw .unknownLocationInStore(location: location.name, store: storeName) }
            guard seen.insert(id).inserted else {
                throw .locationRepeatedInStore(location: location.name, store: storeName)
            }
        }
        return locations
    }
}
