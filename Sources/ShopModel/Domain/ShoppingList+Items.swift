extension ShoppingList {
    /// Rule 6's timestamp: purchase dates and timer starts are kept in whole seconds, so the data file
    /// (which stores whole seconds) round-trips exactly.
    package static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// `add`: creates each named item on the list, or puts an existing one (exact, case-insensitive match;
    /// never a prefix) back on it, applying `changes` to each.
    /// - Returns: one outcome per distinct name, in the order given.
    /// - Throws: an invalid name or value; nothing is changed then.
    /// - Parameter target: the list the items go on (SPEC section 22; `nil`: an existing item stays on its list or
    ///   comes back to its home list, a new one goes on `Groceries`); an item on another list moves to it.
    public mutating func add(
        _ names: [String], applying changes: ItemChanges = ItemChanges(), onto target: NamedList.ID? = nil
    ) throws(ShopError) -> [ItemOutcome] {
        if let target, listsByID[target] == nil { throw .notFound(target.description, kind: .list, candidates: []) }
        try changes.validate(in: self)
        var working = self
        var outcomes: [ItemOutcome] = []
        var seen: Set<Item.ID> = []
        outcomes.reserveCapacity(names.count)
        for raw in names {
            let name = try Validation.name(raw, kind: .item)
            // `onion` puts `Onions` back on the list (SPEC 16: names as people type them).
            if var item = working.item(matching: name) {
                guard seen.insert(item.id).inserted else { continue }
                let before = item
                // Putting a bought item back starts a new trip: whatever was out of stock then may be in now.
                if !item.onList { item.isAvailable = true }
                item.onList = true
                if let target { item.listID = target }
                // The person wants it now, whatever recipes need. An item on the list for recipes only keeps its amount
                // (SPEC section 14): the person's own is none until `-q` says, or the recipes are taken back (then 1).
                if item.recipesOnly {
                    item.recipesOnly = false
                    if item.onList, !item.recipeNeed.isEmpty { item.quantity = .none }
                }
                let learns = working.learnsFromMove(before, to: changes.locationID)
                changes.apply(to: &item)
                working.replace(item)
                if learns { working.learn(item) }
                outcomes.append(ItemOutcome(id: item.id, kind: item == before ? .unchanged : .changed))
            } else {
                var item = Item(name: name, locationID: working.unknownLocationID)
                if let target { item.listID = target }
                changes.apply(to: &item)
                working.insert(item)
                seen.insert(item.id)
                outcomes.append(ItemOutcome(id: item.id, kind: .created))
            }
        }
        self = working
        return outcomes
    }

    /// `unbuy`: puts purchased items back on the list, keeping their purchase date, and available.
    public mutating func unbuy(_ ids: [Item.ID]) throws(ShopError) -> [ItemOutcome] {
        try updateEach(ids) { item in
            guard !item.onList else { return }
            item.onList = true
            item.isAvailable = true
        }
    }

    /// `available` / `unavailable`: marks items as in stock or not.
    public mutating func setAvailable(_ available: Bool, _ ids: [Item.ID]) throws(ShopError) -> [ItemOutcome] {
        try updateEach(ids) { $0.isAvailable = available }
    }

    /// `available --all`: marks every unavailable item available again.
    public mutating func makeAllAvailable() -> [ItemOutcome] {
        let ids = nameOrder(items.filter { !$0.isAvailable || !$0.unavailableAt.isEmpty }).map(\.id)
        return (try? setAvailable(true, ids, at: nil)) ?? []
    }

    /// `edit`: changes one item's fields, including its name (which must stay unique).
    public mutating func edit(_ id: Item.ID, _ changes: ItemChanges) throws(ShopError) -> ItemOutcome {
        guard var item = itemsByID[id] else { throw .notFound(id.description, kind: .item, candidates: []) }
        try changes.validate(in: self)
        let before = item
        if let newName = changes.name {
            let name = try Validation.name(newName, kind: .item)
            if let other = self.item(named: name), other.id != id {
                throw .duplicateName(name, kind: .item, existing: other.name)
            }
            item.name = name
        }
        let learns = learnsFromMove(before, to: changes.locationID)
        changes.apply(to: &item)
        if learns { learn(item) }
        // A pantry staple is never on the list for a recipe (SPEC 16): what recipes need of it goes.
        if changes.pantry == true, !item.recipeNeed.isEmpty {
            if item.recipesOnly { item.onList = false }
            item.recipesOnly = false
            replace(item)
            dropRecipeNeeds(of: [id])
            itemsByID[id]?.recipeNeed = .none
            return ItemOutcome(id: id, kind: .changed)
        }
        replace(item)
        return ItemOutcome(id: id, kind: item == before ? .unchanged : .changed)
    }

    /// Whether moving `item` to `locationID` teaches a word (SPEC section 21): a person moves an item out of a location
    /// shop guessed, to a user location. The Unknown Location teaches nothing (a person saying "I don't know"), nor
    /// does a location a person chose being changed again (no guess was wrong).
    public func learnsFromMove(_ item: Item, to locationID: Location.ID?) -> Bool {
        guard let locationID, item.locationGuess != nil, locationID != item.locationID else { return false }
        return locationID != unknownLocationID && locationsByID.contains(locationID)
    }

    /// Learns `item`'s name for the location it is at: one record per word, learning it again moves that record.
    private mutating func learn(_ item: Item) {
        let word = LearnedPlace.word(of: item.name)
        if var known = learnedPlace(word: word) {
            known.locationID = item.locationID
            insert(known)
        } else {
            insert(LearnedPlace(word: word, locationID: item.locationID))
        }
    }

    /// `edit NAME...`: the same changes to each item, all or nothing (one undo step, SPEC 16).
    public mutating func edit(_ ids: [Item.ID], _ changes: ItemChanges) throws(ShopError) -> [ItemOutcome] {
        var working = self
        let outcomes = try Self.distinct(ids).map { (id) throws(ShopError) in try working.edit(id, changes) }
        self = working
        return outcomes
    }

    /// `remove`: deletes items for good.
    /// - Returns: the removed items, in the order given.
    public mutating func remove(_ ids: [Item.ID]) throws(ShopError) -> [Item] {
        var removed: [Item] = []
        for id in Self.distinct(ids) {
            guard let item = itemsByID[id] else { throw .notFound(id.description, kind: .item, candidates: []) }
            removed.append(item)
        }
        for item in removed { delete(item.id) }
        dropRecipeNeeds(of: Set(removed.map(\.id)))
        return removed
    }

    /// Applies `change` to each distinct item and reports whether it changed; all or nothing.
    package mutating func updateEach(_ ids: [Item.ID], _ change: (inout Item) -> Void) throws(ShopError)
        -> [ItemOutcome]
    {
        let unique = Self.distinct(ids)
        for id in unique where itemsByID[id] == nil {
            throw .notFound(id.description, kind: .item, candidates: [])
        }
        return unique.map { id in
            var item = itemsByID[id]!
            let before = item
            change(&item)
            // No field that `change` touches is indexed, so the stored value can be replaced in place.
            itemsByID[id] = item
            return ItemOutcome(id: id, kind: item == before ? .unchanged : .changed)
        }
    }

    /// The ids in their first-seen order, each once: `buy milk milk` buys milk once.
    package static func distinct<ID: Hashable>(_ ids: [ID]) -> [ID] {
        var seen = Set<ID>(minimumCapacity: ids.count)
        return ids.filter { seen.insert($0).inserted }
    }
}
