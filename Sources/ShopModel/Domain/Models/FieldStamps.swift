/// When each field of a record last changed (SPEC section 8.2): the `modifiedAt` map of data file version 3, from field
/// name (the data file's key, `"quantity"`, `"locationId"`) to a time in whole milliseconds.
///
/// A field without a stamp holds what the record was created with, and any stamp is later than none. The git merge
/// compares the stamps of one field, so a later edit of the note never makes an earlier edit of the quantity win.
public struct FieldStamps: Hashable, Sendable {
    /// The stamps, sorted by field name (the order of the data file), each field once. A handful per
    /// record, so a linear search beats hashing.
    public var entries: [(field: String, at: Date)] { storage.map { ($0.field, $0.at) } }
    private var storage: [Entry] = []

    private struct Entry: Hashable, Sendable {
        var field: String
        var at: Date
    }

    /// No stamps.
    public init() {}

    /// Stamps for the given fields; later duplicates replace earlier ones.
    public init(_ stamps: [String: Date]) {
        for (field, at) in stamps { self[field] = at }
    }

    /// Stamps read from a file, each field once (the decoder checks); sorted unless in field-name order already.
    package init(unsorted stamps: [(field: String, at: Date)]) {
        storage = stamps.map { Entry(field: $0.field, at: $0.at) }
        if !storage.isEmpty, !zip(storage, storage.dropFirst()).allSatisfy({ $0.field < $1.field }) {
            storage.sort { $0.field < $1.field }
        }
    }

    /// Stamps read from a file in field-name order, each field once (the decoder checks both).
    package init(sorted stamps: [(field: String, at: Date)]) {
        storage = stamps.map { Entry(field: $0.field, at: $0.at) }
        assert(zip(storage, storage.dropFirst()).allSatisfy { $0.field < $1.field }, "stamps must be sorted by field")
    }

    /// The same stamp on every one of `fields` (sorted by name, each once): a version 2 record's single
    /// stamp, read as "each field changed at the latest then".
    init(every fields: [String], at date: Date) {
        assert(zip(fields, fields.dropFirst()).allSatisfy { $0 < $1 }, "fields must be sorted by name")
        let at = Self.milliseconds(date)
        storage = fields.map { Entry(field: $0, at: at) }
    }

    /// Whether no field has a stamp.
    public var isEmpty: Bool { storage.isEmpty }

    /// The stamp of one field; setting one rounds it to whole milliseconds, `nil` removes it.
    public subscript(field: String) -> Date? {
        get {
            for entry in storage where entry.field == field { return entry.at }
            return nil
        }
        set {
            let index = storage.firstIndex { $0.field >= field } ?? storage.endIndex
            let present = index < storage.endIndex && storage[index].field == field
            guard let newValue else {
                if present { storage.remove(at: index) }
                return
            }
            let entry = Entry(field: field, at: Self.milliseconds(newValue))
            if present { storage[index] = entry } else { storage.insert(entry, at: index) }
        }
    }

    /// The newest stamp of any field.
    public var newest: Date? { storage.lazy.map(\.at).max() }

    /// `date` rounded to whole milliseconds, the precision of the data file (to the nearest, so that a stamp
    /// read back from its text is the same value).
    public static func milliseconds(_ date: Date) -> Date {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: Double(Int64((interval * 1000).rounded())) / 1000)
    }

    public static func == (lhs: FieldStamps, rhs: FieldStamps) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
