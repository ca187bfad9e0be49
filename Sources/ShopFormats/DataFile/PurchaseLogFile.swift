import ShopJSON
import ShopModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The purchase log, `<data file>.purchases`, beside the data file: one JSON object a line, oldest first,
/// each a purchase or the deletion of one (`{"deleted":"<id>"}`, from `unbuy`).
///
/// A file of its own (measured, see the README) so that `list` and `add` never open it and `buy` appends a line.
///
/// One atomic step across two files: under the data file's lock, the new lines are appended to the log (after cutting
/// it back to the committed length) and flushed, then the data file, whose ``PurchaseLogMarker`` names the new length,
/// replaces the old one. A process killed in between leaves the old data file, whose marker says to ignore the appended
/// bytes (they are cut off by the next append). Undo restores an older data file, and with it an older marker: the
/// log's later lines are ignored, so one snapshot of the data file undoes both files.
package struct PurchaseLogFile {
    /// The log file's path.
    package let path: String

    /// The log beside a (resolved) data file.
    package init(dataFile resolvedPath: String) {
        path = SiblingFile.purchases.path(beside: resolvedPath)
    }

    /// The file's current size and inode; `nil` when it does not exist.
    private func status() -> (size: Int, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int(info.st_size), UInt64(info.st_ino))
    }

    /// The hash of the (up to) 64 bytes before `length` in `bytes`.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, before length: Int) -> UInt64 {
        var hash = UndoJournal.Hash()
        hash.combine(UnsafeBufferPointer(rebasing: bytes[max(0, length - 64)..<length]))
        return hash.value
    }

    /// The digest of the complete lines of `bytes` (``PurchaseLogMarker/digest``): the wrapping sum of a hash of each
    /// line with its newline, so two logs with the same lines in another order have the same digest.
    package static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var sum: UInt64 = 0
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var hash = UndoJournal.Hash()
            hash.combine(UnsafeBufferPointer(rebasing: bytes[start...index]))
            sum &+= hash.value
            start = index + 1
        }
        return sum
    }

    /// ``digest(_:)`` of an array's bytes.
    package static func digest(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { digest($0) }
    }

    /// The committed part of the log: its length, and its digest when known without reading it again.
    struct Committed {
        var length: Int
        var digest: UInt64?
    }

    /// The committed length of the log as it is on disk, for `marker`: the marker's length when the file
    /// is the one it was written for; otherwise (another inode, a shorter file, other bytes) the whole file
    /// up to its last complete line. A data file without a marker never committed a purchase: a log beside
    /// it holds only the lines of a first `buy` that never finished.
    /// - Parameter bytes: the file's contents when already read.
    package func committedLength(marker: PurchaseLogMarker?, bytes: [UInt8]? = nil) throws(ShopError) -> Int {
        guard marker != nil, let (size, inode) = status() else { return 0 }
        return try committed(
            marker: marker, size: size, inode: inode,
            tail: { (offset, count) throws(ShopError) in
                if let bytes { return Array(bytes[offset..<offset + count]) }
                return try readRange(from: offset, count: count)
            },
            whole: { () throws(ShopError) in
                if let bytes { return bytes }
                return try POSIXFile.read(path, expectingRegularFile: true) ?? []
            }
        ).length
    }

    /// ``committedLength(marker:bytes:)`` of a file of `size` bytes on `inode`, read through `tail` (bytes
    /// `offset..<offset + count`) and `whole`, with the committed part's digest when it is known.
    ///
    /// A marker this device wrote (it knows the check and the inode) is checked by them, reading 64 bytes. A marker
    /// known by its digest alone (a data file another device wrote, or one put back by `undo`) holds for a file of
    /// its length, and for a longer one whose first `length` bytes have its digest (a step that never completed
    /// left lines after it); otherwise the file is not the state it names and every complete line counts.
    private func committed(
        marker: PurchaseLogMarker?, size: Int, inode: UInt64,
        tail: (_ offset: Int, _ count: Int) throws(ShopError) -> [UInt8], whole: () throws(ShopError) -> [UInt8]
    ) throws(ShopError) -> Committed {
        guard let marker else { return Committed(length: 0, digest: 0) }
        if let markerInode = marker.inode, let check = marker.check {
            if markerInode == inode, marker.length <= size {
                if marker.length == 0 { return Committed(length: 0, digest: 0) }
                let bytes = try tail(max(0, marker.length - 64), min(64, marker.length))
                if bytes.withUnsafeBufferPointer({ Self.check($0, before: $0.count) }) == check {
                    return Committed(length: marker.length, digest: marker.digest)
                }
            }
        } else if let digest = marker.digest, marker.length <= size {
            if marker.length == 0 { return Committed(length: 0, digest: 0) }
            if marker.length == size, try tail(size - 1, 1) == [UInt8(ascii: "\n")] {
                return Committed(length: size, digest: digest)
            }
            if marker.length < size {
                let bytes = try whole()
                if bytes.count >= marker.length, bytes[marker.length - 1] == UInt8(ascii: "\n"),
                    bytes.withUnsafeBufferPointer({ Self.digest(UnsafeBufferPointer(rebasing: $0[..<marker.length])) })
                        == digest
                {
                    return Committed(length: marker.length, digest: digest)
                }
                return Self.completeLines(bytes)
            }
        }
        // Not shop's own state: take every complete line.
        return Self.completeLines(try whole())
    }

    /// The complete lines of `bytes` (a last line without its newline is unfinished), with their digest.
    static func completeLines(_ bytes: [UInt8]) -> Committed {
        let length = (bytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        return Committed(
            length: length,
            digest: bytes.withUnsafeBufferPointer { digest(UnsafeBufferPointer(rebasing: $0[..<length])) })
    }

    func readRange(from offset: Int, count: Int) throws(ShopError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: POSIXFile.describe(errno)) }
        defer { close(descriptor) }
        return try readRange(from: offset, count: count, of: descriptor)
    }

    /// ``readRange(from:count:)`` through a descriptor already open (`append`'s own).
    func readRange(from offset: Int, count: Int, of descriptor: Int32) throws(ShopError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        guard read == count else { throw .cannotRead(path: path, reason: "the purchase log is shorter than expected") }
        return bytes
    }

    /// Reads the committed purchases for `marker`: the live ones, in logged order, with the ids the log's deletion lines
    /// name, its stock entries and the purchases deleted.
    ///
    /// The log is read through one buffer of `window` bytes, a piece of whole lines at a time, rather than into one
    /// buffer the size of the file: a fresh buffer of several megabytes costs more in page faults than the kernel's
    /// copy into a small one that stays in the cache (measured: see .bench/figures-in-code.md).
    /// Anything out of the ordinary (no marker, a file shorter than its marker, a read error, a line that does not
    /// decode: a damaged one, or an object written over several lines, which a piece may cut) is read again whole.
    /// - Parameter window: the buffer's first size (tests make it small, to cut the log in many pieces);
    ///   it grows when one line is longer.
    /// - Throws: ``ShopError/cannotRead(path:reason:)``, ``ShopError/corruptFile(path:detail:)``.
    func loadWithDeletions(marker: PurchaseLogMarker?, window: Int = 1 << 18) throws(ShopError) -> (
        live: [Purchase], deleted: Set<Purchase.ID>, stock: [StockEntry], dead: [Purchase]
    ) {
        if let marker, let contents = readInPieces(marker: marker, window: max(window, 1)) {
            return (Self.live(contents), contents.deleted, Self.liveStock(contents), Self.dead(contents))
        }
        guard let bytes = try POSIXFile.read(path, expectingRegularFile: true) else { return ([], [], [], []) }
        let length = try committedLength(marker: marker, bytes: bytes)
        let contents = try Self.contents(bytes, length: length, path: path)
        return (Self.live(contents), contents.deleted, Self.liveStock(contents), Self.dead(contents))
    }

    /// The purchase lines a deletion line names, once each (usually none or a few: `unbuy` is for mistakes).
    package static func dead(_ contents: DataFileDecoder.LogContents) -> [Purchase] {
        guard !contents.deleted.isEmpty else { return [] }
        var seen = Set<Purchase.ID>()
        return contents.purchases.filter { contents.deleted.contains($0.id) && seen.insert($0.id).inserted }
    }

    /// The lines of the log's committed part for `marker` (see ``committedLength(marker:bytes:)``), read
    /// and decoded a piece of whole lines at a time; `nil` when the caller should read the file whole.
    func readInPieces(marker: PurchaseLogMarker, window: Int) -> DataFileDecoder.LogContents? {
        // O_NONBLOCK: a FIFO put here must not make the open wait (it is refused below, and by the reader).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        // The marker's length when this is the file it was written for; otherwise (`nil`) every complete
        // line up to the end of the file, as `committedLength` decides.
        var end: Int?
        if let markerInode = marker.inode, let check = marker.check {
            if markerInode == UInt64(info.st_ino), marker.length <= size {
                if marker.length == 0 { return DataFileDecoder.LogContents() }
                let count = min(64, marker.length)
                guard let tail = try? readRange(from: marker.length - count, count: count, of: descriptor) else {
                    return nil
                }
                if tail.withUnsafeBufferPointer({ Self.check($0, before: count) }) == check { end = marker.length }
            }
        } else if marker.length == size {
            // Known by its digest alone, and the file is that long: all of it (a torn last line fails the decoder,
            // and the whole-file reader decides).
            if size == 0 { return DataFileDecoder.LogContents() }
            end = size
        } else if marker.length < size {
            // Lines after it: the whole-file reader checks the digest of what comes before them.
            return nil
        }
        var buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: window)
        defer { buffer.deallocate() }
        var contents = DataFileDecoder.LogContents()
        contents.purchases.reserveCapacity((end ?? size) / 200)
        var strings = DataFileDecoder.LogStrings()
        var count = 0
        var filled = 0  // bytes in the buffer: the unfinished line of the last piece, then what was read
        var offset = 0  // bytes of the file read
        var atEnd = false
        while true {
            while filled < buffer.count, !atEnd {
                let wanted = min(buffer.count - filled, (end ?? Int.max) - offset)
                let read = wanted == 0 ? 0 : Glibc.read(descriptor, buffer.baseAddress! + filled, wanted)
                if read < 0 {
                    if errno == EINTR { continue }
                    return nil
                }
                // Shorter than the marker says (cut since fstat): the whole-file reader decides.
                if read == 0, let end, offset < end { return nil }
                if read == 0 { atEnd = true }
                filled += read
                offset += read
            }
            // Whole lines only, except the committed part's last bytes, which are taken as they are.
            var lines = filled
            if !atEnd || end == nil {
                while lines > 0, buffer[lines - 1] != UInt8(ascii: "\n") { lines -= 1 }
            }
            if lines == 0, !atEnd {
                // One line longer than the buffer: a larger buffer.
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
                _ = larger.initialize(fromContentsOf: buffer[0..<filled])
                buffer.deallocate()
                buffer = larger
                continue
            }
            var decoder = DataFileDecoder(UnsafeBufferPointer(start: buffer.baseAddress, count: lines))
            do throws(JSONScanFailure) {
                try decoder.readLogLines(into: &contents, strings: &strings, count: &count)
            } catch {
                return nil
            }
            if atEnd { return contents }
            let rest = filled - lines
            if rest > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + lines, rest) }
            filled = rest
        }
    }

    /// The live purchases of log text: every purchase not deleted by a later line, in logged order.
    /// - Parameter length: how many of the bytes count (the committed length); all by default.
    static func decode(_ bytes: [UInt8], length: Int? = nil, path: String) throws(ShopError) -> [Purchase] {
        live(try contents(bytes, length: length, path: path))
    }

    /// Every line of log text: each purchase line, in order, and the ids deletion lines name.
    package static func contents(_ bytes: [UInt8], length: Int? = nil, path: String) throws(ShopError)
        -> DataFileDecoder.LogContents
    {
        let outcome: Result<DataFileDecoder.LogContents, ShopError> = bytes.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[0..<(length ?? whole.count)])
            var decoder = DataFileDecoder(buffer)
            do throws(JSONScanFailure) {
                return .success(try decoder.logContents())
            } catch {
                let (line, column) = JSONParseError.position(of: error.offset, in: buffer)
                return .failure(.corruptFile(path: path, detail: "line \(line), column \(column): \(error.message)"))
            }
        }
        return try outcome.get()
    }

    /// The live purchases of the log's lines: every purchase not deleted by a later line, in logged order.
    package static func live(_ contents: DataFileDecoder.LogContents) -> [Purchase] {
        let all = contents.purchases
        let deleted = contents.deleted
        var seen = Set<Purchase.ID>(minimumCapacity: all.count)
        // The same purchase twice (a log merged by hand): one is enough. Usually every line is a purchase
        // of its own that no later line deletes, and the purchases are taken as read, with no copy.
        for index in all.indices {
            let id = all[index].id
            guard (!deleted.isEmpty && deleted.contains(id)) || !seen.insert(id).inserted else { continue }
            var purchases = Array(all[..<index])
            for purchase in all[(index + 1)...] where !deleted.contains(purchase.id) {
                if seen.insert(purchase.id).inserted { purchases.append(purchase) }
            }
            return purchases
        }
        return all
    }

    /// The text of log lines for purchases added and purchases deleted.
    static func lines(added: [Purchase], deleted: [Purchase.ID], stock: [StockEntry] = []) -> [UInt8] {
        var writer = JSONWriter(pretty: false, escapingInvisibles: false)
        for purchase in added {
            writer.purchase(purchase, withLineTotal: false)
            writer.appendNewline()
        }
        for entry in stock {
            writer.stockEntry(entry)
            writer.appendNewline()
        }
        for id in deleted {
            writer.beginObject()
            writer.key(PurchaseKey.layout.position(of: .deleted), of: PurchaseKey.layout.members)
            writer.uuid(id.uuid)
            writer.endObject()
            writer.appendNewline()
        }
        return writer.bytes
    }

    /// Appends `lines` at the committed length for `marker` (cutting off whatever an unfinished step left
    /// after it) and flushes the file to disk. The committed length is found through the same descriptor,
    /// so one append opens the file once. Must run under the data file's lock.
    /// - Returns: the marker of the new state, for the data file; the length the lines went at; whether
    ///   the file was created.
    func append(_ lines: [UInt8], after marker: PurchaseLogMarker?) throws(ShopError)
        -> (marker: PurchaseLogMarker, length: Int, created: Bool)
    {
        let existed = status() != nil
        // Read and write: the committed length and the check of the new end are read through it.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: POSIXFile.describe(errno)) }
        defer { close(descriptor) }
        func fail(_ code: Int32) -> ShopError {
            // A log this step created and could not fill goes again: no empty log is left behind.
            if !existed { unlink(path) }
            return .cannotWrite(path: path, reason: POSIXFile.describe(code))
        }
        var kind = stat()
        guard fstat(descriptor, &kind) == 0 else { throw fail(errno) }
        guard kind.st_mode & S_IFMT == S_IFREG else {
            throw .cannotWrite(path: path, reason: POSIXFile.notRegularReason)
        }
        let size = Int(kind.st_size)
        let committed = try committed(
            marker: marker, size: size, inode: UInt64(kind.st_ino),
            tail: { (offset, count) throws(ShopError) in try readRange(from: offset, count: count, of: descriptor) },
            whole: { () throws(ShopError) in try readRange(from: 0, count: size, of: descriptor) })
        let length = committed.length
        // The digest of what stays, read once when the marker had none (a data file from before version 9).
        let before: UInt64
        if let digest = committed.digest {
            before = digest
        } else {
            before = Self.digest(try readRange(from: 0, count: length, of: descriptor))
        }
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw fail(errno) }
        var written = 0
        while written < lines.count {
            let count = lines.withUnsafeBytes { raw in
                pwrite(descriptor, raw.baseAddress! + written, lines.count - written, off_t(length + written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                _ = ftruncate(descriptor, off_t(length))
                throw fail(code)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw fail(errno) }
        if !existed {
            // The new file's name must survive a crash before the data file that refers to it.
            let folder = open(POSIXFile.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                _ = fsync(folder)
                close(folder)
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fail(errno) }
        let total = length + lines.count
        let tail = try readRange(from: max(0, total - 64), count: min(64, total), of: descriptor)
        let marker = PurchaseLogMarker(
            length: total, digest: before &+ Self.digest(lines),
            check: tail.withUnsafeBufferPointer { Self.check($0, before: $0.count) }, inode: UInt64(info.st_ino))
        return (marker, length, !existed)
    }
}
