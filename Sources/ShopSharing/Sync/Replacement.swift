import ShopJSON
import ShopModel

/// An edit that lost a conflict, to be told to the device that made it (SPEC 14, "the loser is told"):
/// `replaced: your note on Milk ("lactose free please") by laptop's later edit ("regular")`.
///
/// Where the knowledge travels: in the merge commit, as a trailer (`Shop-Replaced: {...}`, one line of
/// JSON each). The device that merges knows the conflict; the device whose edit lost fetches that commit
/// at its next `sync`, exactly once (after that sync the commit is part of its own history, so it never
/// comes in again), which is "told once" without any state to keep or clear. A record in the shared data
/// file would have to be merged itself, grow with every conflict, and be cleared by someone; the commit
/// is already what moves between exactly those two moments.
public struct Replacement: Hashable, Sendable {
    /// The kind of record.
    public var kind: MergeConflict.Kind
    /// The record's name.
    public var name: String
    /// The field, by its data file key (`note`).
    public var field: String
    /// The field as people know it (`note`, `restock every`).
    public var word: String
    /// The value that was replaced, as the conflict line shows it (`"lactose free please"`).
    public var lost: String
    /// The value kept.
    public var kept: String
    /// The device whose edit was kept.
    public var by: String
    /// Whether the choice was a tie (same time), never then called a later edit.
    public var byTie: Bool
    /// The device whose edit lost, when the merging device could tell (the author of the latest commit
    /// on the losing side that names the record): only that device is told (SPEC 16), not every device
    /// that merely held the value. `nil` (a trailer of a shop from before, or no such commit): every
    /// device that held the value and sees it replaced is told, as before.
    public var to: String? = nil

    /// The trailer key of merge commits.
    static let trailerKey = "Shop-Replaced"

    /// One line of JSON, the trailer's value.
    var trailerValue: String {
        var writer = JSONWriter(pretty: false)
        writer.beginObject()
        for (key, value) in [
            ("by", by), ("field", field), ("kept", kept), ("kind", kind.rawValue), ("lost", lost),
            ("name", name), ("word", word),
        ] {
            writer.key(key)
            writer.string(value)
        }
        writer.key("tie")
        writer.bool(byTie)
        if let to {
            writer.key("to")
            writer.string(to)
        }
        writer.endObject()
        return writer.text
    }

    /// Reads a trailer's value; `nil` for anything else (a trailer written by hand, a newer shop's).
    init?(trailer: String) {
        guard let value = try? JSONValue.parse(Array(trailer.utf8)),
            let kind = value["kind"]?.string.flatMap(MergeConflict.Kind.init(rawValue:)),
            let name = value["name"]?.string, let field = value["field"]?.string,
            let lost = value["lost"]?.string, let kept = value["kept"]?.string, let by = value["by"]?.string
        else { return nil }
        self.init(
            kind: kind, name: name, field: field, word: value["word"]?.string ?? field, lost: lost,
            kept: kept, by: by, byTie: value["tie"]?.bool ?? false)
        to = value["to"]?.string
    }

    init(
        kind: MergeConflict.Kind, name: String, field: String, word: String, lost: String, kept: String,
        by: String, byTie: Bool
    ) {
        self.kind = kind
        self.name = name
        self.field = field
        self.word = word
        self.lost = lost
        self.kept = kept
        self.by = by
        self.byTie = byTie
    }
}
