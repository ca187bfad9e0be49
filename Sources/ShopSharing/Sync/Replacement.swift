import ShopJSON
import ShopModel

/// An edit that lost a conflict, to be told to the device that made it (SPEC 14, "the loser is told"):
/// `replaced: your note on Milk ("lactose free please") by laptop's later edit ("regular")`.
///
/// Where the knowledge travels: in the merge commit, as a trailer (`Shop-Replaced: {...}`, one line of JSON each). The
/// device whose edit lost fetches that commit at its next `sync`, exactly once (it is then part of its own history),
/// which is "told once" without any state to keep or clear, as a record in the shared data file would need.
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
    /// The device whose edit lost, when the merging device could tell (the author of the latest commit on the losing
    /// side that names the record): only that device is told (SPEC 16). `nil` (an older trailer, or no such commit):
    /// every device that held the value and sees it replaced is told.
    public var to: String? = nil

    /// The trailer key of merge commits.
    static let trailerKey = "Shop-Replaced"

    /// One line of JSON, the trailer's value.
    var trailerValue: String {
        var writer = JSONWriter(pretty: false, escapingInvisibles: false)
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
}

// The reader lives in an extension, so the struct keeps its memberwise initializer.
extension Replacement {
    /// Reads a trailer's value; `nil` for anything else (a trailer written by hand, a newer shop's).
    init?(trailer: String) {
        guard let value = try? JSONValue.parse(Array(trailer.utf8)),
            let kind = value["kind"]?.string.flatMap(MergeConflict.Kind.init(rawValue:)),
            let name = value["name"]?.string, let field = value["field"]?.string,
            let lost = value["lost"]?.string, let kept = value["kept"]?.string, let by = value["by"]?.string
        else { return nil }
        self.init(
            kind: kind, name: name, field: field, word: value["word"]?.string ?? field, lost: lost,
            kept: kept, by: by, byTie: value["tie"]?.bool ?? false, to: value["to"]?.string)
    }
}

/// Who is told that their edit lost a conflict (SPEC 14), and how that travels: see ``Replacement``.
extension GitSync {
    /// The edits a merge replaced, on one side: `theirs` (the remote's edits this device's won over, told in
    /// the merge commit to the device that made them) or `ours` (this device's, told now).
    /// - Parameter winner: the device whose edit was kept.
    static func replaced(_ conflicts: [MergeConflict], losing side: MergeConflict.Side, winner: String)
        -> [Replacement]
    {
        conflicts.compactMap { conflict in
            guard let kept = conflict.keptSide, kept != side, let word = word(conflict.kind, conflict.field),
                let lost = side == .ours ? conflict.ours : conflict.theirs, let value = conflict.kept
            else { return nil }
            return Replacement(
                kind: conflict.kind, name: conflict.name, field: conflict.field, word: word, lost: lost, kept: value,
                by: winner, byTie: conflict.byTie)
        }
    }

    /// The word people know a field by, from the record's table; `nil` for what is not a field (`removed`).
    static func word(_ kind: MergeConflict.Kind, _ field: String) -> String? {
        switch kind {
        case .item: Item.field(named: field)?.word
        case .location: Location.field(named: field)?.word
        case .store: Store.field(named: field)?.word
        case .list: NamedList.field(named: field)?.word
        case .learnedWord: LearnedPlace.field(named: field)?.word
        case .recipe: ListedRecipe.field(named: field)?.word ?? RecipeNeed.field(named: field)?.word
        }
    }

    /// The replacements addressed to this device by the merge commits that come in now (those of `theirs` that
    /// `head` lacks) whose field this sync really changes here. Each merge commit comes in once, so each is told once.
    func replacementsComingIn(_ head: String?, _ theirs: String, cameIn: RecordChanges, _ git: GitRepository)
        throws(SyncError) -> [Replacement]
    {
        let told = try trailersComingIn(Replacement.trailerKey, head, theirs, git)
        guard !told.isEmpty else { return [] }
        var changed: Set<String> = []
        for change in cameIn.changes where change.change == .changed {
            for field in change.fields { changed.insert(Self.fieldKey(change.kind.rawValue, change.name, field)) }
        }
        let device = store.deviceName()
        return told.compactMap { (_, line) in
            guard let replacement = Replacement(trailer: line), replacement.to.map({ $0 == device }) ?? true
            else { return nil }
            let key = Self.fieldKey(replacement.kind.rawValue, replacement.name, replacement.field)
            return changed.contains(key) ? replacement : nil
        }
    }

    /// The joins told by the merge commits that come in now, seen from this device (its record first).
    func joinsComingIn(_ head: String?, _ theirs: String, ours: ShoppingList, _ git: GitRepository)
        throws(SyncError) -> [RecordJoin]
    {
        let told = try trailersComingIn(RecordJoin.trailerKey, head, theirs, git)
        guard !told.isEmpty else { return [] }
        let names = RecordJoin.names(ours)
        return told.compactMap { (author, line) in RecordJoin(trailer: line, author: author) { names[$0] != nil } }
    }

    /// The values of the trailers `key` of the merge commits of `theirs` that `head` lacks, oldest first,
    /// each with its commit's author. Each merge commit comes in once.
    private func trailersComingIn(_ key: String, _ head: String?, _ theirs: String, _ git: GitRepository)
        throws(SyncError) -> [(author: String, value: String)]
    {
        let range = head.map { ["\($0)..\(theirs)"] } ?? [theirs]
        let log = try git.run(
            ["log", "--merges", "--reverse", "--format=%x01%an%n%(trailers:key=\(key),valueonly,unfold)"] + range)
        guard log.succeeded else { return [] }
        var found: [(author: String, value: String)] = []
        for commit in log.text.split(separator: "\u{1}") {
            let lines = commit.split(separator: "\n").map(String.init)
            guard let author = lines.first else { continue }
            for value in lines.dropFirst() where !value.isEmpty { found.append((author, value)) }
        }
        return found
    }

    /// The replacements `replaced` addressed to the devices that made the losing edits: for each, the
    /// author of the latest commit (not a merge) between `base` and `tip` whose subject names the record
    /// (commit subjects name what changed, SPEC 14). A device that only held the value is not told.
    func addressed(_ replaced: [Replacement], base: String?, tip: String, _ git: GitRepository) -> [Replacement] {
        guard !replaced.isEmpty else { return [] }
        let range = base.map { ["\($0)..\(tip)"] } ?? [tip]
        let text = (try? git.run(["log", "--no-merges", "--format=%an%x01%s"] + range))?.text ?? ""
        let commits = text.split(separator: "\n").compactMap { line -> (author: String, subject: String)? in
            let parts = line.split(separator: "\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), NameOrder.key(String(parts[1])))
        }
        return replaced.map { replacement in
            var addressed = replacement
            let name = NameOrder.key(replacement.name)
            addressed.to = commits.first { $0.subject.contains(name) }?.author
            return addressed
        }
    }

    private static func fieldKey(_ kind: String, _ name: String, _ field: String) -> String {
        kind + "\u{0}" + NameOrder.key(name) + "\u{0}" + field
    }

    /// The name of the device that made `commit` (its author), for "by laptop's later edit".
    func author(of commit: String, _ git: GitRepository) -> String {
        let name = (try? git.run(["log", "-1", "--format=%an", commit]))?.text ?? ""
        return name.isEmpty ? "another device" : name
    }
}
