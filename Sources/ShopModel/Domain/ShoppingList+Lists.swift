/// The list commands of SPEC section 22: each is a pure change that applies whole or throws.
extension ShoppingList {
    /// Every list by name (rule 7's name order, then id).
    public var listsInNameOrder: [NamedList] { Self.inNameOrder(lists) }

    /// The list a device works on: its saved current list while that exists, else `Groceries` (the list every
    /// file had before lists existed) while that exists, else the first list by name.
    public func currentList(saved: NamedList.ID?) -> NamedList {
        if let saved, let list = listsByID[saved] { return list }
        if let groceries = listsByID[NamedList.groceriesID] { return groceries }
        return listsInNameOrder[0]
    }

    /// The list a purchase of `item` records (SPEC 22): the one it is on, or its home list when it is off every list;
    /// `nil` while the household has only its untouched `Groceries`, so that its log reads as it did before lists.
    public func listLogged(buying item: Item) -> NamedList? {
        guard listsByID.count > 1 || !listsByID.values[0].isUntouchedGroceries else { return nil }
        return listsByID[item.listID]
    }

    /// The name of the list a purchase was bought from, as reports show it: the list's name now (a renamed list's
    /// purchases show its new name), else the name logged (a removed list), else `Groceries` (a line from before).
    public func listName(of purchase: Purchase) -> String {
        listsByID[purchase.boughtFromListID]?.name ?? purchase.listName ?? NamedList.groceriesName
    }

    /// Whether a purchase was bought from `list`: logged with its id, or logged on a list that no longer exists under
    /// its name (two devices that made same-named lists before a sync keep one of them, SPEC 22).
    public func purchase(_ purchase: Purchase, isFrom list: NamedList) -> Bool {
        let id = purchase.boughtFromListID
        if id == list.id { return true }
        guard listsByID[id] == nil, let logged = purchase.listName else { return false }
        return NameOrder.key(logged) == NameOrder.key(list.name)
    }

    /// The items on a list (not those whose home it is while they are off every list), in no particular order.
    public func items(on list: NamedList.ID) -> [Item] {
        items.filter { $0.onList && $0.listID == list }
    }

    /// `lists add`: a new, empty list.
    /// - Throws: an invalid name, or one another list has (look-alikes are one name).
    public mutating func addList(named raw: String) throws(ShopError) -> NamedList {
        let list = NamedList(name: try newName(raw, of: NamedList.self))
        insert(list)
        return list
    }

    /// `lists remove`: deletes a list. One with items on it is refused unless `moveTo` names another list, which
    /// then takes them; items whose home it was (off every list) get `moveTo`, else the first list left by name, as
    /// their home.
    /// - Returns: the list removed and the number of items moved off it.
    /// - Throws: ``ShopError/listNotEmpty(_:count:)``, ``ShopError/cannotRemoveLastList(_:)``.
    public mutating func removeList(_ id: NamedList.ID, moveTo: NamedList.ID?) throws(ShopError) -> (
        list: NamedList, moved: Int
    ) {
        guard let list = listsByID[id] else { throw .notFound(id.description, kind: .list, candidates: []) }
        guard listsByID.count > 1 else { throw .cannotRemoveLastList(list.name) }
        if let moveTo, listsByID[moveTo] == nil {
            throw .notFound(moveTo.description, kind: .list, candidates: [])
        }
        let onIt = items(on: id).count
        if onIt > 0, moveTo == nil { throw .listNotEmpty(list.name, count: onIt) }
        delete(id)
        let home = moveTo ?? listsInNameOrder[0].id
        let homed = items.filter { $0.listID == id }
        for var item in homed {
            item.listID = home
            replace(item)
        }
        return (list, onIt)
    }

    /// `mv`: moves items to a list; an item off every list gets it as its home list.
    /// - Returns: each item moved with the list it was on before (items already there are left out).
    public mutating func moveItems(_ ids: [Item.ID], to list: NamedList.ID) throws(ShopError) -> [(
        item: Item, from: NamedList.ID
    )] {
        guard listsByID[list] != nil else { throw .notFound(list.description, kind: .list, candidates: []) }
        var moved: [(item: Item, from: NamedList.ID)] = []
        for id in ids {
            guard var item = itemsByID[id] else { throw .notFound(id.description, kind: .item, candidates: []) }
            guard item.listID != list else { continue }
            let from = item.listID
            item.listID = list
            replace(item)
            moved.append((item, from))
        }
        return moved
    }

    /// Resolves a list reference like a store's: exact name, unique prefix, or `id:HEX`.
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)`` with every list name as candidates (there are few),
    ///   or ``ShopError/ambiguous(_:kind:candidates:)``.
    public func resolveList(_ reference: String) throws(ShopError) -> NamedList.ID {
        try NamedList.resolve(reference, in: self)
    }

    /// What `shop lists` shows of each list: the items on it and their total in cents (0 when none has a price).
    public func listSummary(_ id: NamedList.ID) -> (count: Int, totalCents: Int) {
        let on = items(on: id)
        return (on.count, ListTotals.sum(on) { $0.lineTotal } ?? 0)
    }
}
