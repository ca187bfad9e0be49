import ShopKit

/// The data file as the command's row declares it (``CommandSpec/data``): the only place that opens it.
extension CommandContext {
    /// The data file (with its lock, undo journal, device file and purchase log), not to be confused with
    /// `--store`, the supermarket; `SHOP_LOCK_TIMEOUT` (seconds) shortens the lock wait for tests.
    ///
    /// One store for the whole command, made at its first use: its path resolved once and its device file
    /// read once, whatever the command reads and writes after (issue 37).
    fileprivate func dataFile() throws(ShopError) -> DataFileStore {
        if let store = dataStore.store { return store }
        let timeout = environment["SHOP_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
        let now = self.now
        let store = DataFileStore(
            path: try dataFilePath(), lockTimeout: max(0, timeout), undoDescription: undoDescription, clock: { now },
            forOneCommand: true)
        dataStore.store = store
        return store
    }

    /// Loads the data for a command that reads it (`list`, `stores`, `export`...), creating nothing; the
    /// purchase log too when the row declares it, unless `purchaseLog` is `false`.
    ///
    /// A data file that does not exist reads as an empty list (SPEC section 5), and standard error says
    /// so: a mistyped `--file` or `SHOP_FILE` would otherwise look like an empty list and nothing more.
    mutating func readWorkspace(purchaseLog: Bool? = nil) throws(CommandFailure) -> Workspace {
        let store = try attempt { try self.dataFile() }
        if !store.exists {
            // Quoted like a path in an error (SPEC section 9): a long one is cut in the middle, keeping its
            // start and its file name, which is where a typo shows.
            say("No data file at \(Quoted.path(store.path)) yet; the first change creates it.")
        }
        return try loadWorkspace(purchaseLog: purchaseLog)
    }

    /// ``readWorkspace(purchaseLog:)``'s list, for a command that reads the records alone.
    mutating func readData() throws(CommandFailure) -> ShoppingList {
        try readWorkspace(purchaseLog: false).list
    }

    /// Loads the data without a word when there is no file (completions, `recipes`, a dry run, and a
    /// second read with the log): the lock is not taken and nothing is created.
    func loadWorkspace(purchaseLog: Bool? = nil) throws(CommandFailure) -> Workspace {
        let withLog = granted(reading: purchaseLog)
        let store = try attempt { try self.dataFile() }
        let workspace = try attempt { try store.loadWorkspace(purchaseLog: withLog) }
        dataStore.device = workspace.device
        return workspace
    }

    /// ``loadWorkspace(purchaseLog:)``'s list.
    func loadData() throws(CommandFailure) -> ShoppingList {
        try loadWorkspace(purchaseLog: false).list
    }

    /// Runs `change` under the data file's lock, as one undoable step written atomically (nothing is
    /// written when it throws), with the purchase log loaded when the row declares it; returns what
    /// `change` returned; `purchaseLog: false` leaves a declared log unread unless `needsLog` says the list
    /// as read needs it (`buy` reads it only to tell a repeated purchase from a second one, and for the
    /// warning of an item kept in stock): then it is read under the same lock, in the same pass.
    /// What `change` throws is its own layer's error (ShopError, a recipe's, the purchase history's), reported as
    /// ``CommandFailure/init(_:)`` says.
    func updateData<Result, Failure: Error>(
        purchaseLog: Bool? = nil, when needsLog: ((ShoppingList) -> Bool)? = nil,
        _ change: (inout ShoppingList) throws(Failure) -> Result
    ) throws(CommandFailure) -> Result {
        try updateWorkspace(purchaseLog: purchaseLog, when: needsLog) {
            (workspace: inout Workspace) throws(Failure) in try change(&workspace.list)
        }
    }

    /// ``updateData(purchaseLog:when:_:)`` for a change of this device's state too (`store use`, `timer`).
    func updateWorkspace<Result, Failure: Error>(
        purchaseLog: Bool? = nil, when needsLog: ((ShoppingList) -> Bool)? = nil,
        _ change: (inout Workspace) throws(Failure) -> Result
    ) throws(CommandFailure) -> Result {
        precondition(dataNeed.writes, "\(invocation.commandPath) changes the data but its row does not say so")
        let withLog = granted(reading: purchaseLog)
        precondition(needsLog == nil || dataNeed.readsLog, "\(invocation.commandPath) reads an undeclared log")
        let store = try attempt { try self.dataFile() }
        let box = dataStore
        do throws(ChangeFailure<Failure>) {
            return try store.updateWorkspace(loadingLog: withLog, loadingLogWhen: needsLog) {
                (workspace: inout Workspace) throws(Failure) in
                // The store in effect, asked inside the change, is this device's as read under the lock.
                box.device = workspace.device
                return try change(&workspace)
            }
        } catch {
            switch error {
            case .file(let failure): throw .shop(failure)
            case .change(let failure): throw CommandFailure(failure)
            }
        }
    }

    /// Runs an item change under the lock and returns its outcomes with the list after it.
    func updateItems(_ change: (inout ShoppingList) throws(ShopError) -> [ItemOutcome]) throws(CommandFailure)
        -> ([ItemOutcome], ShoppingList)
    {
        try updateData { (list: inout ShoppingList) throws(ShopError) in (try change(&list), list) }
    }

    /// The data file itself, for a command that works on it as a whole (undo journal, device file, git).
    func wholeDataFile() throws(CommandFailure) -> DataFileStore {
        precondition(dataNeed == .wholeFile, "\(invocation.commandPath) uses the data file but its row does not say so")
        return try attempt { try self.dataFile() }
    }

    /// Whether to read the purchase log: as declared, or less when `asked` is `false`.
    private func granted(reading asked: Bool?) -> Bool {
        precondition(dataNeed.reads, "\(invocation.commandPath) reads the data but its row does not say so")
        precondition(asked != true || dataNeed.readsLog, "\(invocation.commandPath) reads an undeclared log")
        return asked ?? dataNeed.readsLog
    }
}

// MARK: - The device file and git

extension CommandContext {
    /// One line on standard error when this device's file (current store, timer: SPEC section 8.3) exists
    /// but cannot be read: it is ignored, never written over, so the person should hear about it.
    func deviceFileWarning() -> String {
        guard let store = try? dataFile(), let problem = store.deviceFileProblem() else { return "" }
        return "Warning: ignoring this device's own file (no current store, timer at zero): "
            + ErrorReport(problem).message + "\n"
    }

