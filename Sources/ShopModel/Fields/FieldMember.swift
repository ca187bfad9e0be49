import ShopJSON

/// One member of a record's object, declared by its field's row (``RecordField/members``): its key, and how its value
/// is written to the data file, read back into a record being built, and shown by `--json` (the codec and the
/// `--json` object loop over the members: see ``RecordField``). A class: the loops hand a member on with one reference.
package final class FieldMember<Record>: Sendable {
    /// The member's key (a ``DataFileKey``'s raw value).
    package let key: String
    /// Whether a record cannot be read without it (an item's name and location): `null` is refused too.
    package let isRequired: Bool
    /// Writes the member when the record has a value for it: its key at `position` of `members`, then the value.
    package let write: @Sendable (Record, inout JSONWriter, _ position: Int, _ members: JSONMemberLayout) -> Void
    /// Reads the member's value into `record`; `false` for `null` (the record keeps its default).
    package let read: @Sendable (inout Record, inout JSONScanner) throws(JSONScanFailure) -> Bool
    /// Writes the member's value in the record's `--json` object; `nil` when the object does not show it.
    package let show: (@Sendable (Record, inout JSONWriter) -> Void)?

    /// - Parameters:
    ///   - value: reads the field; `set` writes it into the record being read.
    ///   - spelling: how the value is written, read and shown.
    ///   - when: whether the record holds the member at all, beyond what the spelling says (an item's
    ///     `priceUnit` only beside a price); when not, `--json` shows `null`.
    ///   - shown: how `--json` shows it: the spelling's form unless said otherwise.
    package init<Key: DataFileKey, Spelling: ValueSpelling>(
        _ key: Key, _ value: @escaping @Sendable (Record) -> Spelling.Value,
        set: @escaping @Sendable (inout Record, Spelling.Value) -> Void, _ spelling: Spelling, required: Bool = false,
        when: (@Sendable (Record) -> Bool)? = nil, shown: MemberOutput<Record> = .spelled
    ) {
        let name = key.rawValue
        self.key = name
        isRequired = required
        if let when {
            write = { record, writer, position, members in
                guard when(record) else { return }
                let field = value(record)
                guard Spelling.isWritten(field) else { return }
                writer.key(position, of: members)
                Spelling.write(field, to: &writer)
            }
        } else {
            write = { record, writer, position, members in
                let field = value(record)
                guard Spelling.isWritten(field) else { return }
                writer.key(position, of: members)
                Spelling.write(field, to: &writer)
            }
        }
        read = { (record, scanner) throws(JSONScanFailure) in
            guard let field = try Spelling.read(&scanner, key: name) else { return false }
            set(&record, field)
            return true
        }
        switch shown {
        case .spelled:
            if let when {
                show = { record, writer in
                    if when(record) { Spelling.show(value(record), to: &writer) } else { writer.null() }
                }
            } else {
                show = { record, writer in Spelling.show(value(record), to: &writer) }
            }
        case .custom(let custom): show = custom
        case .hidden: show = nil
        }
    }
}

/// How a record's `--json` object shows a member (see ``FieldMember/show``).
package enum MemberOutput<Record>: Sendable {
    /// As its spelling shows it, under its key.
    case spelled
    /// By this writer, under its key (an item's `quantity` is that of what to buy, not the person's own).
    case custom(@Sendable (Record, inout JSONWriter) -> Void)
    /// Not shown (SPEC section 3 leaves it out).
    case hidden
}

extension DeclaredRecord {
    /// Every field's members, in the order the rows declare them.
    ///
    /// A loop, not `flatMap(\.members)`: every command reads the members at start-up, where a key path would be built
    /// at run time.
    package static var members: [FieldMember<Self>] {
        var members: [FieldMember<Self>] = []
        for field in fields { members += field.members }
        return members
    }
}
