/// One field (or record) both sides changed differently, and how the merge settled it.
///
/// Conflicts never stop a merge (SPEC section 8): each is settled by a fixed rule and reported, one line
/// each, so the person can check the outcome.
public struct MergeConflict: Hashable, Sendable, CustomStringConvertible {
    /// The kind of record the conflict is about.
    public enum Kind: String, Sendable {
        case item, location, store, timer, currentStore
    }

    /// The kind of record.
    public var kind: Kind
    /// The record's name as merged (`"Milk"`; `"timer"` for the timer; the store's name, or `""` for none,
    /// for the current store).
    public var name: String
    /// The field both sides changed, as named in the data file (`"quantity"`, `"locationIds"`), or what
    /// happened to the whole record: `"removed"`, `"added on both sides"`, `"same name"`.
    public var field: String
    /// How the merge settled it, in a few words: `"kept the later edit (theirs)"`, `"kept the local edit"`,
    /// `"kept the later date"`, `"kept the edited record"`, `"kept the local record"`, `"kept the local choice"`.
    public var resolution: String
    /// The value (or side) that was kept, as text already quoted and escaped; shown by ``description``.
    var kept: String?

    init(kind: Kind, name: String, field: String, resolution: String, kept: String? = nil) {
        self.kind = kind
        self.name = name
        self.field = field
        self.resolution = resolution
        self.kept = kept
    }

    /// One line: `item "Milk": quantity changed on both sides; kept the later edit (theirs: 3)`.
    /// Names and values have their control characters escaped, so a hostile name cannot break the line.
    public var description: String {
        let subject =
            switch kind {
            case .timer: "timer"
            case .currentStore: "current store"
            default: "\(kind.rawValue) \(quoted(name))"
            }
        let what =
            switch field {
            case "removed": "removed on one side, edited on the other"
            case "added on both sides": "added on both sides"
            case "same name": "two records took the same name"
            case "currentStoreId": "changed on both sides"
            default: "\(field) changed on both sides"
            }
        return "\(subject): \(what); \(Self.resolution(resolution, kept: kept))"
    }

    /// Puts the kept value inside the resolution's parentheses when it has them ("(theirs: 3)"), else in
    /// its own ("kept the later date (2026-11-22T10:00:00Z)").
    private static func resolution(_ resolution: String, kept: String?) -> String {
        guard let kept else { return resolution }
        guard resolution.hasSuffix(")") else { return "\(resolution) (\(kept))" }
        return "\(resolution.dropLast()): \(kept))"
    }

    /// The order of the report: kind (as declared), then name (rule 7), then field.
    static func precedes(_ lhs: MergeConflict, _ rhs: MergeConflict) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind.rank < rhs.kind.rank }
        if lhs.name != rhs.name { return NameOrder.precedes(lhs.name, rhs.name) }
        if lhs.field != rhs.field { return lhs.field < rhs.field }
        return lhs.description < rhs.description
    }
}

extension MergeConflict.Kind {
    fileprivate var rank: Int {
        switch self {
        case .item: 0
        case .location: 1
        case .store: 2
        case .timer: 3
        case .currentStore: 4
        }
    }
}

/// The outcome of ``ShoppingList/merge(base:ours:theirs:)``: the merged list and what had to be settled.
public struct MergeReport: Sendable {
    /// The merged list; it obeys every rule of SPEC section 1.
    public var list: ShoppingList
    /// Every conflict, in a stable order: kind, then name, then field.
    public var conflicts: [MergeConflict]
}
