/// A record the household names one to a name, stores and lists: found by its name's key (look-alikes are one name),
/// never two with one name, added, renamed and removed by the same rules. Items and locations are not: two of them may
/// share a name's key for a while (a sync's look-alike pair), so their index keeps an owner.
package protocol UniquelyNamedRecord: Identifiable, Hashable, Sendable where ID == Identifier<Self> {
    var name: String { get set }
    /// What an error calls it.
    static var kind: ShopError.Kind { get }
    /// Its records in the list.
    static var table: WritableKeyPath<ShoppingList, RecordTable<Self>> { get }
    /// Its names' index in the list: each name's key to the one record of that name.
    static var names: WritableKeyPath<ShoppingList, [String: ID]> { get }
}

extension Store: UniquelyNamedRecord {
    package static var kind: ShopError.Kind { .store }
    package static var table: WritableKeyPath<ShoppingList, RecordTable<Store>> { \.storesByID }
    package static var names: WritableKeyPath<ShoppingList, [String: ID]> { \.storeIDsByKey }
}

extension NamedList: UniquelyNamedRecord {
    package static var kind: ShopError.Kind { .list }
    package static var table: WritableKeyPath<ShoppingList, RecordTable<NamedList>> { \.listsByID }
    package static var names: WritableKeyPath<ShoppingList, [String: ID]> { \.listIDsByKey }
}

extension UniquelyNamedRecord {
    /// The record a reference names: exact name, unique prefix, or `id:HEX`.
    /// - Throws: ``ShopError/notFound(_:kind:candidates:)`` with every name of its kind as candidates (there are
    ///   few), or ``ShopError/ambiguous(_:kind:candidates:)``.
    package static func resolve(_ reference: String, in list: ShoppingList) throws(ShopError) -> ID {
        let records = list[keyPath: table].values
        var resolver = NameResolver(
            kind: kind, exactIDs: list[keyPath: names],
            names: { records.map { ($0.name, $0.id) } },
            ids: { records.map { ($0.id.hexDigits, $0.name, $0.id) } })
        do throws(ShopError) {
            return try resolver.resolve(reference)
        } catch {
            guard case .notFound(let name, let kind, _) = error else { throw error }
            throw .notFound(name, kind: kind, candidates: ShoppingList.inNameOrder(records).map(\.name))
        }
    }
}

extension ShoppingList {
    /// Records by name (rule 7's name order, then id).
    static func inNameOrder<Record: UniquelyNamedRecord>(_ records: [Record]) -> [Record] {
        records.sorted { lhs, rhs in
            if lhs.name != rhs.name { return NameOrder.precedes(lhs.name, rhs.name) }
            return lhs.id < rhs.id
        }
    }

    /// The record with this id, if any.
    package func record<Record: UniquelyNamedRecord>(_ id: Record.ID) -> Record? { self[keyPath: Record.table][id] }

    package mutating func insert<Record: UniquelyNamedRecord>(_ record: Record) {
        self[keyPath: Record.table][record.id] = record
        self[keyPath: Record.names][NameOrder.key(record.name)] = record.id
    }

    /// Replaces a stored record, keeping the name index in step when the name changed.
    package mutating func replace<Record: UniquelyNamedRecord>(_ record: Record) {
        if let old: Record = self.record(record.id), old.name != record.name {
            self[keyPath: Record.names][NameOrder.key(old.name)] = nil
        }
        insert(record)
    }

    mutating func delete<Record: UniquelyNamedRecord>(_ id: Identifier<Record>) {
        guard let record = self[keyPath: Record.table].removeValue(forKey: id) else { return }
        self[keyPath: Record.names][NameOrder.key(record.name)] = nil
    }

    /// A name for a new or renamed record of its kind: valid (rule 1), and no other record's (`renamed`: the record
    /// renamed, which may keep its own).
    /// - Throws: ``ShopError/invalidName(_:kind:problem:)``, ``ShopError/duplicateName(_:kind:existing:)``.
    func newName<Record: UniquelyNamedRecord>(_ raw: String, of _: Record.Type, renamed: Record.ID? = nil)
        throws(ShopError) -> String
    {
        let name = try Validation.name(raw, kind: Record.kind)
        if let id = self[keyPath: Record.names][NameOrder.key(name)], id != renamed, let other: Record = record(id) {
            throw .duplicateName(name, kind: Record.kind, existing: other.name)
        }
        return name
    }

    /// `store edit --name`, `lists rename`: renames a record; what refers to it (by id) is unchanged.
    package mutating func rename<Record: UniquelyNamedRecord>(_ id: Identifier<Record>, to raw: String)
        throws(ShopError) -> Record
    {
        guard var record: Record = record(id) else {
            throw .notFound(id.description, kind: Record.kind, candidates: [])
        }
        record.name = try newName(raw, of: Record.self, renamed: id)
        replace(record)
        return record
    }
}
