import ShopHistory
import ShopModel

/// A change of the data file that failed, by whose failure it was: the store's or the change's. Nothing was written.
public enum ChangeFailure<Failure: Error>: Error {
    /// The store's own: the lock, a read, a write, a change that would make the file unreadable (``ShopError``).
    case file(ShopError)
    /// What the change threw (a recipe's refusal, the purchase history's).
    case change(Failure)
}

extension ChangeFailure: Equatable where Failure: Equatable {}

extension ChangeFailure where Failure == ShopError {
    /// The ShopError, whichever side it came from.
    public var shopError: ShopError {
        switch self {
        case .file(let error), .change(let error): error
        }
    }
}

/// The one type that reads and writes the data file (SPEC section 5).
///
/// Reads take no lock: writes replace the file by renaming, so a reader sees the old file or the new one.
/// Changes go through ``update(_:beforeWrite:)``: lock, read, change, write, unlock.
public struct DataFileStore: Sendable {
    /// The data file as the user named it (reported in errors).
    public let path: String
    /// Seconds to wait for another process's lock before giving up with ``ShopError/busy(lockPath:waitedSeconds:)``.
    public let lockTimeout: Double

    /// When set, every change is recorded in the undo history under this description ("buy milk, eggs").
    public var undoDescription: String?
    /// The time stamped on the records a change touches (`modifiedAt`).
    public var clock: @Sendable () -> Date
    /// The list last decoded from the data file, reused while the file is the same one (`shop serve`).
    package var memo: DataFileMemo?

