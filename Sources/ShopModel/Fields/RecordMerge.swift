/// A record the merge knows how to merge field by field.
package protocol MergeableRecord: Stamped {
    static var conflictKind: MergeConflict.Kind { get }
    /// The name conflicts are reported under.
    var mergeName: String { get }
    /// The record's own rule after its fields are merged one by one (``Item``: a hand add is kept).
    static func afterFields(_ fields: inout FieldMerge<Self>)
}

/// The merge of one record's fields: three-way (SPEC 8.2: one id on both sides), or the union of two same-named ones.
///
/// Every field is set explicitly from the side it is taken from, with that side's stamp for the field, so
/// the result may start from either record (the union keeps the id that sorts first).
package struct FieldMerge<Record> {
    /// A field settled by a rule that had to choose: both values, what was kept and why.
    struct Settled {
        var field: String
        var ours: String
        var theirs: String
        var kept: String
        var keptSide: MergeConflict.Side
        var resolution: MergeConflict.Resolution
    }

    enum Mode {
        /// One record on both sides of a three-way merge; ours wins a tie.
        case threeWay(base: Record?)
        /// Two records of one name becoming one: a value someone set beats a default, then the later stamp;
        /// a tie goes to the record whose id is kept, so every device makes the same choice.
        case union(keepTheirsOnTie: Bool)
    }

    let mode: Mode
    let ours: Record
    let theirs: Record
    private(set) var merged: Record
    private(set) var conflicts: [Settled] = []

    /// - Parameter start: the record whose id the result keeps (ours in a three-way merge).
    init(_ mode: Mode, ours: Record, theirs: Record, start: Record) {
        self.mode = mode
        self.ours = ours
        self.theirs = theirs
        merged = start
    }

    init(base: Record?, ours: Record, theirs: Record) {
        self.init(.threeWay(base: base), ours: ours, theirs: theirs, start: ours)
    }
}

extension FieldMerge where Record: Stamped {
    /// One field.
    /// - Parameters:
    ///   - isDefault: whether a value is the one a new record starts with (for the union); by default,
    ///     what the field's row of the record's table says (``RecordField/isSet``).
    ///   - unite: for the union, the value of two different set values given the one chosen first: `||`
    ///     for "on the list", the later walk then the other's extra locations for a store.
    mutating func merge<Value: Equatable>(
        _ path: WritableKeyPath<Record, Value>, _ field: String, isDefault: ((Value) -> Bool)? = nil,
        unite: ((Value, Value) -> Value)? = nil, describe: (Value) -> String
    ) {
        let (mine, yours) = (ours[keyPath: path], theirs[keyPath: path])
        let (mineAt, yoursAt) = (ours.modifiedAt[field], theirs.modifiedAt[field])
        func take(_ value: Value, _ stamp: Date?) {
            merged[keyPath: path] = value
            merged.modifiedAt[field] = stamp
        }
        if mine == yours {
            take(mine, Self.later(mineAt, yoursAt))
            return
        }
        let theirsWins: Bool
        let byTie: Bool
        switch mode {
        case .threeWay(let base):
            // A side changed the field when its value or its stamp differs from the base's: a value set
            // away and back again is a change too, and a later one than an edit of the other side may be.
            if let base {
                let (old, oldAt) = (base[keyPath: path], base.modifiedAt[field])
                if old == mine && oldAt == mineAt { return take(yours, yoursAt) }
                if old == yours && oldAt == yoursAt { return take(mine, mineAt) }
            }
            byTie = mineAt == yoursAt
            theirsWins = !byTie && (yoursAt ?? .distantPast) > (mineAt ?? .distantPast)
        case .union(let keepTheirsOnTie):
            let isSet: (Value, Record) -> Bool =
                if let isDefault { { value, _ in !isDefault(value) } } else {
                    { [field] _, record in Record.field(named: field)?.isSet(record) ?? true }
                }
            let (mineSet, yoursSet) = (isSet(mine, ours), isSet(yours, theirs))
            if mineSet != yoursSet {
                // Set beats default: nothing anyone chose is lost, and there is nothing to report.
                let chosen = yoursSet ? (yours, yoursAt, mine) : (mine, mineAt, yours)
                return take(unite?(chosen.0, chosen.2) ?? chosen.0, chosen.1)
            }
            byTie = mineAt == yoursAt
            theirsWins = byTie ? keepTheirsOnTie : (yoursAt ?? .distantPast) > (mineAt ?? .distantPast)
        }
        let chosen = theirsWins ? yours : mine
        var value = chosen
        if case .union = mode, let unite { value = unite(chosen, theirsWins ? mine : yours) }
        take(value, theirsWins ? yoursAt : mineAt)
        let side: MergeConflict.Side = theirsWins ? .theirs : .ours
        conflicts.append(
            Settled(
                field: field, ours: describe(mine), theirs: describe(yours), kept: describe(value), keptSide: side,
                resolution: byTie ? .tie : .laterEdit))
    }

