/// One field (or record) both sides changed differently, and how the merge settled it.
///
/// Conflicts never stop a merge (SPEC section 8.2): each is settled by a fixed rule and reported, one line each. This
/// is the facts only; the command line words the line (and `sync --json`'s text) from them.
public struct MergeConflict: Hashable, Sendable {
    /// The kind of record the conflict is about.
    public enum Kind: String, Sendable {
        case item, location, store, recipe, list
        /// A word learned from a move (SPEC section 21).
        case learnedWord = "learned word"
    }

    /// Which side's value the merge kept.
    public enum Side: String, Sendable {
        case ours, theirs
    }

    /// The rule that settled the conflict.
    public enum Resolution: Hashable, Sendable {
        /// Both sides edited the field at different times: the later edit was kept (``MergeConflict/keptSide``).
        case laterEdit
        /// Both sides edited the field at the same time (equal stamps, or none at all): the tie went to
        /// ``MergeConflict/keptSide``, ours in a three-way merge, the record whose id is kept when two records became
        /// one.
        case tie
        /// Removed on one side, edited on the other: the edited record was kept.
        case editedRecordKept
        /// Two records took one name: they became one record, fields merged, keeping the id that sorts first.
        case united
    }

    /// The kind of record.
    public var kind: Kind
    /// The record's name as merged (`"Milk"`).
    public var name: String
    /// The field both sides changed, as named in the data file (`"quantity"`, `"locationIds"`), or what happened to the
    /// whole record: `"removed"` (``Resolution/editedRecordKept``), `"same name"` (``Resolution/united``).
    public var field: String
    /// Ours' value, as text already quoted and escaped (`"5"`, `"\"the blue one\""`, `"none"`); for `"removed"`,
    /// `"edited"` or `"removed"`; for `"same name"`, ours' record id (or `nil` when ours had neither).
    public var ours: String?
    /// Theirs' value, in the same form.
    public var theirs: String?
    /// The value kept, in the same form (for `"same name"`, the id kept).
    public var kept: String?
    /// The side whose value was kept, when it came from one side.
    public var keptSide: Side?
    /// How the merge settled it.
    public var resolution: Resolution

    /// `true` when the choice was made by a tie (see ``Resolution/tie``): the report never claims a later edit.
    public var byTie: Bool { resolution == .tie }

    package init(
        kind: Kind, name: String, field: String, ours: String?, theirs: String?, kept: String?,
        keptSide: Side?, resolution: Resolution
    ) {
        self.kind = kind
        self.name = name
        self.field = field
        self.ours = ours
        self.theirs = theirs
        self.kept = kept
        self.keptSide = keptSide
        self.resolution = resolution
    }

    /// The order of the report: kind (as declared), then name (rule 7), then field, then the values (two
    /// unions under one name differ only there), so the order never depends on how a line is worded.
    package static func precedes(_ lhs: MergeConflict, _ rhs: MergeConflict) -> Bool {
        if lhs.kind != rhs.kind { return lhs.kind.rank < rhs.kind.rank }
        if lhs.name != rhs.name { return NameOrder.precedes(lhs.name, rhs.name) }
        if lhs.field != rhs.field { return lhs.field < rhs.field }
        let values = [(lhs.ours, rhs.ours), (lhs.theirs, rhs.theirs), (lhs.kept, rhs.kept)]
        if let (left, right) = values.first(where: { $0.0 != $0.1 }) {
            // A missing value sorts after a present one.
            guard let left else { return false }
            guard let right else { return true }
            return left < right
        }
        if lhs.keptSide != rhs.keptSide { return (lhs.keptSide?.rawValue ?? "") < (rhs.keptSide?.rawValue ?? "") }
        return lhs.resolution.rank < rhs.resolution.rank
    }
}

extension MergeConflict.Resolution {
    fileprivate var rank: Int {
        switch self {
        case .laterEdit: 0
        case .tie: 1
        case .editedRecordKept: 2
        case .united: 3
        }
    }
}

extension MergeConflict.Kind {
    fileprivate var rank: Int {
        switch self {
        case .item: 0
        case .location: 1
        case .store: 2
        case .recipe: 3
        case .list: 4
        case .learnedWord: 5
        }
    }
}

/// The outcome of ``ShoppingList/merge(base:ours:theirs:)``: the merged list and what had to be settled.
public struct MergeReport: Sendable {
    /// The merged list; it obeys every rule of SPEC section 1.
    public var list: ShoppingList
    /// Every conflict, in a stable order: kind, then name, then field.
    public var conflicts: [MergeConflict]
    /// The merged purchase log, when the sides' logs were merged too (not loaded otherwise), with ours' marker.
    public var log: PurchaseLog

    package init(list: ShoppingList, conflicts: [MergeConflict], log: PurchaseLog = PurchaseLog(isLoaded: false)) {
        self.list = list
        self.conflicts = conflicts
        self.log = log
    }
}
