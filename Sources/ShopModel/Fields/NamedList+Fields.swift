import ShopJSON

// A list's fields, each declared once (see ``RecordField`` and its "Adding a field"): its keys, its table, which the
// data file's codec walks, and the merge (a list is merged field by field like a store, SPEC section 22).

/// A list's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum ListKey: String, DataFileKey {
    case id, modifiedAt, name
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .name
}

/// The members of a list's `--json` object (`shop lists --json`) that the data file does not hold.
enum ListOutputKey: String, DataFileKey {
    case count, current, total
    static let layout = RecordLayout<Self>(depth: 2)
}

extension NamedList: DeclaredRecord {
    package static let fields: [RecordField<NamedList>] = [
        .name(ListKey.name, { $0.name }, set: { $0.name = $1 }, merging: \.name)
    ]
}

extension NamedList: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension NamedList: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .list }
    package var mergeName: String { name }
}

extension JSONWriter {
    /// One list object of `shop lists --json` (SPEC section 22): `{"count", "current", "id", "name", "total"}`;
    /// `total` is in cents, written as a price (0 when nothing on the list has one).
    public mutating func namedList(_ list: NamedList, count: Int, totalCents: Int, current: Bool) {
        beginObject()
        key(.count, in: ListOutputKey.layout)
        int(count)
        key(.current, in: ListOutputKey.layout)
        bool(current)
        key(ListKey.id)
        string(list.id.description)
        key(ListKey.name)
        string(list.name)
        key(.total, in: ListOutputKey.layout)
        price(Price(sumOfCents: totalCents))
        endObject()
    }
}