    /// Sets a field to a value a record-specific rule chose after the fields were merged, with its stamp.
    mutating func settle<Value>(
        _ path: WritableKeyPath<Record, Value>, _ field: String, to value: Value, at stamp: Date?
    ) {
        merged[keyPath: path] = value
        merged.modifiedAt[field] = stamp
    }

    /// A date that only moves forward (`dateLastPurchased`): the later one, whoever changed it. Never a conflict
    /// (SPEC 23): the date follows from the purchase log, which keeps every purchase of both sides, so nothing is
    /// lost and nothing is said (two devices buying milk the same day said one's date was replaced).
    mutating func mergeLater(_ path: WritableKeyPath<Record, Date?>, _ field: String) {
        let (mine, yours) = (ours[keyPath: path], theirs[keyPath: path])
        let (mineAt, yoursAt) = (ours.modifiedAt[field], theirs.modifiedAt[field])
        if mine == yours {
            merged[keyPath: path] = mine
            merged.modifiedAt[field] = Self.later(mineAt, yoursAt)
            return
        }
        let theirsLater = (yours ?? .distantPast) > (mine ?? .distantPast)
        merged[keyPath: path] = theirsLater ? yours : mine
        merged.modifiedAt[field] = theirsLater ? yoursAt : mineAt
    }

    /// The later of two dates; a missing date is the earliest.
    package static func later(_ lhs: Date?, _ rhs: Date?) -> Date? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return max(lhs, rhs)
    }
}

extension MergeableRecord {
    /// Merges one record present on at least one side, or returns `nil` when it is gone.
    ///
    /// Added on one side: kept. Removed on one side and unchanged on the other: removed. Removed on one side and edited
    /// on the other: the edited record is kept, nothing edited is lost. On both sides: field by field.
    package static func merge(
        base: Self?, ours: Self?, theirs: Self?, describing: MergeDescriber, conflicts: inout [MergeConflict]
    ) -> Self? {
        switch (ours, theirs) {
        case (nil, nil):
            return nil
        case (let kept?, nil), (nil, let kept?):
            guard let base else { return kept }
            if kept.hasSameContent(as: base) { return nil }
            let oursKept = theirs == nil
            conflicts.append(
                MergeConflict(
                    kind: conflictKind, name: kept.mergeName, field: "removed", ours: oursKept ? "edited" : "removed",
                    theirs: oursKept ? "removed" : "edited", kept: nil, keptSide: oursKept ? .ours : .theirs,
                    resolution: .editedRecordKept))
            return kept
        case (let ours?, let theirs?):
            // Most records changed on one side at most: whole-record comparisons settle them without visiting each field.
            if ours == theirs || theirs == base { return ours }
            if ours == base { return theirs }
            var fields = FieldMerge(base: base, ours: ours, theirs: theirs)
            mergeFields(&fields, describing: describing)
            report(fields.conflicts, name: fields.merged.mergeName, into: &conflicts)
            return fields.merged
        }
    }

    static func report(
        _ settled: [FieldMerge<Self>.Settled], name: String, into conflicts: inout [MergeConflict]
    ) {
        for field in settled {
            conflicts.append(
                MergeConflict(
                    kind: conflictKind, name: name, field: field.field, ours: field.ours, theirs: field.theirs,
                    kept: field.kept, keptSide: field.keptSide, resolution: field.resolution))
        }
    }
}

extension MergeableRecord where Self: Identifiable, ID: Comparable {
    /// Two records of one name as one (SPEC section 8.2): the id that sorts first is kept; each field
    /// takes the value someone set over a default, the later stamp where both set one.
    /// - Parameter oursFirst: whether `first` is the record ours has (it is "ours" in the report).
    package static func unite(
        _ first: Self, _ second: Self, oursFirst: Bool, describing: MergeDescriber,
        conflicts: inout [MergeConflict]
    ) -> Self {
        let keepFirst = first.id <= second.id
        let (ours, theirs) = oursFirst ? (first, second) : (second, first)
        var fields = FieldMerge(
            .union(keepTheirsOnTie: keepFirst != oursFirst), ours: ours, theirs: theirs,
            start: keepFirst ? first : second)
        mergeFields(&fields, describing: describing)
        // Two names that are one name (`Milk`, `milk`) are not a conflict: the join says what happened.
        let named = fields.conflicts.filter { $0.field != ItemKey.name.rawValue }
        report(named, name: fields.merged.mergeName, into: &conflicts)
        return fields.merged
    }
}
