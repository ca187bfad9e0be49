import ShopJSON
import ShopModel

/// A record's object in the data file as loops over its field rows (``FieldMember``): its members by their
/// key's position in the record's layout, and the keys that are the record's own (its `id` and
/// `modifiedAt`, which no row declares). Built once per kind of record.
struct RecordCodec<Record: DeclaredRecord, Key: DataFileKey>: Sendable {
    let layout: RecordLayout<Key>
    /// By key position: the row's member, `nil` for a key of ``own``.
    let members: [FieldMember<Record>?]
    /// Positions of the required members, in the order the rows declare them (the first missing one is
    /// the one an error names).
    let required: [Int]
    /// The position of the record's `id`.
    let idPosition: Int

    /// - Parameters:
    ///   - id: the key of the record's id; with `stamps`, the keys the record writes and reads itself.
    init(id: Key, stamps: Key) {
        let own = [id, stamps]
        layout = Key.layout
        let declared = Record.members
        let positions = Dictionary(uniqueKeysWithValues: layout.keys.enumerated().map { ($1.rawValue, $0) })
        var members = [FieldMember<Record>?](repeating: nil, count: layout.keys.count)
        var required: [Int] = []
        for member in declared {
            guard let position = positions[member.key], members[position] == nil else {
                preconditionFailure("\(Record.self): the member \"\(member.key)\" is not a key of \(Key.self) once")
            }
            members[position] = member
            if member.isRequired { required.append(position) }
        }
        for (position, key) in layout.keys.enumerated() {
            precondition(
                (members[position] == nil) == own.contains { $0.rawValue == key.rawValue },
                "\(Record.self): \"\(key.rawValue)\" needs a row's member, or to be one of the record's own keys")
        }
        self.members = members
        self.required = required
        idPosition = layout.position(of: id)
    }
}
