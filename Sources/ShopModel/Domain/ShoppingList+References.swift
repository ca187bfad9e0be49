/// Which items a command acts on, and so among which a name prefix may complete (SPEC section 2).
public enum ItemScope: Sendable, Hashable {
    /// Every item (`show`, `edit`, `remove`, `available`...).
    case all
    /// Items on the list (`buy`, `unavailable`).
    case onList
    /// Items off the list (`unbuy`).
    case purchased

    func contains(_ item: Item) -> Bool {
        switch self {
        case .all: true
        case .onList: item.onList
        case .purchased: !item.onList
        }
    }
}

extension ShoppingList {
    /// Resolves item references with ``NameResolver``: an exact name wins whatever `scope` says; a prefix
    /// completes among the items in `scope`.
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)``, ``ShopError/ambiguous(_:kind:candidates:)``,
    ///   ``ShopError/invalidIDPrefix(_:)`` for the first reference that fails.
    public func resolveItems(_ references: [String], in scope: ItemScope) throws(ShopError) -> [Item.ID] {
        var resolver = NameResolver(
            kind: .item, exactIDs: itemIDsByKey,
            names: { items.filter(scope.contains).map { ($0.name, $0.id) } },
            ids: { items.map { ($0.id.hexDigits, $0.name, $0.id) } },
            everyName: scope == .all ? nil : { items.map { ($0.name, $0.id) } })
        var resolved: [Item.ID] = []
        resolved.reserveCapacity(references.count)
        for reference in references { resolved.append(try resolver.resolve(reference)) }
        return resolved
    }

    /// The item a name means as recipes and imports match it (SPEC 16): the exact name, else its English
    /// singular or plural (a recipe's `onion` is the list's `Onions`); never a prefix.
    public func item(matching name: String) -> Item? {
        let key = NameOrder.key(name)
        if let id = itemIDsByKey[key] { return itemsByID[id] }
        for form in NameVariants.of(key) {
            if let id = itemIDsByKey[form] { return itemsByID[id] }
        }
        return nil
    }

    /// Resolves one item reference (see ``resolveItems(_:in:)``).
    public func resolveItem(_ reference: String, in scope: ItemScope = .all) throws(ShopError) -> Item.ID {
        try resolveItems([reference], in: scope)[0]
    }

    /// Resolves a location reference like an item name, among all locations.
    public func resolveLocation(_ reference: String) throws(ShopError) -> Location.ID {
        var resolver = NameResolver(
            kind: .location, exactIDs: locationIDsByKey,
            names: { locations.map { ($0.name, $0.id) } },
            ids: { locations.map { ($0.id.hexDigits, $0.name, $0.id) } })
        return try resolver.resolve(reference)
    }

    /// Resolves a store reference like a location name: exact name, unique prefix, or `id:HEX`.
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)`` with every store name as candidates (there
    ///   are few), or ``ShopError/ambiguous(_:kind:candidates:)``.
    public func resolveStore(_ reference: String) throws(ShopError) -> Store.ID {
        try Store.resolve(reference, in: self)
    }
}
