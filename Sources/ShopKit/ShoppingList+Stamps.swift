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
    /// (see ``Stamped/stamp(after:now:)``). One dictionary lookup per record.
    public mutating func stampChanges(since before: ShoppingList, at now: Date) {
        let now = Self.wholeSeconds(now)
        Self.stamp(&itemsByID, now: now) { id, _ in before.itemsByID[id] }
        // The Unknown Location is one whatever its id (an export imported into an empty list brings its own).
        let oldUnknown = before.unknownLocation
        Self.stamp(&locationsByID, now: now) { id, location in
            before.locationsByID[id]
                ?? (location.isUnknown
                    ? Location(
                        id: id, name: oldUnknown.name, visitationOrder: oldUnknown.visitationOrder,
                        color: oldUnknown.color, isUnknown: true, modifiedAt: oldUnknown.modifiedAt)
                    : nil)
        }
        Self.stamp(&storesByID, now: now) { id, _ in before.storesByID[id] }
        timer.modifiedAt = timer.stamp(after: before.timer, now: now)
    }

    private static func stamp<ID, Record: Stamped>(
        _ records: inout [ID: Record], now: Date, old: (ID, Record) -> Record?
    ) {
        var restamped: [(ID, Date?)] = []
        for (id, record) in records {
            let stamp = record.stamp(after: old(id, record), now: now)
            if stamp != record.modifiedAt { restamped.append((id, stamp)) }
        }
        for (id, stamp) in restamped { records[id]?.modifiedAt = stamp }
    }
}
