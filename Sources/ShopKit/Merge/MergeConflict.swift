/// One field (or record) both sides changed differently, and how the merge settled it.
///
/// Conflicts never stop a merge (SPEC section 8.2): each is settled by a fixed rule and reported, one line
/// each, so the person can check the outcome. Every part of the line is also a property, for
/// `sync --json`.
public struct MergeConflict: Hashable, Sendable, CustomStringConvertible {
    /// The kind of record the conflict is about.
    public enum Kind: String, Sendable {
        case item, location, store, recipe
    }

    /// Which side's value the merge kept.
    public enum Side: String, Sendable {
        case ours, theirs
    }

    /// The kind of record.
    public var kind: Kind
    /// The record's name as merged (`"Milk"`).
    public var name: String
    /// The field both sides changed, as named in the data file (`"quantity"`, `"locationIds"`), or what
    /// happened to the whole record: `"removed"` (removed on one side, edited on the other), `"same name"`
    /// (two records took one name and became one).
    public var field: String
    /// Ours' value, as text already quoted and escaped (`"5"`, `"\"the blue one\""`, `"none"`); for
    /// `"removed"`, `"edited"` or `"removed"`; for `"same name"`, ours' record id (or `nil` when ours had
    /// neither).
    public var ours: String?
    /// Theirs' value, in the same form.
    public var theirs: String?
    /// The value kept, in the same form (for `"same name"`, the id kept).
    public var kept: String?
    /// The side whose value was kept, when it came from one side.
    public var keptSide: Side?
    /// `true` when the choice was made by a tie (equal stamps, or no stamps at all): the line then says
    /// so and never claims a later edit.
    public var byTie: Bool
    /// How the merge settled it, in a few words: `"kept the later edit"`, `"same time; kept ours"`,
    /// `"kept the later date"`, `"kept the edited record"`, `"one record, fields merged"`.
    public var resolution: String

    init(
        kind: Kind, name: String, field: String, ours: String?, theirs: String?, kept: String?,
        keptSide: Side?, byTie: Bool = false, resolution: String
    ) {
        self.kind = kind
        self.name = name
        self.field = field
        self.ours = ours
        self.theirs = theirs
        self.kept = kept
        self.keptSide = keptSide
        self.byTie = byTie
        self.resolution = resolution
    }

    /// One line, such as
    /// `item "Milk": quantity changed on both sides (ours 5, theirs 3); kept the later edit (theirs: 3)` or
    /// `item "Milk": note changed on both sides (ours "a", theirs "b"); same time; kept ours ("a")`.
    /// A tie is never called "the later edit".
    /// Names and values have their control characters escaped, so a hostile name cannot break the line.
    public var description: String {
        let subject = "\(kind.rawValue) \(quoted(name))"
        let what: String
        switch field {
        case "removed": what = "removed on one side, edited on the other"
        case "same name": what = "two records took the same name"
        default:
            let values = [ours.map { "ours \($0)" }, theirs.map { "theirs \($0)" }].compactMap { $0 }
            what = "\(field) changed on both sides" + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
        }
        var how = resolution
        if let kept {
            // "kept the later edit (theirs: 3)"; a tie already names the side: "same time; kept ours (5)".
            how += keptSide.map { byTie ? " (\(kept))" : " (\($0.rawValue): \(kept))" } ?? " (\(kept))"
        }
        return "\(subject): \(what); \(how)"
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
        case .recipe: 3
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
