/// The store commands of SPEC section 7: each is a pure change that applies whole or throws.
extension ShoppingList {
    /// Every store by name (rule 7's name order, then id).
    public var storesInNameOrder: [Store] {
        stores.sorted { lhs, rhs in
            if lhs.name != rhs.name { return NameOrder.precedes(lhs.name, rhs.name) }
            return lhs.id < rhs.id
        }
    }

    /// `store add`: a new store walking `locations` in the order given.
    /// - Throws: an invalid or duplicate name, or a walking order that repeats a location or names the
    ///   Unknown Location.
    public mutating func addStore(named raw: String, walking locations: [Location.ID]) throws(ShopError) -> Store {
        let name = try Validation.name(raw, kind: .store)
        if let existing = store(named: name) { throw .duplicateName(name, kind: .store, existing: existing.name) }
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

    /// `store edit --name`: renames a store.
    public mutating func renameStore(_ id: Store.ID, to raw: String) throws(ShopError) -> Store {
        guard var store = storesByID[id] else { throw .notFound(id.description, kind: .store, candidates: []) }
        let name = try Validation.name(raw, kind: .store)
        if let other = self.store(named: name), other.id != id {
            throw .duplicateName(name, kind: .store, existing: other.name)
        }
        store.name = name
        replace(store)
        return store
    }

    /// `store remove`: deletes a store; no item or location changes. A removed current store is no longer current.
    public mutating func removeStore(_ id: Store.ID) throws(ShopError) -> Store {
        guard let store = storesByID[id] else { throw .notFound(id.description, kind: .store, candidates: []) }
        delete(id)
        return store
    }

    /// `store use`: saves `id` as the current store (`nil` clears it).
    /// - Returns: whether anything changed.
    @discardableResult
    public mutating func useStore(_ id: Store.ID?) throws(ShopError) -> Bool {
        if let id, storesByID[id] == nil { throw .notFound(id.description, kind: .store, candidates: []) }
        guard currentStoreID != id else { return false }
        currentStoreID = id
        return true
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

// MARK: - What belongs to one device

extension ShoppingList {
    /// The current store and the timer: this device's own (SPEC section 8.3), kept in the device file.
    public var deviceState: DeviceState { DeviceState(currentStoreID: currentStoreID, timer: timer) }

    /// Puts back a device state taken before the list was replaced wholesale (`sample --force`): a current
    /// store the new list lacks becomes none.
    public mutating func keepDeviceState(_ state: DeviceState) {
        adoptDeviceState(state)
    }

    /// Takes a device's current store and timer (from the device file); a store that no longer exists is none.
    package mutating func adoptDeviceState(_ state: DeviceState) {
        currentStoreID = state.currentStoreID.flatMap { storesByID[$0] == nil ? nil : $0 }
        if timer != state.timer { timer = state.timer }
    }
}
