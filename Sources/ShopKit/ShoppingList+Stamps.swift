#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A record that carries the `modifiedAt` stamp of data file version 2.
protocol Stamped: Equatable {
    var modifiedAt: Date? { get set }
}

extension Item: Stamped {}
extension Location: Stamped {}
extension Store: Stamped {}
extension StoreTimer: Stamped {}

extension Stamped {
    /// Whether the two records hold the same values, whatever their stamps.
    func hasSameContent(as other: Self) -> Bool {
        var other = other
        other.modifiedAt = modifiedAt
        return other == self
    }

    /// The stamp this record should carry once saved, given the record as it was read (`nil`: new).
    ///
    /// Operations never set stamps themselves; only an import that replaces records wholesale brings
    /// stamps in, and those are kept. So: unchanged content keeps its stamp; changed content whose stamp
    /// is still the one read gets `now`; a new record keeps the stamp it came with, else gets `now`.
    func stamp(after old: Self?, now: Date) -> Date? {
        guard let old else { return modifiedAt ?? now }
        if hasSameContent(as: old) || modifiedAt != old.modifiedAt { return modifiedAt }
        return now
    }
}

/// The stamps (SPEC sections 7 and 8), which the git merge uses to pick the later of two edits of a field.
///
/// Stamps are set in one place, when a change is saved, by comparing every record with the list as it
/// was read: no operation can forget to stamp, and a record that ends up as it was (an import of the same
/// file, an edit back to the old value) keeps its old stamp.
extension ShoppingList {
    /// Stamps `now` on every item, location, store and the timer whose content differs from `before`
    /// (see ``Stamped/stamp(after:now:)``). A table the change did not touch is skipped in one step; in the
    /// others each record is compared with its counterpart in `before`, found at the same position when the
    /// change left it there, else by id.
    public mutating func stampChanges(since before: ShoppingList, at now: Date) {
        let now = Self.wholeSeconds(now)
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
        timer.modifiedAt = timer.stamp(after: before.timer, now: now)
    }
}

extension RecordTable where Record: Stamped {
    /// - Parameter stranger: the counterpart of a record that has none in `before` by id, if it has one
    ///   by another rule (the Unknown Location).
    fileprivate mutating func stamp(since before: RecordTable, now: Date, stranger: (Record) -> Record? = { _ in nil }) {
        if sharesStorage(with: before) { return }
        updateEach { position, record in
            let old = before.counterpart(of: record.id, near: position) ?? stranger(record)
            let stamp = record.stamp(after: old, now: now)
            if stamp != record.modifiedAt { record.modifiedAt = stamp }
        }
    }
}
