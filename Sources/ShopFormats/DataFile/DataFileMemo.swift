import ShopModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data file's bytes as a long-running process last read them, with the list they decode to: when the
/// file holds the same bytes again, the list is used as it is instead of decoding them again.
///
/// `shop serve` keeps one for its whole run: the next tap's change, under the lock, reads the file, finds the bytes it
/// decoded for the page, and skips decoding them a second time (SPEC 17: a POST within 1.2× `list --json`). The bytes
/// themselves are compared, not the file's inode and time: a file replaced within the same clock tick by one of the
/// same size could otherwise pass for the one remembered, and a change made from it would undo another process's.
package final class DataFileMemo: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var decoded: DataFileContents
    }

    private let entry = Mutex<Entry?>(nil)
    private let reuses = Mutex(0)

    /// How many reads found the bytes remembered (for the tests).
    package var hits: Int { reuses.withLock { $0 } }

    package init() {}

    /// What `bytes` decode to, when they are the bytes last remembered.
    func decoded(for bytes: [UInt8]) -> DataFileContents? {
        entry.withLock { entry in
            guard let entry, entry.bytes.count == bytes.count else { return nil }
            let same = entry.bytes.withUnsafeBytes { known in
                bytes.withUnsafeBytes { read in
                    known.isEmpty || memcmp(known.baseAddress!, read.baseAddress!, read.count) == 0
                }
            }
            guard same else { return nil }
            reuses.withLock { $0 += 1 }
            return entry.decoded
        }
    }

    /// Remembers `decoded` as what `bytes` decode to.
    func remember(_ bytes: [UInt8], decodeTo decoded: DataFileContents) {
        entry.withLock { $0 = Entry(bytes: bytes, decoded: decoded) }
    }
}
