/// A record that carries the per-field `modifiedAt` stamps of data file version 3 (SPEC section 8.2).
package protocol Stamped: Equatable, DeclaredRecord {
    var modifiedAt: FieldStamps { get set }
    /// Every field that is stamped: the rows of the record's table (``DeclaredRecord/fields``) that say so,
    /// kept once per kind of record so that the hot paths do not filter the table again.
    static var stampedFields: [RecordField<Self>] { get }
    /// ``stampForLegacy(_:)`` of each record, written out per record so that it is specialised in this target (the
    /// codecs in ShopFormats call it on every record of a version 2 file).
    mutating func stamp(legacy date: Date)
}

extension Item: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension ListedRecipe: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension RecipeNeed: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension Location: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension Store: Stamped {
    package static let stampedFields = fields.filter(\.isStamped).sorted { $0.name < $1.name }
    package mutating func stamp(legacy date: Date) { stampForLegacy(date) }
}

extension Stamped {
    /// Whether the two records hold the same values, whatever their stamps.
    func hasSameContent(as other: Self) -> Bool {
        var other = other
        other.modifiedAt = modifiedAt
        return other == self
    }

    /// The record with a version 2 stamp (one time for the whole record) read as per-field stamps: that time on every
    /// field holding a value someone set, as a new record is stamped; fields at their defaults stay unstamped.
    mutating func stampForLegacy(_ date: Date) {
        // A loop, not a lazy filter: a closure capturing the record would copy it for every record read.
        var fields: [String] = []
        fields.reserveCapacity(Self.stampedFields.count)
        for field in Self.stampedFields where field.isSet(self) { fields.append(field.name) }
        modifiedAt = FieldStamps(every: fields, at: date)
    }

    /// The stamps this record should carry once saved, given the record as it was read (`nil`: new).
    ///
    /// Unchanged content keeps its stamps; each changed field whose stamp is still the one read gets `now`; a new
    /// record keeps the stamps it came with (an import, a merge), else gets `now` on every field it was given.
    func stamps(after old: Self?, now: Date) -> FieldStamps {
        guard let old else {
            guard modifiedAt.isEmpty else { return modifiedAt }
            var stamps = FieldStamps()
            for field in Self.stampedFields where field.isSet(self) { stamps[field.name] = now }
            return stamps
        }
        if hasSameContent(as: old) { return modifiedAt }
        var stamps = modifiedAt
        for field in Self.stampedFields where !field.same(self, old) {
            if stamps[field.name] == old.modifiedAt[field.name] { stamps[field.name] = now }
        }
        return stamps
    }
}

/// The stamps (SPEC section 8.2), which the git merge uses to pick the later of two edits of a field.
///
/// Stamps are set in one place, when a change is saved, by comparing every record with the list as it was read: no
/// operation can forget to stamp, and a record that ends up as it was keeps its old stamps.
extension ShoppingList {
    /// Stamps the changed fields of every item, location and store whose content differs from `before` (see
    /// ``Stamped/stamps(after:now:)``), with `now` or, when the file already holds a stamp that late (another device's
    /// clock runs ahead), one millisecond after the newest stamp in `before`: an edit made after seeing another is
    /// always later than it. A table the change did not touch is skipped in one step; in the others each record is
    /// compared with its counterpart in `before`, at the same position when it is there, else by id.
    public mutating func stampChanges(since before: ShoppingList, at now: Date) {
        var now = FieldStamps.milliseconds(now)
        if let newest = before.newestStamp, newest >= now { now = newest.addingTimeInterval(0.001) }
        itemsByID.stamp(since: before.itemsByID, now: now)
        // The Unknown Location is one whatever its id (an export imported into an empty list brings its own).
        let oldUnknown = before.unknownLocation
        locationsByID.stamp(since: before.locationsByID, now: now) { location in
            guard location.isUnknown else { return nil }
            return Location(
                id: location.id, name: oldUnknown.name, visitationOrder: oldUnknown.visitationOrder,
                color: oldUnknown.color, isUnknown: true, modifiedAt: oldUnknown.modifiedAt)
        }
        storesByID.stamp(since: before.storesByID, now: now)
        listsByID.stamp(since: before.listsByID, now: now)
        learnedByID.stamp(since: before.learnedByID, now: now)
        recipesByID.stamp(since: before.recipesByID, now: now)
        needsByID.stamp(since: before.needsByID, now: now)
    }

    /// The newest stamp of any field of any record, if any record has one.
    public var newestStamp: Date? {
        var newest: Date?
        func consider(_ stamps: FieldStamps) {
            guard let date = stamps.newest else { return }
            if newest.map({ date > $0 }) ?? true { newest = date }
        }
        for item in itemsByID.values { consider(item.modifiedAt) }
        for location in locationsByID.values { consider(location.modifiedAt) }
        for store in storesByID.values { consider(store.modifiedAt) }
        for list in listsByID.values { consider(list.modifiedAt) }
        for place in learnedByID.values { consider(place.modifiedAt) }
        for recipe in recipesByID.values { consider(recipe.modifiedAt) }
        for need in needsByID.values { consider(need.modifiedAt) }
        return newest
    }
}

extension RecordTable where Record: Stamped {
    /// - Parameter stranger: the counterpart of a record that has none in `before` by id, if it has one
    ///   by another rule (the Unknown Location).
    fileprivate mutating func stamp(since before: RecordTable, now: Date, stranger: (Record) -> Record? = { _ in nil })
    {
        if sharesStorage(with: before) { return }
        updateEach { position, record in
            // Most records are those read, untouched: found equal in place, stamps and all, without a copy.
            if before.holds(record, at: position) { return }
            let old = before.counterpart(of: record.id, near: position) ?? stranger(record)
            let stamps = record.stamps(after: old, now: now)
            if stamps != record.modifiedAt { record.modifiedAt = stamps }
        }
    }
}
