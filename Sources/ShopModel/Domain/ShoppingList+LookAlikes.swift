/// Two records of a data file whose names compare equal only since names fold by compatibility (SPEC 20: `ｍｉｌｋ` and
/// `milk`). The file loads unchanged: the first keeps the name, the other is reached by its id until one is renamed.
public struct LookAlikeNames: Hashable, Sendable {
    /// Whether the pair are items or locations.
    public var kind: ShopError.Kind
    /// The name a lookup by name finds, and its record's id (as text, for `id:` references).
    public var kept: (name: String, id: String)
    /// The other name, and its record's id.
    public var other: (name: String, id: String)

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.kept == rhs.kept && lhs.other == rhs.other
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(kept.id)
        hasher.combine(other.id)
    }
}

extension ShoppingList {
    /// Whether two names that share a key were already one name before folding (the name lowercased, as
    /// rule 2 compared them): such a file was never valid and is refused; otherwise it is a look-alike pair.
    static func wereDistinct(_ lhs: String, _ rhs: String) -> Bool {
        lhs.lowercased() != rhs.lowercased()
    }

    /// Drops `id`'s entry from a name index only when it is `id`'s: a look-alike shares the key without owning it.
    static func removeKey<ID: Equatable>(_ key: String, of id: ID, from index: inout [String: ID]) {
        if index[key] == id { index[key] = nil }
    }
}
