import ShopJSON
import ShopModel

/// A record's object in the data file as loops over its field rows (``FieldMember``): its members by their
/// key's position in the record's layout, and the keys that are the record's own (its `id` and
/// `modifiedAt`, which no row declares, and any the record writes itself). Built once per kind of record.
///
/// Like ``RecordLayout``, the type leaves its parameters unconstrained and its initializer constrains them, which
/// spares every command a search of the binary's conformances per kind of record at start-up.
struct RecordCodec<Record, Key: Sendable>: Sendable {
    /// What an error calls the record (`store`, `learned word`).
    let kind: String
    let layout: RecordLayout<Key>
    /// By key position: the row's member, `nil` for a key of the record's own.
    let members: [FieldMember<Record>?]
    /// Positions of the required members, in the order the rows declare them (the first missing one is
    /// the one an error names).
    let required: [Int]
    /// The positions of the record's id and of its `modifiedAt` stamps.
    let idPosition: Int
    let stampsPosition: Int
    /// The members of the record's `modifiedAt` map: its stamped fields' names, in name order (the order they are
    /// written in), one level deeper than the record's own. Writing and reading a stamp's key so costs a copy or a
    /// comparison of bytes, not a `String`: a record holds a stamp for each field it has.
    let stampLayout: JSONMemberLayout

    /// - Parameters:
    ///   - kind: what an error calls the record.
    ///   - id: the key of the record's id; `stamps` that of its `modifiedAt`.
    ///   - own: further keys the record writes and reads itself (a location's `isUnknown`, no field): see
    ///     ``CodedRecord/writeOwn(_:_:to:)``.
    init(kind: String, id: Key, stamps: Key, own: [Key] = []) where Record: Stamped, Key: DataFileKey {
        self.kind = kind
        layout = Key.layout
        let own = [id, stamps] + own
        let positions = Dictionary(uniqueKeysWithValues: layout.keys.enumerated().map { ($1.rawValue, $0) })
        var members = [FieldMember<Record>?](repeating: nil, count: layout.keys.count)
        var required: [Int] = []
        for member in Record.members {
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
        stampsPosition = layout.position(of: stamps)
        stampLayout = JSONMemberLayout(
            Record.stampedFields.map(\.name), depth: layout.members.depth + 1)
    }
}

/// A record the data file holds as loops over its rows (``RecordCodec``): what the loops need of it beyond
/// its rows.
protocol CodedRecord: Stamped, Identifiable where ID == Identifier<Self> {
    associatedtype Key: DataFileKey
    static var codec: RecordCodec<Self, Key> { get }
    /// The record the reader fills in: every field at its default, its id not yet read.
    static var unread: Self { get }
    var id: ID { get set }
    /// Writes a key of the record's own beyond its id and stamps, at its position (none but a location's).
    func writeOwn(_ key: Key, _ position: Int, to writer: inout JSONWriter)
    /// Reads a key of the record's own beyond its id and stamps.
    mutating func readOwn(_ key: Key, from scanner: inout JSONScanner) throws(JSONScanFailure)
}

extension CodedRecord {
    func writeOwn(_ key: Key, _ position: Int, to writer: inout JSONWriter) {}
    mutating func readOwn(_ key: Key, from scanner: inout JSONScanner) throws(JSONScanFailure) {}
}

extension DataFileCodec {
    /// One record object, its keys in written order; an absent value's key is left out.
    /// - Parameter absent: positions known to hold nothing, skipped without asking their rows (an item's boxed
    ///   fields).
    static func write<Record: CodedRecord>(_ record: Record, skipping absent: UInt64 = 0, to writer: inout JSONWriter) {
        writer.beginObject()
        let codec = Record.codec
        let members = codec.layout.members
        for position in codec.members.indices where absent & (1 << UInt64(position)) == 0 {
            if let member = codec.members[position] {
                member.write(record, &writer, position, members)
            } else if position == codec.idPosition {
                writer.key(position, of: members)
                writer.uuid(record.id.uuid)
            } else if position == codec.stampsPosition {
                stamp(record.modifiedAt, position, of: members, fields: codec.stampLayout, to: &writer)
            } else {
                record.writeOwn(codec.layout.keys[position], position, to: &writer)
            }
        }
        writer.endObject()
    }
}

extension DataFileDecoder {
    /// The array of records under `key`, or none for `null` (``array(_:minimumSize:_:)``).
    mutating func records<Record: CodedRecord>(
        _ key: FileKey, minimumSize: Int = .max
    ) throws(JSONScanFailure) -> [Record] {
        try array(key, minimumSize: minimumSize) { (decoder, number) throws(JSONScanFailure) in
            try decoder.record(number: number)
        }
    }

    /// One record object (1-based `number`, which an error names); a missing or `null` optional key takes its
    /// default, a missing required one is refused.
    mutating func record<Record: CodedRecord>(number: Int) throws(JSONScanFailure) -> Record {
        try beginRecord(Record.codec.kind, number: number, keys: Record.Key.self)
        let codec = Record.codec
        var value = Record.unread
        var given: UInt64 = 0
        var legacyStamp: Date?
        try readMembers(of: Record.Key.self) { (decoder, position) throws(JSONScanFailure) in
            if let member = codec.members[position] {
                if try member.read(&value, &decoder.scanner) { given |= 1 << position }
            } else if position == codec.idPosition {
                guard let id = try decoder.scanner.memberUUID(codec.layout.keys[position].rawValue) else { return }
                value.id = Record.ID(id)
                given |= 1 << position
            } else if position == codec.stampsPosition {
                (value.modifiedAt, legacyStamp) = try decoder.stamps(
                    of: codec.stampLayout, codec.layout.keys[position].rawValue)
            } else {
                try value.readOwn(codec.layout.keys[position], from: &decoder.scanner)
            }
        }
        guard given & (1 << codec.idPosition) != 0 else { throw missing(codec.layout.keys[codec.idPosition]) }
        for position in codec.required where given & (1 << position) == 0 {
            throw missing(codec.layout.keys[position])
        }
        record = nil
        // Only a version 2 file has a single stamp to spread, onto the record in place.
        if let legacyStamp { value.stamp(legacy: legacyStamp) }
        return value
    }

    /// The id a record holds until its own is read (a record without one is refused).
    static let unread = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
}
