import ShopKit

extension JSONOutput {
    /// `shop sync --json`: `{"branch", "committed", "conflicts": [lines], "pushed": commits,
    /// "received": {"items": {"added", "changed", "removed"}, "locations": {...}, "stores": {...}}}`.
    static func sync(_ report: GitSync.SyncReport) -> String {
        var writer = makeWriter(count: 1)
        writer.beginObject()
        writer.key("branch")
        writer.string(report.branch)
        writer.key("committed")
        writer.bool(report.committed)
        writer.key("conflicts")
        writer.beginArray()
        for line in report.conflicts { writer.string(String(line.dropFirst(MergeDriverOutput.conflictPrefix.count))) }
        writer.endArray()
        writer.key("pushed")
        writer.int(report.pushed)
        writer.key("received")
        writer.beginObject()
        for (key, counts) in [
            ("items", report.received.items), ("locations", report.received.locations),
            ("stores", report.received.stores),
        ] {
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
        writer.endObject()
        return finish(&writer)
    }
}
