import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DataFileStore {
    /// `shop undo`: puts the data file back as it was before the last recorded change.
    /// - Returns: the description of the change undone.
    /// - Throws: ``ShopError/nothingTo(_:)``, ``ShopError/undoHistoryDamaged(path:detail:)``,
    ///   ``ShopError/undoOutOfStep(_:description:)``, or the store's lock and write errors.
    public func undo() throws(ShopError) -> String {
        try step(.undo)
    }

    /// `shop redo`: re-applies the last undone change.
    public func redo() throws(ShopError) -> String {
        try step(.redo)
    }

    /// `shop undo --list`: the descriptions of the steps `undo` would take back, newest first; empty
    /// when there is no history. Reads without the lock: the history's index is replaced whole, by
    /// renaming, like the data file, so a reader sees the old index or the new one.
    /// - Throws: ``ShopError/undoHistoryDamaged(path:detail:)`` when the index cannot be read.
    public func undoSteps() throws(ShopError) -> [String] {
        try UndoJournal(dataFile: resolvedPath).readIndexIfPresent()?.undo.reversed().map(\.description) ?? []
    }

    /// Moves one step from one stack to the other, writing its snapshot over the data file. Under the lock.
    private func step(_ direction: ShopError.UndoDirection) throws(ShopError) -> String {
        let target = resolvedPath
        let journal = UndoJournal(dataFile: target)
        try journal.refuseLinks()
        guard POSIXFile.exists(journal.indexPath) else { throw .nothingTo(direction) }
        return try FileLock.withExclusiveLock(at: lockPath, timeout: lockTimeout) { () throws(ShopError) in
            var index = try journal.readIndexIfPresent() ?? UndoJournal.Index()
            let current = try POSIXFile.read(target, expectingRegularFile: true) ?? []
            let currentHash = UndoJournal.hash(current)
            while let step = (direction == .undo ? index.undo.last : index.redo.last) {
                guard
                    let snapshot = try? POSIXFile.read(
                        journal.snapshotPath(step), followingLinks: false, expectingRegularFile: true)
                else {
                    throw .undoHistoryDamaged(path: journal.snapshotPath(step), detail: "the snapshot is missing")
                }
                if direction == .undo { index.undo.removeLast() } else { index.redo.removeLast() }
                if step.file == .device {
                    try stepDevice(step, snapshot: snapshot, direction, &index, journal)
                    return step.description
                }
                if currentHash == UndoJournal.hash(snapshot) {
                    // The change this step records never reached the data file (a crash between the two
                    // writes): there is nothing to revert, so drop the step and look at the one before.
                    unlink(journal.snapshotPath(step))
                    continue
                }
                guard currentHash == step.expectedHash else {
                    throw .undoOutOfStep(direction, description: step.description)
                }
                // Refuse to restore a snapshot that is not valid data (a damaged journal must not damage the file).
                let restored = try DataFileCodec.decodeContents(consuming: snapshot, path: journal.snapshotPath(step))
                if direction == .undo {
                    try refuseTakingBackTravelled(restored.log.marker, current: current, step.description)
                }
                let opposite = UndoJournal.Step(
                    serial: index.nextSerial, description: step.description, expectedHash: UndoJournal.hash(snapshot))
                index.nextSerial += 1
                try journal.snapshotCurrentFile(to: journal.snapshotPath(opposite), orWrite: { current })
                if direction == .undo { index.redo.append(opposite) } else { index.undo.append(opposite) }
                try journal.writeIndex(index)
                unlink(journal.snapshotPath(step))
                try AtomicFile.write(snapshot, to: path, resolved: target)
                // On purpose, the log counts again exactly as far as the file put back says: an undone
                // `buy` takes its purchase back, and `redo` brings it again.
                PurchaseLogAcknowledgement.write(restored.log.marker, lockPath: lockPath)
                return step.description
            }
            try journal.writeIndex(index)
            throw .nothingTo(direction)
        }
    }

    /// Undoes or redoes a step of the device file (`store use`, `timer`): the device file as the snapshot
    /// holds it (none, for an empty snapshot), and the opposite step with the file as it is now.
    private func stepDevice(
        _ step: UndoJournal.Step, snapshot: [UInt8], _ direction: ShopError.UndoDirection,
        _ index: inout UndoJournal.Index, _ journal: UndoJournal
    ) throws(ShopError) {
        let file = deviceFile
        let current = try file.rawBytes()
        guard UndoJournal.hash(current ?? []) == step.expectedHash else {
            throw .undoOutOfStep(direction, description: step.description)
        }
        let opposite = UndoJournal.Step(
            serial: index.nextSerial, description: step.description, expectedHash: UndoJournal.hash(snapshot),
            file: .device)
        index.nextSerial += 1
        try AtomicFile.write(current ?? [], to: journal.snapshotPath(opposite), followingLinks: false)
        if direction == .undo { index.redo.append(opposite) } else { index.undo.append(opposite) }
        try journal.writeIndex(index)
        unlink(journal.snapshotPath(step))
        if snapshot.isEmpty {
            unlink(file.path)
        } else {
            try file.writeBytes(snapshot)
        }
    }
}

extension DataFileStore {
    /// `undo` takes back a purchase or an `unbuy` only while it has not travelled (SPEC 16): a snapshot
    /// that counts fewer log lines than the data file does now, where a sync has since sent those lines
    /// (``PurchaseLogAcknowledgement/readTravelled(lockPath:)``), is refused. Before this rule the undone
    /// purchase silently came back at the next sync, which puts back every line the remote holds.
    fileprivate func refuseTakingBackTravelled(
        _ restored: PurchaseLogMarker?, current: [UInt8], _ description: String
    ) throws(ShopError) {
        guard let travelled = PurchaseLogAcknowledgement.readTravelled(lockPath: lockPath),
            travelled.length > (restored?.length ?? 0),
            restored.map({ $0.inode == nil || $0.inode == travelled.inode }) ?? true,
            PurchaseLogFile(dataFile: resolvedPath).matches(travelled),
            let now = try? DataFileCodec.decodeContents(consuming: current, path: resolvedPath),
            (now.log.marker?.length ?? 0) > (restored?.length ?? 0)
        else { return }
        throw .undoTravelled(description: description)
    }
}
