/// The household's shared records, as the data file holds them: items, locations, stores, recipes and their needs.
/// Nothing of one device (its current store, timer or name: ``DeviceState``) and nothing of the purchase log is here.
/// Every operation is a pure `mutating` function that either applies all of its change or throws and leaves the
/// value as it was.
///
/// Items and locations are indexed by id and by case-insensitive name: every lookup is O(1), n names cost O(n).
public struct ShoppingList: Hashable, Sendable {
    package var itemsByID = RecordTable<Item>()
    var itemIDsByKey: [String: Item.ID] = [:]
    package var locationsByID = RecordTable<Location>()
    var locationIDsByKey: [String: Location.ID] = [:]
    package var storesByID = RecordTable<Store>()
    var storeIDsByKey: [String: Store.ID] = [:]
    /// The recipes on the list and what each added (SPEC section 11.2).
    package var recipesByID = RecordTable<ListedRecipe>()
    package var needsByID = RecordTable<RecipeNeed>()
    /// The named lists (SPEC section 22): at least one; a file written before lists existed has `Groceries` alone.
    package var listsByID = RecordTable<NamedList>()
    var listIDsByKey: [String: NamedList.ID] = [:]
    /// The words the household taught by moving guessed items (SPEC section 21), one record per word.
    package var learnedByID = RecordTable<LearnedPlace>()
    var learnedIDsByWord: [String: LearnedPlace.ID] = [:]
    /// The identifier of the Unknown Location, which always exists.
    public private(set) var unknownLocationID: Location.ID
    /// Pairs of names the data file held that now compare equal (see ``LookAlikeNames``), in file order.
    public internal(set) var lookAlikes: [LookAlikeNames] = []

    /// An empty list holding only the Unknown Location.
    public init() {
        let unknown = Location.makeUnknown()
        unknownLocationID = unknown.id
        insert(unknown)
        insert(NamedList.groceries)
    }

