import ShopModel

extension DataFileStore {
    /// What every writer does first, under the lock: temporaries of killed writers of the data file and
    /// of the files beside it go, and the undo journal is refused if it is not shop's own folder.
    func prepareToWrite(_ target: String) throws(ShopError) {
        AtomicFile.removeStaleTemporaries(
            of: [target, SiblingFile.undo.path(beside: target), SiblingFile.device.path(beside: target)])
        if undoDescription != nil { try UndoJournal(dataFile: target).refuseLinks() }
    }

    /// Writes `list` over the data file as it is (the merge kept each record's own stamps), as one undo
    /// step when ``undoDescription`` is set. The caller holds the lock (`sync`).
    /// - Parameter hadFile: whether a data file existed (else undo restores an empty list).
    /// - Parameter log: what the merge added to the purchase log, with the marker the data file named.
    /// - Parameter beforeReplacing: see ``write(_:log:target:emptyBefore:beforeReplacing:)``.
    package func replaceHoldingLock(
        with list: ShoppingList, log: PurchaseLog, hadFile: Bool,
        beforeReplacing: ((_ temporary: String, _ marker: PurchaseLogMarker?) throws(ShopError) -> Void)? = nil
    ) throws(ShopError) {
        let target = resolvedPath
        try prepareToWrite(target)
        if hadFile { try reconcileBeforeReplacing(marker: log.marker, target: target) }
        try write(
            list, log: log, target: target, emptyBefore: hadFile ? nil : ShoppingList(),
            beforeReplacing: beforeReplacing)
    }
}
