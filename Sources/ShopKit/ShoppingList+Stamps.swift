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
    func stamp(after old: Self?, now: Date) -> Date? {
        guard let old else { return modifiedAt ?? now }
        return hasSameContent(as: old) ? old.modifiedAt : now
    }
}

/// The stamps (SPEC sections 7 and 8), which the git merge uses to pick the later of two edits of a field.
///
/// Stamps are set in one place, when a change is saved, by comparing every record with the list as it
/// was read: no operation can forget to stamp, and a record that ends up as it was (an import of the same
/// file, an edit back to the old value) keeps its old stamp.
extension ShoppingList {
    /// Stamps `now` on every item, location, store and the timer whose content differs from `before`, and
    /// gives every unchanged record its stamp from `before` back. A new record keeps a stamp it already
    /// carries (an imported export) and is stamped `now` otherwise. One dictionary lookup per record.
    public mutating func stampChanges(since before: ShoppingList, at now: Date) {
        let now = Self.wholeSeconds(now)
        Self.stamp(&itemsByID, before: before.itemsByID, now: now)
        Self.stamp(&locationsByID, before: before.locationsByID, now: now)
        Self.stamp(&storesByID, before: before.storesByID, now: now)
        timer.modifiedAt = timer.stamp(after: before.timer, now: now)
    }

    private static func stamp<ID, Record: Stamped>(_ records: inout [ID: Record], before: [ID: Record], now: Date) {
        var restamped: [(ID, Date?)] = []
        for (id, record) in records {
            let stamp = record.stamp(after: before[id], now: now)
            if stamp != record.modifiedAt { restamped.append((id, stamp)) }
        }
        for (id, stamp) in restamped { records[id]?.modifiedAt = stamp }
    }
}
