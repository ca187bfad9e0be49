// A learned word's fields, each declared once (see ``RecordField``): its keys, its table, which the data file's codec
// walks, and the merge (field by field like a store; two records of one word become one, SPEC section 21).

/// A learned word's keys in the data file, in the order they are written (see ``DataFileKey``).
public enum LearnedKey: String, DataFileKey {
    case id, locationId, modifiedAt, word
    package static let layout = RecordLayout<Self>(depth: DataFileKeys.recordDepth)
    package static let nameKey: Self? = .word
}

extension LearnedPlace: DeclaredRecord {
    package static let fields: [RecordField<LearnedPlace>] = [
        .name(LearnedKey.word, { $0.word }, set: { $0.word = $1 }, merging: \.word),
        // The location moved to last wins: the household's latest word on where the thing goes.
        RecordField<LearnedPlace>(
            LearnedKey.locationId, "location", { $0.locationID }, set: { $0.locationID = $1 }, .locationID,
            required: true, isSet: { _ in true }
        ) { fields, key, describing in
            fields.merge(\.locationID, key, describe: describing.location)
        },
    ]
}

extension LearnedPlace: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension LearnedPlace: MergeableRecord {
    package static var conflictKind: MergeConflict.Kind { .learnedWord }
    package var mergeName: String { word }
}
