import ShopKit

/// The words of a merge conflict, the one place they are made: ShopKit reports a conflict as facts (``MergeConflict``)
/// and this words them for `shop merge-file`'s lines, the same lines from `sync`, and `sync --json`'s `"resolution"`
/// and `"text"`.
enum ConflictText {
    /// Every conflict line starts with this.
    static let conflictPrefix = "shop: conflict: "

    /// One line, such as `item "Milk": quantity changed on both sides (ours 5, theirs 3); kept the later edit (theirs:
    /// 3)` or `item "Milk": note changed on both sides (ours "a", theirs "b"); same time; kept ours ("a")`. A tie is
    /// never called "the later edit". The name is quoted as data file errors quote one (control characters escaped, so
    /// a hostile name cannot break the line); the values come quoted already.
    static func text(_ conflict: MergeConflict) -> String {
        let subject = "\(conflict.kind.rawValue) \(Escape.quoted(conflict.name))"
        let what: String
        switch conflict.resolution {
        case .editedRecordKept: what = "removed on one side, edited on the other"
        case .united: what = "two records took the same name"
        case .laterEdit, .tie:
            let values = [conflict.ours.map { "ours \($0)" }, conflict.theirs.map { "theirs \($0)" }].compactMap { $0 }
            what =
                "\(conflict.field) changed on both sides"
                + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
        }
        var how = resolution(conflict)
        if let kept = conflict.kept {
            // "kept the later edit (theirs: 3)"; a tie already names the side: "same time; kept ours (5)".
            how +=
                conflict.keptSide.map { conflict.byTie ? " (\(kept))" : " (\($0.rawValue): \(kept))" } ?? " (\(kept))"
        }
        return "\(subject): \(what); \(how)"
    }

    /// How the merge settled it, in a few words: `"kept the later edit"`, `"same time; kept ours"`,
    /// `"kept the edited record"`, `"one record, fields merged, kept the id"`.
    static func resolution(_ conflict: MergeConflict) -> String {
        switch conflict.resolution {
        case .laterEdit: "kept the later edit"
        // A tie always names the side it went to; ours is the three-way merge's rule, should one not.
        case .tie: "same time; kept \((conflict.keptSide ?? .ours).rawValue)"
        case .editedRecordKept: "kept the edited record"
        case .united: "one record, fields merged, kept the id"
        }
    }
}
