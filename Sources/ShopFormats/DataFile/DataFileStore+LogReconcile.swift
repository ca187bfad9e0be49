import ShopModel

/// Keeping the data file and the purchase log together when they disagree: a data file older than the
/// log this device acknowledged (a restored backup) is brought up to the log, never the log cut back to
/// it (see ``PurchaseLogAcknowledgement``).
extension DataFileStore {
    /// How much of the log file counts for a data file that names `marker`: the marker, or further when
    /// this device acknowledged more of the log than that data file names (it was replaced by an older
    /// one, a restored backup: see ``PurchaseLogAcknowledgement``).
    package func logMarker(named marker: PurchaseLogMarker?) -> PurchaseLogMarker? {
        let acknowledged = PurchaseLogAcknowledgement.read(lockPath: lockPath)
        return PurchaseLogFile(dataFile: resolvedPath).effectiveMarker(
            marker?.joined(with: acknowledged), acknowledged: acknowledged)
    }

    /// How much of the log file counts now: ``logMarker(named:)`` of the data file as it is.
    package func currentLogMarker() throws(ShopError) -> PurchaseLogMarker? {
        logMarker(named: try loadIfPresent()?.log.marker)
    }

    /// The data file's own marker with what this device knows of it (its check and inode, from the lock file) when
    /// the lock file names the same state: the marker ``logMarker(named:)`` starts from.
    func ownMarker(named marker: PurchaseLogMarker?) -> PurchaseLogMarker? {
        marker?.joined(with: PurchaseLogAcknowledgement.read(lockPath: lockPath))
    }

    /// When this device acknowledged more of the log than the data file names (the data file was replaced
    /// by an older one: a restored backup), brings the list as read up to the log: its marker takes in the
    /// acknowledged lines, and each item bought in them takes the later date. A change then writes it
    /// first, on its own and with no undo step, so the purchases stay (no later step cuts them off) and
    /// the undo history's snapshot of "before" the change holds them too; a command that fails or changes
    /// nothing leaves the file as it is. Under the lock.
    /// - Returns: whether the list was behind its log.
    func reconcileLog(_ list: inout ShoppingList, marker named: inout PurchaseLogMarker?) throws(ShopError) -> Bool {
        let log = PurchaseLogFile(dataFile: resolvedPath)
        let own = ownMarker(named: named)
        guard let marker = logMarker(named: named), marker != own, marker.length > (own?.length ?? 0) else {
            return false
        }
        let start = own.map { ($0.inode == nil || $0.inode == marker.inode) && log.matches($0) ? $0.length : 0 } ?? 0
        let lines = try log.purchases(from: start, to: marker.length)
        for purchase in lines {
            guard var item = list.itemsByID[purchase.itemID] else { continue }
            if item.dateLastPurchased.map({ $0 < purchase.date }) ?? true {
                item.dateLastPurchased = purchase.date
                list.itemsByID[purchase.itemID] = item
            }
        }
        named = marker
        return true
    }

    /// ``reconcileLog(_:marker:)`` for a writer that replaces the whole list (`sync`): when the data file is
    /// behind its log, it is brought up to it and written first, so an undo of the coming step keeps the
    /// acknowledged purchases. Under the lock.
    func reconcileBeforeReplacing(marker: PurchaseLogMarker?, target: String) throws(ShopError) {
        guard logMarker(named: marker) != ownMarker(named: marker), var current = try loadIfPresent(),
            try reconcileLog(&current.list, marker: &current.log.marker)
        else { return }
        try writeDataFile(
            current.list, marker: current.log.marker, target: target, emptyBefore: nil, recordingUndo: false)
    }
}
