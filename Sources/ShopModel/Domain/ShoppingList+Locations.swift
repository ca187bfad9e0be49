extension ShoppingList {
    /// `location add`: a new user location.
    /// - Parameters:
    ///   - order: its place in the walk, 1...100; 50 when `nil`.
    ///   - color: its swatch; the next colour of a fixed palette when `nil`, so new locations differ.
    public mutating func addLocation(named raw: String, order: Int? = nil, color: RGBA? = nil) throws(ShopError)
        -> Location
    {
        let name = try Validation.name(raw, kind: .location)
        if let existing = location(named: name) {
            throw .duplicateName(name, kind: .location, existing: existing.name)
        }
        let visitationOrder = try Validation.visitationOrder(order ?? Location.defaultVisitationOrder)
        let palette = RGBA.named.filter { $0.name != "grey" && $0.name != "black" && $0.name != "white" }
        let chosen = color ?? palette[(locationsByID.count - 1) % palette.count].color
        let location = Location(name: name, visitationOrder: visitationOrder, color: chosen)
        insert(location)
        return location
    }

    /// `location edit`: renames, reorders or recolours a location (the Unknown Location cannot be reordered).
    public mutating func editLocation(
        _ id: Location.ID, name newName: String? = nil, order: Int? = nil,
        color: RGBA? = nil
    ) throws(ShopError) -> Location {
        guard var location = locationsByID[id] else { throw .notFound(id.description, kind: .location, candidates: []) }
        if let newName {
            let name = try Validation.name(newName, kind: .location)
            if let other = self.location(named: name), other.id != id {
                throw .duplicateName(name, kind: .location, existing: other.name)
            }
            location.name = name
        }
        if let order {
            guard !location.isUnknown else { throw .cannotReorderUnknownLocation(location.name) }
            location.visitationOrder = try Validation.visitationOrder(order)
        }
        if let color { location.color = color }
        replace(location)
        return location
    }

    /// `location remove`: deletes a user location and moves its items to the Unknown Location.
    /// - Returns: the removed location and the ids of the items that moved.
    public mutating func removeLocation(_ id: Location.ID) throws(ShopError) -> (
        location: Location, movedItems: [Item.ID]
    ) {
        guard let location = locationsByID[id] else { throw .notFound(id.description, kind: .location, candidates: []) }
        guard !location.isUnknown else { throw .cannotRemoveUnknownLocation(location.name) }
        var moved: [Item.ID] = []
        for item in items where item.locationID == id {
            var relocated = item
            relocated.locationID = unknownLocationID
            itemsByID[item.id] = relocated
            moved.append(item.id)
        }
        delete(id)
        removeFromStores(id)
        // Its learned words go with it: pointing nowhere, they would send new items to the Unknown Location, which is
        // where no evidence sends them anyway.
        for place in learnedPlaces where place.locationID == id { delete(place.id) }
        return (location, moved.sorted())
    }

    /// The number of items at each location, and of those on the list, in one pass.
    public func itemCounts() -> [Location.ID: (items: Int, onList: Int)] {
        // Counted by the location's position (no hashing per item), then keyed by id once per location.
        var byPosition = [(items: Int, onList: Int)](repeating: (0, 0), count: locationsByID.count)
        for item in items {
            guard let position = locationsByID.position(of: item.locationID) else { continue }
            byPosition[position].items += 1
            if item.onList { byPosition[position].onList += 1 }
        }
        var counts: [Location.ID: (items: Int, onList: Int)] = [:]
        for (position, count) in byPosition.enumerated() where count.items > 0 {
            counts[locationsByID[position: position].id] = count
        }
        return counts
    }
}