    /// Builds a list from stored records, checking every rule of SPEC section 1.
    ///
    /// A missing Unknown Location is created and names are trimmed. Names with control characters or over 200
    /// characters are kept (a hand-edited file should not lock its owner out; output escapes them). Everything else
    /// that breaks a rule (empty or duplicate names, out-of-range numbers, dangling location ids, duplicate ids) is
    /// refused, so a damaged file is never silently repaired and then overwritten. Stores must name existing user
    /// locations, each once.
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` with an empty path (the store fills it in).
    public init(
        items: [Item], locations: [Location], stores: [Store] = [], recipes: [ListedRecipe] = [],
        needs: [RecipeNeed] = [], lists: [NamedList] = [], learned: [LearnedPlace] = []
    ) throws(ShopError) {
        func refuse(_ detail: String) -> ShopError { .corruptFile(path: "", detail: detail) }

        let unknowns = locations.filter(\.isUnknown)
        guard unknowns.count <= 1 else { throw refuse("more than one location is marked as the Unknown Location") }
        let unknown = unknowns.first ?? Location.makeUnknown()
        unknownLocationID = unknown.id
        if unknowns.isEmpty { insert(unknown) }

        for location in locations {
            let name = Validation.trimmed(location.name)
            guard !name.isEmpty else { throw refuse("a location has an empty name") }
            if !location.isUnknown, !Location.visitationOrders.contains(location.visitationOrder) {
                throw refuse(
                    "location \(quoted(name)) has visitation order \(location.visitationOrder), outside 1...100")
            }
            guard locationsByID[location.id] == nil else { throw refuse("two locations share the id \(location.id)") }
            var stored = location
            stored.name = name
            if stored.isUnknown { stored.visitationOrder = Location.unknownVisitationOrder }
            if let existing = locationIDsByKey[NameOrder.key(name)].flatMap({ locationsByID[$0] }) {
                guard Self.wereDistinct(existing.name, name) else {
                    throw refuse("locations \(quoted(existing.name)) and \(quoted(name)) have the same name")
                }
                lookAlikes.append(
                    LookAlikeNames(
                        kind: .location, kept: (existing.name, "\(existing.id)"), other: (name, "\(location.id)")))
                locationsByID[stored.id] = stored
                continue
            }
            insert(stored)
        }

        for list in lists.isEmpty ? [NamedList.groceries] : lists {
            let name = Validation.trimmed(list.name)
            guard !name.isEmpty else { throw refuse("a list has an empty name") }
            guard listsByID[list.id] == nil else { throw refuse("two lists share the id \(list.id)") }
            if let existing = listIDsByKey[NameOrder.key(name)] {
                throw refuse("lists \(quoted(listsByID[existing]!.name)) and \(quoted(name)) have the same name")
            }
            var stored = list
            stored.name = name
            insert(stored)
        }

        // The items array is adopted as the table's storage: names are trimmed in place and the indexes built in the
        // same pass that checks each item.
        var records = items
        var positions: [Item.ID: Int] = [:]
        positions.reserveCapacity(records.count)
        itemIDsByKey.reserveCapacity(records.count)
        for position in records.indices {
            // Fields are read one by one: copying each whole item would retain and release its strings.
            let id = records[position].id
            let name = Validation.trimmed(records[position].name)
            if let problem = Self.itemProblem(
                id: id, name: name, quantity: records[position].quantity, every: records[position].restock?.days)
            {
                throw refuse(problem)
            }
            let locationID = records[position].locationID
            guard locationsByID.contains(locationID) else {
                throw refuse("item \(quoted(name)) refers to location id \(locationID), which does not exist")
            }
            guard listsByID.contains(records[position].listID) else {
                throw refuse("item \(quoted(name)) refers to list id \(records[position].listID), which does not exist")
            }
            guard positions.updateValue(position, forKey: id) == nil else {
                throw refuse("two items share the id \(id)")
            }
            // One hash of the key per item: the first record of a name keeps it (the rare look-alike puts it back).
            let key = NameOrder.key(name)
            if let existing = itemIDsByKey.updateValue(id, forKey: key) {
                itemIDsByKey[key] = existing
                let kept = records[positions[existing]!].name
                guard Self.wereDistinct(kept, name) else {
                    throw refuse("items \(quoted(kept)) and \(quoted(name)) have the same name")
                }
                lookAlikes.append(LookAlikeNames(kind: .item, kept: (kept, "\(existing)"), other: (name, "\(id)")))
            }
            if name.utf8.count != records[position].name.utf8.count { records[position].name = name }
        }
        itemsByID = RecordTable(uniqueRecords: records, positions: positions)

        for store in stores {
            let name = Validation.trimmed(store.name)
            guard !name.isEmpty else { throw refuse("a store has an empty name") }
            guard storesByID[store.id] == nil else { throw refuse("two stores share the id \(store.id)") }
            if let existing = storeIDsByKey[NameOrder.key(name)] {
                throw refuse("stores \(quoted(storesByID[existing]!.name)) and \(quoted(name)) have the same name")
            }
            var walked = Set<Location.ID>(minimumCapacity: store.locationIDs.count)
            for locationID in store.locationIDs {
                guard let location = locationsByID[locationID] else {
                    throw refuse("store \(quoted(name)) refers to location id \(locationID), which does not exist")
                }
                guard !location.isUnknown else {
                    throw refuse("store \(quoted(name)) lists the Unknown Location, which every store has implicitly")
                }
                guard walked.insert(locationID).inserted else {
                    throw refuse("store \(quoted(name)) lists location \(quoted(location.name)) twice")
                }
            }
            var stored = store
            stored.name = name
            insert(stored)
        }
        try adoptRecipes(recipes, needs: needs)

        for place in learned {
            guard !place.word.isEmpty else { throw refuse("a learned word is empty") }
            guard learnedByID[place.id] == nil else { throw refuse("two learned words share the id \(place.id)") }
            guard learnedIDsByWord[place.word] == nil else {
                throw refuse("the word \(quoted(place.word)) is learned twice")
            }
            guard let location = locationsByID[place.locationID], !location.isUnknown else {
                let id = place.locationID
                throw refuse("the learned word \(quoted(place.word)) refers to location id \(id), no user location")
            }
            insert(place)
        }
    }

    // MARK: - Reading

    /// Every item, in no particular order (use ``walkingOrder(_:)`` or ``nameOrder(_:)`` to show them).
    public var items: [Item] { itemsByID.values }
    /// Every location, in no particular order (use ``locationsInVisitationOrder`` to show them).
    public var locations: [Location] { locationsByID.values }
    /// The number of items, on the list or not.
    public var itemCount: Int { itemsByID.count }
    /// Whether the list holds no item, no store and no location but the Unknown one.
    public var isEmpty: Bool {
        itemsByID.isEmpty && locationsByID.count == 1 && storesByID.isEmpty && recipesByID.isEmpty
            && learnedByID.isEmpty && listsByID.count == 1 && listsByID.values[0].isUntouchedGroceries
    }
    /// The Unknown Location.
    public var unknownLocation: Location { locationsByID[unknownLocationID]! }

    /// The item with this id, if any.
    public func item(_ id: Item.ID) -> Item? { itemsByID[id] }
    /// The location with this id, if any.
    public func location(_ id: Location.ID) -> Location? { locationsByID[id] }
    /// The item whose name equals `name` case-insensitively, if any.
    public func item(named name: String) -> Item? { itemIDsByKey[NameOrder.key(name)].flatMap { itemsByID[$0] } }
    /// The location whose name equals `name` case-insensitively, if any.
    public func location(named name: String) -> Location? {
        locationIDsByKey[NameOrder.key(name)].flatMap { locationsByID[$0] }
    }
    /// Every store, in no particular order (use ``storesInNameOrder`` to show them).
    public var stores: [Store] { storesByID.values }
    /// The store with this id, if any.
    public func store(_ id: Store.ID) -> Store? { storesByID[id] }
    /// The store whose name equals `name` case-insensitively, if any.
    public func store(named name: String) -> Store? { storeIDsByKey[NameOrder.key(name)].flatMap { storesByID[$0] } }
    /// Every list, in no particular order (use ``listsInNameOrder`` to show them).
    public var lists: [NamedList] { listsByID.values }
    /// The list with this id, if any.
    public func namedList(_ id: NamedList.ID) -> NamedList? { listsByID[id] }
    /// The list whose name equals `name` case-insensitively (look-alikes are one name), if any.
    public func namedList(named name: String) -> NamedList? {
        listIDsByKey[NameOrder.key(name)].flatMap { listsByID[$0] }
    }
    /// The name of the list an item is on, `nil` while it is on none (bought, dropped): its `"list"` in `--json`.
    public func listName(of item: Item) -> String? {
        item.onList ? listsByID[item.listID]?.name : nil
    }
    /// The words the household taught by moving guessed items (SPEC section 21), in no particular order.
    public var learnedPlaces: [LearnedPlace] { learnedByID.values }
    /// The record of a learned word (``LearnedPlace/word(of:)``), if any.
    public func learnedPlace(word: String) -> LearnedPlace? { learnedIDsByWord[word].flatMap { learnedByID[$0] } }
    /// The location an item is at.
    public func location(of item: Item) -> Location { locationsByID[item.locationID] ?? unknownLocation }

    // MARK: - Index maintenance

    package mutating func insert(_ item: Item) {
        // An item made where no list was named (a recipe, an import, the page) starts on `Groceries`; once that
        // list is removed, it goes on the first list by name, never on a list the file lacks.
        guard listsByID.contains(item.listID) else {
            var homed = item
            homed.listID = currentList(saved: nil).id
            return insert(homed)
        }
        itemsByID[item.id] = item
        // The other of a look-alike pair never takes the name from the record that owns it.
        let key = NameOrder.key(item.name)
        if let owner = itemIDsByKey[key], owner != item.id, itemsByID[owner] != nil { return }
        itemIDsByKey[key] = item.id
    }

    package mutating func insert(_ location: Location) {
        locationsByID[location.id] = location
        let key = NameOrder.key(location.name)
        if let owner = locationIDsByKey[key], owner != location.id, locationsByID[owner] != nil { return }
        locationIDsByKey[key] = location.id
    }

    /// Replaces a stored item, keeping the name index in step when the name changed.
    package mutating func replace(_ item: Item) {
        if let old = itemsByID[item.id], old.name != item.name {
            Self.removeKey(NameOrder.key(old.name), of: item.id, from: &itemIDsByKey)
        }
        insert(item)
    }

    package mutating func replace(_ location: Location) {
        if let old = locationsByID[location.id], old.name != location.name {
            Self.removeKey(NameOrder.key(old.name), of: location.id, from: &locationIDsByKey)
        }
        insert(location)
    }

    package mutating func insert(_ place: LearnedPlace) {
        learnedByID[place.id] = place
        learnedIDsByWord[place.word] = place.id
    }

    mutating func delete(_ id: LearnedPlace.ID) {
        guard let place = learnedByID.removeValue(forKey: id) else { return }
        learnedIDsByWord[place.word] = nil
    }

    mutating func delete(_ id: Item.ID) {
        guard let item = itemsByID.removeValue(forKey: id) else { return }
        Self.removeKey(NameOrder.key(item.name), of: id, from: &itemIDsByKey)
    }

    mutating func delete(_ id: Location.ID) {
        guard let location = locationsByID.removeValue(forKey: id) else { return }
        Self.removeKey(NameOrder.key(location.name), of: id, from: &locationIDsByKey)
    }
}

extension ShoppingList {
    /// What the reader refuses in an item's own fields (its name trimmed), or `nil`: the one definition
    /// that reading a file and checking a change before it is written (``readBackProblem()``) share.
    static func itemProblem(id: Item.ID, name: String, quantity: Amount, every: Int?) -> String? {
        guard !name.isEmpty else { return "an item (id \(id)) has an empty name" }
        if let count = quantity.wholeCount {
            guard Validation.quantities.contains(count) else {
                return "item \(quoted(name)) has quantity \(count), outside 1...\(Amount.limit)"
            }
        } else if !quantity.isWithinLimits {
            return "item \(quoted(name)) has quantity \(quantity.exactText), outside the limits"
        }
        if let every, !Validation.restockDays.contains(every) {
            return "item \(quoted(name)) has a restock interval of \(every) days, outside 1...3650"
        }
        return nil
    }
}
