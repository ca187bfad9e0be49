/// Which state of the purchase log file a data file matches: the log's length, a hash of the bytes before it, and the
/// inode. Kept in the data file, so its atomic rename commits the list and log changes together.
///
/// Here rather than with the file code because the list carries it from the read to the write as part of its value;
/// only the data file's store (`PurchaseLogFile`, `DataFileStore`) reads or sets its fields.
package struct PurchaseLogMarker: Hashable, Sendable {
    /// The log's committed length: bytes after it belong to a step that never completed.
    package var length: Int
    /// ``UndoJournal/hash(_:)`` of the (up to) 64 bytes before `length`.
    package var check: UInt64
    /// The log file's inode when the marker was written. shop only ever appends to the log in place, so another inode
    /// means the file was replaced by something else (git, a restored backup): then the whole file is taken as it is.
    package var inode: UInt64

    package init(length: Int, check: UInt64, inode: UInt64) {
        self.length = length
        self.check = check
        self.inode = inode
    }
}
