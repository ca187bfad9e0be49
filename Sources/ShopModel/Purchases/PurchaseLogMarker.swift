/// Which state of the purchase log file a data file matches: the log's committed length and a digest of its lines,
/// and, known only on the device that wrote that state, a check of the bytes before the length and the file's inode.
///
/// The data file holds the shared part alone (`{"digest", "length"}`, SPEC 23): every device that holds the same log
/// lines, in whatever order, writes the same bytes, so the shared file carries nothing of one device. The device's
/// part (`check`, `inode`) is kept in its lock file (``PurchaseLogAcknowledgement``) and joined to a marker read from
/// the data file when the two name the same state. A data file written before version 9 has the device's part alone
/// (no digest): it is read as it is and gains its digest at the next change to the log.
///
/// Here rather than with the file code because the list carries it from the read to the write as part of its value;
/// only the data file's store (`PurchaseLogFile`, `DataFileStore`) reads or sets its fields.
package struct PurchaseLogMarker: Hashable, Sendable {
    /// The log's committed length: bytes after it belong to a step that never completed.
    package var length: Int
    /// The wrapping sum of a hash of each committed line (``PurchaseLogFile/digest(_:)``): the same for the same lines
    /// in any order. `nil` in a marker read from a data file of version 8 or older.
    package var digest: UInt64?
    /// ``UndoJournal/hash(_:)`` of the (up to) 64 bytes before `length`; `nil` when not known on this device.
    package var check: UInt64?
    /// The log file's inode when the marker was written; `nil` when not known on this device. shop only ever appends
    /// to the log in place, so another inode means the file was replaced by something else (git, a restored backup):
    /// then the whole file is taken as it is.
    package var inode: UInt64?

    package init(length: Int, digest: UInt64?, check: UInt64? = nil, inode: UInt64? = nil) {
        self.length = length
        self.digest = digest
        self.check = check
        self.inode = inode
    }

    /// The part of the marker the data file holds: the length and the digest (or, for a marker from before the
    /// digest, the check and inode it was read with).
    package var shared: PurchaseLogMarker {
        digest == nil ? self : PurchaseLogMarker(length: length, digest: digest)
    }

    /// This marker with the device's part of `known` when `known` names the same state (the same length and digest).
    package func joined(with known: PurchaseLogMarker?) -> PurchaseLogMarker {
        guard check == nil, inode == nil, let known, known.length == length, let digest, known.digest == digest
        else { return self }
        return known
    }
}
