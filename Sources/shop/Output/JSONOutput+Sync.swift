import ShopKit

extension JSONOutput {
    /// `shop sync --json`: `{"branch", "cameIn": [record], "committed", "conflicts": [conflict], "pushed":
    /// commits, "received": {"items": {"added", "changed", "removed"}, "locations": {...}, "stores": {...},
    /// "recipes": {...}, "purchases": {...}}, "joined": [join], "replaced": [replacement], "wentOut": [record]}`.
    /// A record: `{"kind", "id", "name", "change", "fields" (data file keys), "words" (as people say them),
    /// "listMove"}`; a conflict: `{"kind", "record", "field", "ours", "theirs", "kept", "keptSide", "byTie",
    /// "resolution", "text"}`; a join: `{"kind", "ours", "theirs", "keptId", "otherId", "from"}`; a
    /// replacement: `{"kind", "record", "field", "word", "yours", "kept", "by", "byTie", "text"}`.
    static func sync(_ report: GitSync.SyncReport) -> String {
        var writer = makeWriter(count: report.cameIn.changes.count + report.wentOut.changes.count + 1)
        writer.beginObject()
        writer.key("branch")
        writer.string(report.branch)
        writer.key("cameIn")
        records(report.cameIn, &writer)
        writer.key("committed")
        writer.bool(report.committed)
        writer.key("conflicts")
        writer.beginArray()
        for conflict in report.conflicts { self.conflict(conflict, &writer) }
        writer.endArray()
        writer.key("joined")
        writer.beginArray()
        for join in report.joined { self.join(join, &writer) }
        writer.endArray()
        writer.key("pushed")
        writer.int(report.pushed)
        writer.key("received")
        writer.beginObject()
        // What came in, counted per kind of record.
        for (key, kind) in [
            ("items", RecordChange.Kind.item), ("locations", .location), ("stores", .store), ("recipes", .recipe),
            ("purchases", .purchase), ("stock", .stock),
        ] {
            let counts = report.cameIn.counts(of: kind)
            writer.key(key)
            writer.beginObject()
            writer.key("added")
            writer.int(counts.added)
            writer.key("changed")
            writer.int(counts.changed)
            writer.key("removed")
            writer.int(counts.removed)
            writer.endObject()
        }
        writer.endObject()
        writer.key("replaced")
        writer.beginArray()
        for replacement in report.replaced { replaced(replacement, &writer) }
        writer.endArray()
        writer.key("wentOut")
        records(report.wentOut, &writer)
        writer.endObject()
        return finish(&writer)
    }

    /// `{"error": {"code": exit code, "message"}}`: what `sync --json` prints on failure.
    static func syncError(code: Int32, message: String) -> String {
        var writer = makeWriter(count: 1)
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.int(Int(code))
        writer.key("message")
        writer.string(message)
        writer.endObject()
        writer.endObject()
        return finish(&writer)
    }

    private static func records(_ changes: RecordChanges, _ writer: inout JSONWriter) {
        writer.beginArray()
        for change in changes.changes {
            writer.beginObject()
            writer.key("change")
            writer.string(change.change.rawValue)
            writer.key("fields")
            writer.beginArray()
            for field in change.fields { writer.string(field) }
            writer.endArray()
            writer.key(ItemKey.id)  // every record's id and name are under an item's keys
            writer.string(change.id)
            writer.key("kind")
            writer.string(change.kind.rawValue)
            if let move = change.listMove {
                writer.key("listMove")
                writer.string(move.rawValue)
            }
            writer.key(ItemKey.name)
            writer.string(change.name)
            writer.key("words")
            writer.beginArray()
            for word in change.words { writer.string(word) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
    }

    /// Values are as the conflict line shows them: quoted text (`"\"the blue one\""`), `none` when not set.
    private static func conflict(_ conflict: MergeConflict, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("byTie")
        writer.bool(conflict.byTie)
        writer.key("field")
        writer.string(conflict.field)
        writer.key("kept")
        if let kept = conflict.kept { writer.string(kept) } else { writer.null() }
        writer.key("keptSide")
        if let side = conflict.keptSide { writer.string(side.rawValue) } else { writer.null() }
        writer.key("kind")
        writer.string(conflict.kind.rawValue)
        writer.key("ours")
        if let ours = conflict.ours { writer.string(ours) } else { writer.null() }
        writer.key("record")
        writer.string(conflict.name)
        writer.key("resolution")
        writer.string(ConflictText.resolution(conflict))
        writer.key("text")
        writer.string(ConflictText.text(conflict))
        writer.key("theirs")
        if let theirs = conflict.theirs { writer.string(theirs) } else { writer.null() }
        writer.endObject()
    }

    private static func join(_ join: RecordJoin, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("from")
        writer.string(join.from)
        writer.key("keptId")
        writer.string(join.keptID)
        writer.key("kind")
        writer.string(join.kind.rawValue)
        writer.key("otherId")
        writer.string(join.otherID)
        writer.key("ours")
        if let ours = join.ours { writer.string(ours) } else { writer.null() }
        writer.key("theirs")
        writer.string(join.theirs)
        writer.endObject()
    }

    private static func replaced(_ replacement: Replacement, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("by")
        writer.string(replacement.by)
        writer.key("byTie")
        writer.bool(replacement.byTie)
        writer.key("field")
        writer.string(replacement.field)
        writer.key("kept")
        writer.string(replacement.kept)
        writer.key("kind")
        writer.string(replacement.kind.rawValue)
        writer.key("record")
        writer.string(replacement.name)
        writer.key("text")
        writer.string(HumanOutput.replaced(replacement))
        writer.key("word")
        writer.string(replacement.word)
        writer.key("yours")
        writer.string(replacement.lost)
        writer.endObject()
    }
}
