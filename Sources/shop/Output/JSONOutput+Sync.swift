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
        for (key, value) in [
            ("branch", JSONValue.string(report.branch)), ("cameIn", records(report.cameIn)),
            ("committed", .bool(report.committed)), ("conflicts", .array(report.conflicts.map(conflict))),
            ("joined", .array(report.joined.map(join))), ("pushed", .integer(report.pushed)),
        ] {
            writer.key(key)
            writer.value(value)
        }
        writer.key("received")
        writer.beginObject()
        // What came in, counted per kind of record.
        for (key, kind) in [
            ("items", RecordChange.Kind.item), ("locations", .location), ("stores", .store), ("recipes", .recipe),
            ("purchases", .purchase), ("stock", .stock),
        ] {
            let counts = report.cameIn.counts(of: kind)
            writer.key(key)
            writer.value(
                .object([
                    "added": .integer(counts.added), "changed": .integer(counts.changed),
                    "removed": .integer(counts.removed),
                ]))
        }
        writer.endObject()
        writer.key("replaced")
        writer.value(.array(report.replaced.map(replaced)))
        writer.key("wentOut")
        writer.value(records(report.wentOut))
        writer.endObject()
        return finish(&writer)
    }

    /// `{"error": {"code": exit code, "message"}}`: what `sync --json` prints on failure.
    static func syncError(code: Int32, message: String) -> String {
        var writer = makeWriter(count: 1)
        writer.value(.object(["error": .object(["code": .number("\(code)"), "message": .string(message)])]))
        return finish(&writer)
    }

    private static func records(_ changes: RecordChanges) -> JSONValue {
        .array(
            changes.changes.map { change in
                // Every record's id and name are under an item's keys.
                var record: [String: JSONValue] = [
                    "change": .string(change.change.rawValue), "fields": .array(change.fields.map(JSONValue.string)),
                    ItemKey.id.rawValue: .string(change.id), "kind": .string(change.kind.rawValue),
                    ItemKey.name.rawValue: .string(change.name), "words": .array(change.words.map(JSONValue.string)),
                ]
                if let move = change.listMove { record["listMove"] = .string(move.rawValue) }
                return .object(record)
            })
    }

    /// Values are as the conflict line shows them: quoted text (`"\"the blue one\""`), `none` when not set.
    private static func conflict(_ conflict: MergeConflict) -> JSONValue {
        .object([
            "byTie": .bool(conflict.byTie), "field": .string(conflict.field), "kept": .text(conflict.kept),
            "keptSide": .text(conflict.keptSide?.rawValue), "kind": .string(conflict.kind.rawValue),
            "ours": .text(conflict.ours), "record": .string(conflict.name),
            "resolution": .string(ConflictText.resolution(conflict)), "text": .string(ConflictText.text(conflict)),
            "theirs": .text(conflict.theirs),
        ])
    }

    private static func join(_ join: RecordJoin) -> JSONValue {
        .object([
            "from": .string(join.from), "keptId": .string(join.keptID), "kind": .string(join.kind.rawValue),
            "otherId": .string(join.otherID), "ours": .text(join.ours), "theirs": .string(join.theirs),
        ])
    }

    private static func replaced(_ replacement: Replacement) -> JSONValue {
        .object([
            "by": .string(replacement.by), "byTie": .bool(replacement.byTie), "field": .string(replacement.field),
            "kept": .string(replacement.kept), "kind": .string(replacement.kind.rawValue),
            "record": .string(replacement.name), "text": .string(HumanOutput.replaced(replacement)),
            "word": .string(replacement.word), "yours": .string(replacement.lost),
        ])
    }
}
