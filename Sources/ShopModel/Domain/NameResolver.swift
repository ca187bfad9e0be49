/// The one resolver of references to items, locations and stores (SPEC section 2): an exact case-insensitive name wins;
/// then its English singular or plural (``NameVariants``, SPEC 16); then a unique case-insensitive prefix among the
/// candidates; `id:PREFIX` (4 or more hex digits) refers by id. A reference that finds nothing in scope offers, as "did
/// you mean", the records out of scope it is a prefix of, then names near it.
///
/// Exact names cost one dictionary lookup; the sorted prefix and id indexes are built on first use, so n references
/// cost O(n log n) at worst.
package struct NameResolver<ID: Hashable> {
    private let exactIDs: [String: ID]
    private let kind: ShopError.Kind
    private var index: ReferenceIndex<ID>

    /// - Parameters:
    ///   - exactIDs: every record's id by its name's key (``NameOrder/key(_:)``), whatever the scope.
    ///   - names: the candidates for a prefix, made on first use.
    ///   - ids: every record's hex id, name and id, for `id:` references, made on first use.
    ///   - everyName: every record's name and id whatever the scope, for suggestions (`nil`: the scope is
    ///     every record), made on first use.
    package init(
        kind: ShopError.Kind, exactIDs: [String: ID], names: @escaping () -> [(String, ID)],
        ids: @escaping () -> [(String, String, ID)], everyName: (() -> [(String, ID)])? = nil
    ) {
        self.kind = kind
        self.exactIDs = exactIDs
        index = ReferenceIndex(names: names, ids: ids, everyName: everyName)
    }

    /// Resolves one reference.
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)``, ``ShopError/ambiguous(_:kind:candidates:)``
    ///   or ``ShopError/invalidIDPrefix(_:)``.
    package mutating func resolve(_ reference: String) throws(ShopError) -> ID {
        let key = NameOrder.key(Validation.trimmed(reference))
        if let exact = exactIDs[key] { return exact }
        for form in NameVariants.of(key) {
            if let found = exactIDs[form] { return found }
        }
        return try index.resolve(reference, kind: kind)
    }
}

/// Sorted indexes for prefix and `id:` lookups, built on first use.
struct ReferenceIndex<ID: Hashable> {
    private let makeNames: () -> [(String, ID)]
    private let makeIDs: () -> [(String, String, ID)]
    private let makeEveryName: (() -> [(String, ID)])?
    private var names: [(key: String, name: String, id: ID)]?
    private var ids: [(key: String, name: String, id: ID)]?
    private var everyName: [(key: String, name: String, id: ID)]?

    init(
        names: @escaping () -> [(String, ID)], ids: @escaping () -> [(String, String, ID)],
        everyName: (() -> [(String, ID)])? = nil
    ) {
        makeNames = names
        makeIDs = ids
        makeEveryName = everyName
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
        case 0: throw .notFound(reference, kind: kind, candidates: outOfScope(key) ?? suggestions(for: key, in: sorted))
        default: throw .ambiguous(reference, kind: kind, candidates: matches.map(\.name))
        }
    }

    /// The records out of scope whose name `key` is a prefix of (`buy sourdough` of an off-list "Sourdough loaf"), else
    /// names near `key` among them all; `nil` when the scope is every record or nothing comes near.
    private mutating func outOfScope(_ key: String) -> [String]? {
        guard let makeEveryName else { return nil }
        if everyName == nil {
            everyName = makeEveryName().map { (key: NameOrder.key($0.0), name: $0.0, id: $0.1) }
                .sorted { NameOrder.codePointPrecedes($0.key, $1.key) }
        }
        let matches = Self.prefixMatches(key, in: everyName!)
        if !matches.isEmpty { return matches.prefix(3).map(\.name) }
        let near = suggestions(for: key, in: everyName!)
        return near.isEmpty ? nil : near
    }

    private mutating func resolveID(_ reference: String, kind: ShopError.Kind) throws(ShopError) -> ID {
        let digits = String(reference.dropFirst(3)).uppercased().filter { $0 != "-" }
        guard digits.count >= 4, digits.allSatisfy(\.isHexDigit) else { throw .invalidIDPrefix(reference) }
        if ids == nil {
            ids = makeIDs().map { (key: $0.0, name: $0.1, id: $0.2) }.sorted {
                NameOrder.codePointPrecedes($0.key, $1.key)
            }
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