    /// A store for the data file at `path`; nothing is touched until it is used.
    /// - Parameter undoDescription: names the changes made through this store in the undo history;
    ///   `nil` records nothing.
    ///   - clock: the time of each change, stamped on the records it touches.
    ///   - forOneCommand: the store serves one command and no longer: it reads the device file once,
    ///     whatever the command reads and writes after (issue 37); a store that lives longer (`shop
    ///     serve`'s) reads it at every read, as another process may change it meanwhile.
    public init(
        path: String, lockTimeout: Double = 10, undoDescription: String? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }, forOneCommand: Bool = false
    ) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.undoDescription = undoDescription
        self.clock = clock
        resolvedPath = POSIXFile.resolvingSymlinks(path)
        deviceFile = DeviceFile(dataFile: resolvedPath, remembering: forOneCommand)
    }

    /// The file that is actually read and replaced: `path` with symbolic links followed, once, when the
    /// store is made (a store is made per command, per batch of a server's ops).
    public let resolvedPath: String

    /// The lock file, beside the resolved data file, so every path that leads to the same data file
    /// (through links or not) takes the same lock.
    public var lockPath: String { SiblingFile.lock.path(beside: resolvedPath) }

    /// Whether another process holds the data file's lock now (a command mid-change, a `sync`).
    public var isLockHeld: Bool { FileLock.isHeld(at: lockPath) }

    /// Whether the data file exists.
    public var exists: Bool { POSIXFile.exists(path) }

    /// The data file's bytes as stored, or `nil` when it does not exist.
    /// - Throws: ``ShopError/cannotRead(path:reason:)``.
    public func readRawBytes() throws(ShopError) -> [UInt8]? {
        try POSIXFile.read(path, expectingRegularFile: true)
    }

    /// Reads the list. A missing file is an empty list; nothing is ever created by reading.
    /// - Throws: ``ShopError/cannotRead(path:reason:)``, ``ShopError/corruptFile(path:detail:)`` or
    ///   ``ShopError/newerVersion(path:found:supported:)``.
    public func load() throws(ShopError) -> ShoppingList {
        try loadIfPresent()?.list ?? ShoppingList()
    }

    /// Reads the list with this device's current store and timer (SPEC section 8.3) from the device file; with
    /// `purchaseLog`, the purchase log too. A damaged device file is read as nothing chosen
    /// (``deviceFileProblem()`` says what is wrong with it).
    /// - Throws: the errors of ``load()``.
    public func loadWorkspace(purchaseLog: Bool = false) throws(ShopError) -> Workspace {
        guard var stored = try loadIfPresent() else {
            return Workspace(
                list: ShoppingList(), log: PurchaseLog(isLoaded: purchaseLog),
                device: try deviceFile.read().state(over: DeviceState()))
        }
        if purchaseLog { try readLog(into: &stored.log, of: stored.list) }
        return Workspace(
            list: stored.list, log: stored.log, device: try deviceFile.read().state(over: stored.legacyDevice))
    }

    /// The device file: `<data file>.device`, beside the resolved data file like the lock; read once.
    let deviceFile: DeviceFile

    /// The device file's path (`shop.json.device`).
    public var devicePath: String { deviceFile.path }

    /// What is wrong with the device file, when it exists and cannot be read as one; `nil` otherwise.
    /// Reads ignore such a file; changes to the current store or the timer fail naming it.
    public func deviceFileProblem() -> ShopError? {
        guard case .damaged(let problem) = try? deviceFile.read() else { return nil }
        return problem
    }

    /// Reads the list, or `nil` when the file does not exist. The file's bytes are handed to the decoder,
    /// which lets go of them as soon as they are scanned.
    ///
    /// A file of version 1 or 2 may hold a current store and a timer: read as this device's (`legacyDevice`) until a
    /// device file exists, and handed to it by the first write (SPEC section 8.3).
    func loadIfPresent() throws(ShopError) -> DataFileContents? {
        guard let bytes = try readRawBytes() else { return nil }
        guard let memo else { return try DataFileCodec.decodeContents(consuming: bytes, path: path) }
        if let decoded = memo.decoded(for: bytes) { return decoded }
        let decoded = try DataFileCodec.decodeContents(consuming: bytes, path: path)
        memo.remember(bytes, decodeTo: decoded)
        return decoded
    }

    /// The purchase log file beside the data file (`<data file>.purchases`).
    public var purchaseLogPath: String { PurchaseLogFile(dataFile: resolvedPath).path }

    /// Reads the list with its whole purchase log (for `history`, `spending`, `unbuy`, learned restock).
    /// Without a data file, the log is empty too.
    public func loadWithPurchaseLog() throws(ShopError) -> (list: ShoppingList, log: PurchaseLog) {
        guard var stored = try loadIfPresent() else { return (ShoppingList(), PurchaseLog()) }
        try readLog(into: &stored.log, of: stored.list)
        return (stored.list, stored.log)
    }

    /// Reads the committed purchases of the log file into `log`, which holds the marker the data file names (and an
    /// export's inline purchases, kept after them).
    private func readLog(into log: inout PurchaseLog, of list: ShoppingList) throws(ShopError) {
        let inline = log
        let (live, deleted, stock, dead) = try PurchaseLogFile(dataFile: resolvedPath).loadWithDeletions(
            marker: logMarker(named: inline.marker))
        log = PurchaseLog(loaded: live, deleted: deleted, stock: stock, dead: dead)
        log.marker = inline.marker
        if !inline.purchases.isEmpty {
            let known = Set(log.purchases.map(\.id))
            for purchase in inline.purchases where !known.contains(purchase.id) { log.add(purchase) }
        }
        list.attachOrphanPurchases(in: &log)
    }

    /// Changes the list atomically, as ``updateWorkspace(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)``
    /// does, for a change of the shared records alone.
    public func update<Result>(
        loadingLog: Bool = false, loadingLogWhen needsLog: ((ShoppingList) -> Bool)? = nil,
        _ body: (inout ShoppingList) throws(ShopError) -> Result,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)? = nil,
        describe: ((Result) -> String)? = nil,
        afterWrite: ((Result) -> Void)? = nil
    ) throws(ShopError) -> Result {
        try updateWorkspace(
            loadingLog: loadingLog, loadingLogWhen: needsLog,
            { (workspace: inout Workspace) throws(ShopError) in try body(&workspace.list) },
            beforeWrite: beforeWrite, describe: describe, afterWrite: afterWrite)
    }

    /// Changes the list and this device's state atomically: takes the lock, reads the files, applies `body` to a
    /// copy, and writes the result only if the list changed. If anything throws, nothing is written. A change to the current
    /// store or the timer is written to the device file only (no undo step, nothing for `sync`).
    ///
    /// The first change creates the folder (mode 0700) and the file (0600). The lock file, beside the data
    /// file, is created on first use and left in place.
    /// - Parameters:
    ///   - loadingLog: whether `body` gets the list with its purchase log; or, with `needsLog`, whether the
    ///     list as read needs it (`buy` of an item kept in stock): the log is then read under the same lock,
    ///     not in a second pass.
    ///   - body: the change; its result is returned.
    ///   - beforeWrite: called under the lock when the list changed, with the lists before and after, just
    ///     before the new file replaces the old one (where an undo journal records the step). Throwing
    ///     cancels the update.
    ///   - describe: names the undo step after what `body` did (`shop serve`'s batches), in place of
    ///     ``undoDescription``; only consulted when that is set.
    ///   - afterWrite: called still under the lock once the changed list is written (`shop serve`
    ///     records the ops it applied there, SPEC 20); what it does cannot undo the write.
    /// - Throws: what `body` or `beforeWrite` throw, or the errors of ``load()``, plus
    ///   ``ShopError/busy(lockPath:waitedSeconds:)`` and ``ShopError/cannotWrite(path:reason:)``: all of them
    ///   ShopError, for a change that throws nothing else (the generic
    ///   ``updateWorkspace(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)`` keeps them apart).
    public func updateWorkspace<Result>(
        loadingLog: Bool = false, loadingLogWhen needsLog: ((ShoppingList) -> Bool)? = nil,
        _ body: (inout Workspace) throws(ShopError) -> Result,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)? = nil,
        describe: ((Result) -> String)? = nil,
        afterWrite: ((Result) -> Void)? = nil
    ) throws(ShopError) -> Result {
        do throws(ChangeFailure<ShopError>) {
            return try transaction(
                loadingLog: loadingLog, loadingLogWhen: needsLog, body, beforeWrite: beforeWrite, describe: describe,
                afterWrite: afterWrite)
        } catch {
            throw error.shopError
        }
    }

    /// Changes the list and this device's state atomically, as the ShopError-throwing
    /// ``updateWorkspace(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)`` does, for a change that
    /// fails with an error of its own layer (a recipe's, the purchase history's).
    /// - Throws: ``ChangeFailure/change(_:)`` with what `body` threw, or ``ChangeFailure/file(_:)`` with the
    ///   store's own failures (the lock, a read, a write) and what `beforeWrite` threw. Nothing is written either way.
    public func updateWorkspace<Result, Failure: Error>(
        loadingLog: Bool = false, loadingLogWhen needsLog: ((ShoppingList) -> Bool)? = nil,
        _ body: (inout Workspace) throws(Failure) -> Result,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)? = nil,
        describe: ((Result) -> String)? = nil,
        afterWrite: ((Result) -> Void)? = nil
    ) throws(ChangeFailure<Failure>) -> Result {
        try transaction(
            loadingLog: loadingLog, loadingLogWhen: needsLog, body, beforeWrite: beforeWrite, describe: describe,
            afterWrite: afterWrite)
    }

    /// Both ``updateWorkspace(loadingLog:loadingLogWhen:_:beforeWrite:describe:afterWrite:)``: one name would call
    /// itself, the ShopError one being the more specific.
    private func transaction<Result, Failure: Error>(
        loadingLog: Bool, loadingLogWhen needsLog: ((ShoppingList) -> Bool)?,
        _ body: (inout Workspace) throws(Failure) -> Result,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)?,
        describe: ((Result) -> String)?,
        afterWrite: ((Result) -> Void)?
    ) throws(ChangeFailure<Failure>) -> Result {
        let target = resolvedPath
        if !POSIXFile.exists(target) {
            // Nothing exists yet: try the change on an empty list first, so a command that fails (an unknown
            // name, a bad value) leaves no folder or lock file behind. An empty list costs nothing to copy.
            var trial = Workspace(list: ShoppingList(), log: PurchaseLog(isLoaded: loadingLog))
            do throws(Failure) { _ = try body(&trial) } catch { throw .change(error) }
        }
        // The body's failure comes out of the lock as a value: only the store's own failures are thrown there.
        let outcome: Swift.Result<Result, Failure>
        do throws(ShopError) {
            // The lock file lives in the data folder, so that folder must exist before the lock can be taken.
            try POSIXFile.makeDirectories(POSIXFile.parent(of: target))
            outcome = try FileLock.withExclusiveLock(at: lockPath, timeout: lockTimeout) { () throws(ShopError) in
                // Under the lock no other writer is mid-write, so temporaries of dead processes are safe to remove.
                try prepareToWrite(target)
                let change = try self.change(body, loadingLog: loadingLog, when: needsLog, beforeWrite: beforeWrite)
                if case .success(let result) = change.result, let after = change.after {
                    if let reconciled = change.reconciled {
                        try writeDataFile(
                            reconciled.list, marker: reconciled.marker, target: target, emptyBefore: nil,
                            recordingUndo: false)
                    }
                    var writer = self
                    if let describe, undoDescription != nil { writer.undoDescription = describe(result) }
                    try writer.write(after.list, log: after.log, target: target, emptyBefore: change.emptyBefore)
                    afterWrite?(result)
                }
                return change.result
            }
        } catch {
            throw .file(error)
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let failure): throw .change(failure)
        }
    }

    /// Loads the list, applies `body` and, when the list changed, stamps the changed records and calls
    /// `beforeWrite`. The list as read is released on return, before the new one is encoded: on a large
    /// list, holding both lists and the new text at once would take about twice the memory.
    /// - Returns: `body`'s result or what it threw (then nothing else); the changed list (`nil` when
    ///   unchanged); when there was no data file, the empty list the change started from (the undo history's
    ///   snapshot of "before"); and the data file brought up to its log (``reconcileLog(_:marker:)``), to be
    ///   written before the change.
    private func change<Result, Failure: Error>(
        _ body: (inout Workspace) throws(Failure) -> Result, loadingLog: Bool,
        when needsLog: ((ShoppingList) -> Bool)?,
        beforeWrite: ((_ before: ShoppingList, _ after: ShoppingList) throws(ShopError) -> Void)?
    ) throws(ShopError) -> (
        result: Swift.Result<Result, Failure>, after: (list: ShoppingList, log: PurchaseLog)?,
        emptyBefore: ShoppingList?,
        reconciled: (list: ShoppingList, marker: PurchaseLogMarker?)?
    ) {
        var stored = try loadIfPresent()
        var reconciled: (list: ShoppingList, marker: PurchaseLogMarker?)?
        if var contents = stored {
            stored = nil  // one copy of the records, not two
            if try reconcileLog(&contents.list, marker: &contents.log.marker) {
                reconciled = (contents.list, contents.log.marker)
            }
            if loadingLog || needsLog?(contents.list) == true { try readLog(into: &contents.log, of: contents.list) }
            stored = contents
        }
        let before = stored?.list ?? ShoppingList()
        let logBefore = stored?.log ?? PurchaseLog(isLoaded: loadingLog)
        let legacy = stored?.legacyDevice ?? DeviceState()
        let device = try deviceFile.read(again: true)
        let deviceBefore = device.state(over: legacy).checked(against: before)
        var workspace = Workspace(list: before, log: logBefore, device: deviceBefore)
        let result: Result
        do throws(Failure) { result = try body(&workspace) } catch { return (.failure(error), nil, nil, nil) }
        var after = workspace.list
        // Only the store moves the log marker (in `write`, after appending): a change that replaces the
        // whole list (`sample --force`) keeps the history, which nothing but `unbuy` rewrites.
        workspace.log.marker = logBefore.marker
        // A current store the change removed (`store remove`, `import --replace`) is none; the name is not the
        // change's to make (`device name` writes it alone).
        var deviceAfter = workspace.device.checked(against: after)
        deviceAfter.name = deviceBefore.name
        // The log is a file of its own: a purchase alone is a change.
        let dataChanged = after != before || workspace.log.hasChanges
        let handOver = dataChanged && device == .missing && !legacy.isEmpty
        if deviceAfter != deviceBefore || handOver {
            if case .damaged(let problem) = device { throw problem }
            // `store use` and `timer` are undoable steps (SPEC 14), though the device file holds them.
            let previous = dataChanged ? nil : try deviceFile.rawBytes()
            try deviceFile.write(deviceAfter)
            if !dataChanged, let undoDescription {
                UndoJournal(dataFile: resolvedPath).recordDevice(
                    description: undoDescription, before: previous,
                    afterHash: UndoJournal.hash(DeviceFile.encode(deviceAfter)))
            }
        }
        guard dataChanged else { return (.success(result), nil, nil, nil) }
        // SPEC section 14: a change whose file shop would refuse fails here, before anything is written.
        if let problem = after.readBackProblem() { throw .unreadableChange(detail: problem) }
        after.stampChanges(since: before, at: clock())
        try beforeWrite?(before, after)
        return (.success(result), (after, workspace.log), stored == nil ? before : nil, reconciled)
    }

    /// Writes `list` over the data file, streaming its text to the temporary file (a 100,000-item file is
    /// never whole in memory), and records the undo step between flushing the new file and renaming it
    /// over the old one (see ``UndoJournal`` for why that order is safe).
    /// - Parameters:
    ///   - log: what the change added to the purchase log is appended to the file first; its marker is the one the
    ///     data file named before.
    ///   - beforeReplacing: called with the flushed temporary file and the log marker written in it before anything
    ///     replaces the data file; throwing leaves the data file as it was and removes the temporary file. `sync`
    ///     hands the file to git there (SPEC 14).
    func write(
        _ list: ShoppingList, log: PurchaseLog, target: String, emptyBefore: ShoppingList?,
        beforeReplacing: ((_ temporary: String, _ marker: PurchaseLogMarker?) throws(ShopError) -> Void)? = nil
    ) throws(ShopError) {
        var marker = log.marker
        let file = PurchaseLogFile(dataFile: target)
        var appended: (length: Int, created: Bool)?
        if log.hasChanges {
            // The log first: until the data file below names its new length, the appended lines do not count.
            let lines = PurchaseLogFile.lines(added: log.added, deleted: log.deleted, stock: log.addedStock)
            let (written, length, created) = try file.append(lines, after: logMarker(named: log.marker))
            marker = written
            appended = (length, created)
        }
        do throws(ShopError) {
            try writeDataFile(
                list, marker: marker, target: target, emptyBefore: emptyBefore, beforeReplacing: beforeReplacing)
        } catch {
            // The data file stayed as it was (a full disk, say): the lines just appended count for
            // nothing, and are taken off again rather than left for the next step to cut (a log this step
            // created goes: no empty log is left behind).
            if let appended { file.takeBack(to: appended.length, removing: appended.created) }
            throw error
        }
        if log.hasChanges {
            PurchaseLogAcknowledgement.write(marker, lockPath: SiblingFile.lock.path(beside: target))
        }
    }

    /// The data file part of ``write(_:log:target:emptyBefore:beforeReplacing:)``.
    func writeDataFile(
        _ list: ShoppingList, marker: PurchaseLogMarker?, target: String, emptyBefore: ShoppingList?,
        recordingUndo: Bool = true,
        beforeReplacing: ((_ temporary: String, _ marker: PurchaseLogMarker?) throws(ShopError) -> Void)? = nil
    ) throws(ShopError) {
        try DataFileCodec.replace(path, resolved: target, with: list, marker: marker) {
            (temporary, hash) throws(ShopError) in
            try beforeReplacing?(temporary, marker)
            guard recordingUndo, let undoDescription else { return }
            // The snapshot of "before" is a hard link to the data file; where links are impossible it is
            // the file's bytes, read again (it is not replaced yet), or the empty list there was no file.
            UndoJournal(dataFile: target).record(description: undoDescription, afterHash: hash) {
                if let emptyBefore { return DataFileCodec.encode(emptyBefore) }
                return (try? POSIXFile.read(target, expectingRegularFile: true)).flatMap { $0 } ?? []
            }
        }
    }

    /// Replaces the whole list (for `sample --force` and `import --replace`), under the lock. This device's
    /// current store and timer are not the list's and stay (a current store that is gone becomes none).
    public func save(_ list: ShoppingList) throws(ShopError) {
        try update { (stored: inout ShoppingList) throws(ShopError) in stored = list }
    }

    // MARK: - The format, for import and export

    /// The bytes of `list` in the data file format (what `export --format json` prints), with `log`'s purchases and
    /// stock entries inline when it is loaded.
    public static func encode(_ list: ShoppingList, log: PurchaseLog) -> [UInt8] {
        DataFileCodec.encode(list, marker: log.marker, inlineLog: log.isLoaded ? log : nil)
    }

    /// Reads bytes in the data file format (an export being imported); `path` is named in errors.
    /// - Returns: the records, and the export's purchases and stock entries (a log that is loaded when it has them).
    /// - Throws: ``ShopError/corruptFile(path:detail:)`` or ``ShopError/newerVersion(path:found:supported:)``.
    public static func decode(_ bytes: [UInt8], path: String) throws(ShopError) -> (
        list: ShoppingList, log: PurchaseLog
    ) {
        let contents = try DataFileCodec.decodeContents(consuming: bytes, path: path)
        return (contents.list, contents.log)
    }
}
