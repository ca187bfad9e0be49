#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A record the merge knows how to merge field by field.
protocol MergeableRecord: Stamped {
    static var conflictKind: MergeConflict.Kind { get }
    /// The name conflicts are reported under.
    var mergeName: String { get }
    /// Merges every field of the record, in the order conflicts should read.
    static func mergeFields(_ fields: inout FieldMerge<Self>, describing: MergeDescriber)
}

/// The three-way merge of one record's fields (SPEC section 8).
///
/// The result starts as ours, so a field nobody changed keeps ours' value, and carries the later of the
/// two sides' stamps.
struct FieldMerge<Record: Stamped> {
    /// A field both sides changed differently: its name, how it was settled, and the value kept.
    typealias Settled = (field: String, resolution: String, kept: String)

    let base: Record?
    let ours: Record
    let theirs: Record
    private(set) var merged: Record
    private(set) var conflicts: [Settled] = []

    init(base: Record?, ours: Record, theirs: Record) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        merged = ours
        merged.modifiedAt = Self.later(ours.modifiedAt, theirs.modifiedAt)
    }

    /// A field with one value: taken from the side that changed it; when both changed it differently (or
    /// there is no base: the same id added on both sides), from the side whose record changed later, ours
    /// when the stamps are equal or missing.
    mutating func merge<Value: Equatable>(
        _ path: WritableKeyPath<Record, Value>, _ field: String, describe: (Value) -> String
    ) {
        let (mine, yours) = (ours[keyPath: path], theirs[keyPath: path])
        if mine == yours { return }
        if let base, base[keyPath: path] == mine {
            merged[keyPath: path] = yours
            return
        }
        if let base, base[keyPath: path] == yours { return }
        let theirsLater: Bool
        let resolution: String
        switch (ours.modifiedAt, theirs.modifiedAt) {
        case (let mineAt?, let yoursAt?) where mineAt != yoursAt:
            theirsLater = yoursAt > mineAt
            resolution = theirsLater ? "kept the later edit (theirs)" : "kept the later edit (ours)"
        default:
            theirsLater = false
            resolution = "kept the local edit"
        }
        if theirsLater { merged[keyPath: path] = yours }
        conflicts.append((field, resolution, describe(merged[keyPath: path])))
    }

    /// A date that only moves forward (`dateLastPurchased`): the later one, whoever changed it.
    mutating func mergeLater(_ path: WritableKeyPath<Record, Date?>, _ field: String) {
        let (mine, yours) = (ours[keyPath: path], theirs[keyPath: path])
        if mine == yours { return }
        merged[keyPath: path] = Self.later(mine, yours)
        if let base, base[keyPath: path] == mine || base[keyPath: path] == yours { return }
        conflicts.append((field, "kept the later date", MergeDescriber.date(merged[keyPath: path])))
    }

    /// The later of two dates; a missing date is the earliest.
    static func later(_ lhs: Date?, _ rhs: Date?) -> Date? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return max(lhs, rhs)
    }
}

extension MergeableRecord {
    /// The record carrying the later of its stamp and `other`.
    func stamped(later other: Date?) -> Self {
        var record = self
        record.modifiedAt = FieldMerge<Self>.later(modifiedAt, other)
        return record
    }

    /// Merges one record present on at least one side, or returns `nil` when it is gone.
    ///
    /// Added on one side: kept. Removed on one side and unchanged on the other: removed. Removed on one side
    /// and edited on the other: the edited record is kept, nothing edited is lost. On both sides: field by
    /// field.
    static func merge(
        base: Self?, ours: Self?, theirs: Self?, describing: MergeDescriber, conflicts: inout [MergeConflict]
    ) -> Self? {
        switch (ours, theirs) {
        case (nil, nil):
            return nil
        case (let kept?, nil), (nil, let kept?):
            guard let base else { return kept }
            if kept.hasSameContent(as: base) { return nil }
            conflicts.append(
                MergeConflict(
                    kind: conflictKind, name: kept.mergeName, field: "removed", resolution: "kept the edited record",
                    kept: ours == nil ? "theirs" : "ours"))
            return kept
        case (let ours?, let theirs?):
            // Most records of a large list changed on one side at most: whole-record comparisons settle
            // them without visiting each field (the same result as the field by field merge below).
            if ours == theirs || theirs == base { return ours.stamped(later: theirs.modifiedAt) }
            if ours == base { return theirs.stamped(later: ours.modifiedAt) }
            var fields = FieldMerge(base: base, ours: ours, theirs: theirs)
            mergeFields(&fields, describing: describing)
            let name = fields.merged.mergeName
            for settled in fields.conflicts {
                conflicts.append(
                    MergeConflict(
                        kind: conflictKind, name: name, field: settled.field, resolution: settled.resolution,
                        kept: settled.kept))
            }
            return fields.merged
        }
    }
}