    /// The device file's path, if the data file's path resolves (for the warning above).
    var deviceFilePath: String? { try? dataFile().devicePath }

    /// This device's name, recorded on every purchase (`"by"`): the one `shop device name` keeps in the
    /// device file, else the host name. Asked inside a change, it is what the change read from the device
    /// file under the lock, so the file is read once.
    var deviceName: String {
        (try? dataFile().deviceName()) ?? DeviceName.hostName
    }

    /// The git sync of this data file, registering this very executable as the merge driver.
    /// - Parameter forServer: the sync runs again and again in `shop serve --sync`: a store of its own that
    ///   reads the device file (this device's name) at every sync, not once as the command's does.
    func gitSync(forServer: Bool = false) throws(CommandFailure) -> GitSync {
        var store = try wholeDataFile()
        if forServer {
            store = DataFileStore(
                path: store.path, lockTimeout: store.lockTimeout, undoDescription: store.undoDescription,
                clock: store.clock)
        }
        return GitSync(store: store, executable: Frontend.executablePath(), environment: environment)
    }
}

/// The command's one data file store, made at its first use (``CommandContext/dataFile()``): a box, so that
/// the context's reading methods need not be mutating.
final class DataStoreBox {
    var store: DataFileStore?
    /// This device's state as the command last read it with the list (its current store).
    var device: DeviceState?
}
