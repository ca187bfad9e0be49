/// What a command needs of the data file, declared in its row of the table the way git's `commands[]` rows carry
/// `RUN_SETUP`: the context grants exactly that (``CommandContext/readWorkspace(purchaseLog:)``,
/// ``CommandContext/updateData(_:)``, ``CommandContext/wholeDataFile()``), and no command opens the data file by
/// hand. A command may use less than it declares, never more: the end-to-end tests would hit it.
enum DataNeed: Sendable, Hashable {
    /// Nothing: help, completions, the manual, `merge-file` (its files are its arguments).
    case nothing
    /// Reads the list without the lock; `log`: the purchase log too (history, spending, learned restock).
    case reads(log: Bool)
    /// Changes it under the lock (and may read it first); `log`: the purchase log is loaded for the change.
    case writes(log: Bool)
    /// The data file as a whole: its undo journal, device file and git repository (`undo`, `device name`, `sync`).
    case wholeFile

    var reads: Bool {
        switch self {
        case .reads, .writes: true
        case .nothing, .wholeFile: false
        }
    }

    var writes: Bool {
        if case .writes = self { return true }
        return false
    }

    /// Whether the purchase log is read with the list.
    var readsLog: Bool {
        switch self {
        case .reads(let log), .writes(let log): log
        case .nothing, .wholeFile: false
        }
    }
}
