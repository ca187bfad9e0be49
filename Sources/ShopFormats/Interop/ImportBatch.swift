import ShopModel

/// Data read from import files, in a form independent of the file format, ready to merge into a list.
///
/// Records are matched to the list by name, case-insensitively. A record whose name repeats an earlier
/// record of the same batch is merged into that first one (see ``add(_:)-(Item)``) and counted.
public struct ImportBatch: Sendable {
    /// Where an incoming item goes: the Unknown Location, or a location of the batch or the list by name.
    public enum Place: Hashable, Sendable {
        case unknown
        case named(String)
    }

    /// An incoming location. `id` is kept when the location is new and the id is free.
    public struct IncomingLocation: Hashable, Sendable {
        public var id: Location.ID?
        public var name: String
        public var visitationOrder: Int
        public var color: RGBA
        /// Whether the name was trimmed of surrounding white space on reading (rule 1).
        public var trimmed = false
    }

    /// An incoming item. `full` is `false` for formats that only carry name, quantity, onList,
    /// availability and location (ShoppingList14): the other fields of an existing item are then kept.
    public struct IncomingItem: Hashable, Sendable {
        public var item: Item
        public var place: Place
        public var full: Bool
        /// Whether the name was trimmed of surrounding white space on reading (rule 1).
        public var trimmed = false
        /// The list of a `shop export` the item is on (or whose home it is), matched to the lists by name, then
        /// id (SPEC 22); `nil` (ShoppingList14): the list the import goes onto.
        public var list: NamedList? = nil
    }

    /// An incoming store: its walking order by location name, so that it matches the list's locations by
    /// name as the items do. `id` is kept when the store is new and the id is free.
    public struct IncomingStore: Hashable, Sendable {
        public var id: Store.ID?
        public var name: String
        public var locationNames: [String]
    }

    /// Stores in file order, duplicates (by name) dropped.
    public private(set) var stores: [IncomingStore] = []
    /// Locations in file order, duplicates already merged.
    public private(set) var locations: [IncomingLocation] = []
    /// Items in file order, duplicates already merged.
    public private(set) var items: [IncomingItem] = []
    /// The lists of `shop export` files (SPEC 22), merged by name, then id.
    public var lists: [NamedList] = []
    /// The Unknown Location of a `shop export` (its name and colour win over the list's), if any.
    public var unknownLocation: Location?
    /// The purchases of `shop export` files (ShoppingList14 has none), merged by id.
    public var purchases: [Purchase] = []
    /// Their stock entries (SPEC section 18), merged by id.
    public var stockEntries: [StockEntry] = []
    /// The recipes on the list of `shop export` files, and what each added (SPEC section 11.2).
    public var recipes: [ListedRecipe] = []
    /// What those recipes added, by item id as in the export.
    public var recipeNeeds: [RecipeNeed] = []
    /// How many item records were merged into an earlier record of the same name.
    public private(set) var mergedItems = 0
    /// How many location records were merged into an earlier record of the same name.
    public private(set) var mergedLocations = 0
    /// A whole `shop export`, kept so that importing it into an empty list reproduces it exactly.
    public var wholeExport: ShoppingList?
    /// How many names (of items and locations, merged duplicates included) were trimmed of surrounding
    /// white space on reading: the import changed them, so the summary says so.
    public private(set) var trimmedNames = 0
    /// The ShoppingList14 item files read without any location file (or export) beside them: their
    /// items' locations are known only by name, and go to the Unknown Location unless the list has them.
    public var itemFilesWithoutLocations: [String] = []

    private var itemIndex: [String: Int] = [:]
    private var locationKeys: Set<String> = []
    private var storeKeys: Set<String> = []

    /// An empty batch.
    public init() {}

    /// Adds a location; a second one with the same name (ignoring case) is dropped and counted as merged.
    public mutating func add(_ location: IncomingLocation) {
        if location.trimmed { trimmedNames += 1 }
        guard locationKeys.insert(NameOrder.key(location.name)).inserted else {
            mergedLocations += 1
            return
        }
        locations.append(location)
    }

    /// Adds a store; a second one with the same name (ignoring case) is dropped.
    public mutating func add(_ store: IncomingStore) {
        guard storeKeys.insert(NameOrder.key(store.name)).inserted else { return }
        stores.append(store)
    }

    /// Adds an item; a second one with the same name (ignoring case) is merged into the first: the first
    /// keeps its fields, except that it is on the list if either is. The merge is counted.
    public mutating func add(_ item: IncomingItem) {
        if item.trimmed { trimmedNames += 1 }
        let key = NameOrder.key(item.item.name)
        if let index = itemIndex[key] {
            mergedItems += 1
            if item.item.onList { items[index].item.onList = true }
            return
        }
        itemIndex[key] = items.count
        items.append(item)
    }
}

/// What an import did, for the summary line.
public struct ImportSummary: Hashable, Sendable {
    /// Counts for one kind of record.
    public struct Counts: Hashable, Sendable {
        /// New records.
        public var added = 0
        /// Records that matched an existing one by name and changed it.
        public var updated = 0
        /// Records that matched an existing one by name and changed nothing.
        public var unchanged = 0
        /// Records merged into an earlier record of the same name in the same import.
        public var merged = 0
        /// Every record read: added, updated, unchanged and merged.
        public var total: Int { added + updated + unchanged + merged }
    }

    /// Item counts.
    public var items = Counts()
    /// Location counts (the Unknown Location is not counted).
    public var locations = Counts()
    /// Store counts.
    public var stores = Counts()
    /// Names trimmed of surrounding white space on reading (``ImportBatch/trimmedNames``).
    public var trimmedNames = 0
    /// Items that named a location neither the import nor the list has, and so went to the Unknown Location.
    public var itemsAtMissingLocations = 0
    /// The new items that came with no location (in the Unknown Location), in file order: the ones a guess may place
    /// (SPEC 21). A whole export restored into an empty list has none: it is taken as it is.
    public var newItemsWithoutLocation: [Item.ID] = []
}
