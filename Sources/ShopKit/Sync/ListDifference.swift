/// How two versions of the data differ, counted per kind of record: what a sync brought in.
public struct ListDifference: Hashable, Sendable {
    /// Counts for one kind of record.
    public struct Counts: Hashable, Sendable {
        public var added = 0
        public var changed = 0
        public var removed = 0
        /// Whether anything differs.
        public var isEmpty: Bool { added == 0 && changed == 0 && removed == 0 }
    }

    public var items = Counts()
    public var locations = Counts()
    public var stores = Counts()
    /// Whether the timer or the current store differ.
    public var settingsChanged = false

    /// Whether the two versions hold the same data.
    public var isEmpty: Bool { items.isEmpty && locations.isEmpty && stores.isEmpty && !settingsChanged }

    /// Compares `old` with `new` record by record (by id): one dictionary lookup per record.
    public init(from old: ShoppingList, to new: ShoppingList) {
        items = Self.count(old.itemsByID, new.itemsByID)
        // The Unknown Location is one whatever its id (a device that started apart has its own): compare
        // it by its marker, the user locations by id.
        var oldLocations = old.locationsByID
        var newLocations = new.locationsByID
        let oldUnknown = oldLocations.removeValue(forKey: old.unknownLocationID)
        let newUnknown = newLocations.removeValue(forKey: new.unknownLocationID)
        locations = Self.count(oldLocations, newLocations)
        if let oldUnknown, let newUnknown,
            oldUnknown.name != newUnknown.name || oldUnknown.color != newUnknown.color
        {
            locations.changed += 1
        }
        stores = Self.count(old.storesByID, new.storesByID)
        settingsChanged = old.timer != new.timer || old.currentStoreID != new.currentStoreID
    }

    private static func count<Record>(_ old: RecordTable<Record>, _ new: RecordTable<Record>) -> Counts {
        var counts = Counts()
        for record in new.values {
            if let before = old[record.id] {
                if before != record { counts.changed += 1 }
            } else {
                counts.added += 1
            }
        }
        counts.removed = old.values.reduce(0) { $0 + (new.contains($1.id) ? 0 : 1) }
        return counts
    }
}
