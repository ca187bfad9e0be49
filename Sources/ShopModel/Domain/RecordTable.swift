/// Records by id, stored in one contiguous array with an index from id to position.
///
/// Used instead of `[ID: Record]` inside ``ShoppingList`` for memory on large lists: a `Dictionary` keeps a bucket of
/// id + record for each of its (under 3/4 full, doubling) slots, where this keeps the records packed. A decoded array
/// is adopted as is, and the records of an unchanged table compare in one step (same buffer).
///
/// The API is the subset of `Dictionary` that the list uses. Order is unspecified (a removal moves the last record
/// into the gap); equality and hashing ignore it.
package struct RecordTable<Record: Identifiable & Hashable & Sendable>: Sendable where Record.ID: Sendable {
    package typealias ID = Record.ID

    /// The records, in no particular order.
    package private(set) var values: [Record] = []
    /// The position of each record in ``values``.
    private var positions: [ID: Int] = [:]

    init() {}

    /// Adopts `records`, whose ids the caller has already checked to be unique.
    init(uniqueRecords records: [Record], positions: [ID: Int]) {
        values = records
        self.positions = positions
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// Whether a record has this id.
    package func contains(_ id: ID) -> Bool { position(of: id) != nil }

    /// Tables up to this size are searched by scanning: comparing a few dozen ids costs less than hashing one, and the
    /// locations and stores of a list are that few.
    private static var scanLimit: Int { 32 }

    func position(of id: ID) -> Int? {
        if values.count <= Self.scanLimit {
            for index in values.indices where values[index].id == id { return index }
            return nil
        }
        return positions[id]
    }

    /// The ids, in the order of ``values``.
    package var keys: LazyMapSequence<[Record], ID> { values.lazy.map(\.id) }

    /// The record with this id; setting `nil` removes it, a record (whose id must be `id`) adds or replaces it.
    package subscript(id: ID) -> Record? {
        get {
            guard let position = position(of: id) else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: id)
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// Adds or replaces a record. - Returns: the record it replaced, if any.
    @discardableResult
    mutating func updateValue(_ record: Record, forKey id: ID) -> Record? {
        assert(record.id == id, "a record is stored under its own id")
        if let position = positions[id] {
            let old = values[position]
            values[position] = record
            return old
        }
        positions[id] = values.count
        values.append(record)
        return nil
    }

    /// Removes a record, moving the last record into its place. - Returns: the removed record, if any.
    @discardableResult
    package mutating func removeValue(forKey id: ID) -> Record? {
        guard let position = positions.removeValue(forKey: id) else { return nil }
        let last = values.removeLast()
        guard position < values.count else { return last }
        let removed = values[position]
        values[position] = last
        positions[last.id] = position
        return removed
    }

    mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    /// Changes every record in place (fields other than the id), visiting each once with its position.
    mutating func updateEach(_ change: (_ position: Int, inout Record) -> Void) {
        for position in values.indices { change(position, &values[position]) }
    }

    /// The record with this id, looked for at `position` first: a table derived from another by a few
    /// changes keeps most records where they were, so comparing the two rarely needs the index.
    func counterpart(of id: ID, near position: Int) -> Record? {
        if position < values.count, values[position].id == id { return values[position] }
        return self[id]
    }

    func holds(_ record: Record, at position: Int) -> Bool {
        position < values.count && values[position] == record
    }

    subscript(position position: Int) -> Record { values[position] }

    /// Whether both tables hold the very same storage, so they are equal without looking at a record.
    func sharesStorage(with other: RecordTable) -> Bool {
        values.withUnsafeBufferPointer { mine in
            other.values.withUnsafeBufferPointer { theirs in
                mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
            }
        }
    }
}

extension RecordTable: Equatable {
    /// Equal when they hold the same records, in any order.
    package static func == (lhs: RecordTable, rhs: RecordTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.sharesStorage(with: rhs) { return true }
        for (position, record) in lhs.values.enumerated() {
            guard let other = rhs.counterpart(of: record.id, near: position), other == record else { return false }
        }
        return true
    }
}

extension RecordTable: Hashable {
    /// Independent of order, as `Dictionary`'s hash is: the records' own hashes are summed.
    package func hash(into hasher: inout Hasher) {
        var sum = 0
        for record in values { sum &+= record.hashValue }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
