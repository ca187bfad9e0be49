/// Which items a command acts on, and so among which a name prefix may complete (SPEC section 2).
public enum ItemScope: Sendable {
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
    /// Resolves item references: an exact case-insensitive name wins; otherwise a unique case-insensitive
    /// prefix among the items in `scope`; `id:PREFIX` (4 or more hex digits) refers by id.
    ///
    /// Exact names cost one dictionary lookup; the sorted prefix and id indexes are built once per call,
    /// only if some reference needs them, so n references cost O(n log n) at worst, never O(n²).
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)``, ``ShopError/ambiguous(_:kind:candidates:)``,
    ///   ``ShopError/invalidIDPrefix(_:)`` for the first reference that fails.
    public func resolveItems(_ references: [String], in scope: ItemScope) throws(ShopError) -> [Item.ID] {
        var index = ReferenceIndex(names: { items.filter(scope.contains).map { ($0.name, $0.id) } },
                                   ids: { items.map { ($0.id.hexDigits, $0.name, $0.id) } })
        var resolved: [Item.ID] = []
        resolved.reserveCapacity(references.count)
        for reference in references {
            if let exact = itemIDsByKey[NameOrder.key(Validation.trimmed(reference))] {
                resolved.append(exact)
            } else {
                resolved.append(try index.resolve(reference, kind: .item))
            }
        }
        return resolved
    }

    /// Resolves one item reference (see ``resolveItems(_:in:)``).
    public func resolveItem(_ reference: String, in scope: ItemScope = .all) throws(ShopError) -> Item.ID {
        try resolveItems([reference], in: scope)[0]
    }

    /// Resolves a location reference like an item name, among all locations.
    public func resolveLocation(_ reference: String) throws(ShopError) -> Location.ID {
        if let exact = locationIDsByKey[NameOrder.key(Validation.trimmed(reference))] { return exact }
        var index = ReferenceIndex(names: { locations.map { ($0.name, $0.id) } },
                                   ids: { locations.map { ($0.id.hexDigits, $0.name, $0.id) } })
        return try index.resolve(reference, kind: .location)
    }
}

/// Sorted indexes for prefix and `id:` lookups, built on first use.
struct ReferenceIndex<ID: Hashable> {
    private let makeNames: () -> [(String, ID)]
    private let makeIDs: () -> [(String, String, ID)]
    private var names: [(key: String, name: String, id: ID)]?
    private var ids: [(key: String, name: String, id: ID)]?

    init(names: @escaping () -> [(String, ID)], ids: @escaping () -> [(String, String, ID)]) {
        makeNames = names
        makeIDs = ids
    }

    mutating func resolve(_ reference: String, kind: ShopError.Kind) throws(ShopError) -> ID {
        let trimmed = Validation.trimmed(reference)
        if trimmed.lowercased().hasPrefix("id:") { return try resolveID(trimmed, kind: kind) }
        let key = NameOrder.key(trimmed)
        let sorted = sortedNames()
        guard !key.isEmpty else { throw .notFound(reference, kind: kind, candidates: []) }
        let matches = Self.prefixMatches(key, in: sorted)
        switch matches.count {
        case 1: return matches[0].id
        case 0: throw .notFound(reference, kind: kind, candidates: suggestions(for: key, in: sorted))
        default: throw .ambiguous(reference, kind: kind, candidates: matches.map(\.name))
        }
    }

    private mutating func resolveID(_ reference: String, kind: ShopError.Kind) throws(ShopError) -> ID {
        let digits = String(reference.dropFirst(3)).uppercased().filter { $0 != "-" }
        guard digits.count >= 4, digits.allSatisfy(\.isHexDigit) else { throw .invalidIDPrefix(reference) }
        if ids == nil {
            ids = makeIDs().map { (key: $0.0, name: $0.1, id: $0.2) }.sorted { NameOrder.codePointPrecedes($0.key, $1.key) }
        }
        let matches = Self.prefixMatches(digits, in: ids!)
        switch matches.count {
        case 1: return matches[0].id
        case 0: throw .notFound(reference, kind: kind, candidates: [])
        default: throw .ambiguous(reference, kind: kind, candidates: matches.map(\.name))
        }
    }

    private mutating func sortedNames() -> [(key: String, name: String, id: ID)] {
        if let names { return names }
        let built = makeNames().map { (key: NameOrder.key($0.0), name: $0.0, id: $0.1) }
            .sorted { NameOrder.codePointPrecedes($0.key, $1.key) }
        names = built
        return built
    }

    /// The entries whose key starts with `prefix`, found by binary search in entries sorted by key.
    private static func prefixMatches(_ prefix: String, in sorted: [(key: String, name: String, id: ID)])
        -> [(key: String, name: String, id: ID)]
    {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if NameOrder.codePointPrecedes(sorted[middle].key, prefix) { low = middle + 1 } else { high = middle }
        }
        var matches: [(key: String, name: String, id: ID)] = []
        while low < sorted.count, sorted[low].key.hasPrefix(prefix) {
            matches.append(sorted[low])
            low += 1
        }
        return matches
    }

    /// Up to three names that contain the key, or are within two edits of it: "did you mean".
    private func suggestions(for key: String, in sorted: [(key: String, name: String, id: ID)]) -> [String] {
        var found = sorted.filter { $0.key.contains(key) }.prefix(3).map(\.name)
        if found.count < 3 {
            let near = sorted.filter { !$0.key.contains(key) && EditDistance.atMost(2, $0.key, key) }
            found += near.prefix(3 - found.count).map(\.name)
        }
        return found
    }
}
