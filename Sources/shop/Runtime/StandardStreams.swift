#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Raw reads and writes of the standard streams, without Foundation's FileHandle.
enum StandardStreams {
    /// Reads standard input to its end, or `nil` as soon as it passes ``Frontend/standardInputLimit``
    /// bytes (`shop add - < /dev/zero` stops there instead of growing without bound).
    static func readAll() -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
                if bytes.count > Frontend.standardInputLimit { return nil }
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How a write to a standard stream ended.
    enum WriteOutcome: Equatable {
        case written
        /// The reader went away (a closed pipe, `shop list | head`): the rest is dropped quietly.
        case closed
        /// The write failed (a full disk, an I/O error): `errno` says why. SPEC 20: exit 74.
        case failed(Int32)
    }

    /// Writes all of `text`, retrying short writes.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> WriteOutcome {
        var text = text
        return text.withUTF8 { write($0, to: descriptor) }
    }

    /// Writes all of `buffer`, retrying short writes and interrupted ones.
    @discardableResult
    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> WriteOutcome {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EPIPE {
                return .closed
            } else {
                // A write of 0 bytes for a non-empty buffer is a device that takes nothing: a failure too.
                return .failed(written < 0 ? errno : EIO)
            }
        }
        return .written
    }
}

/// Standard output for a long report, written as it is made: the bytes go into one buffer, which is written to the
/// descriptor whenever it holds ``pieceSize`` bytes and reused, so that a report of megabytes (`history` of ten years
/// of purchases) is never whole in memory, neither as bytes nor as a `String` (measured: see .bench/figures-in-code.md). Appends copy into the buffer's free room with `memcpy`, which costs less than
/// `[UInt8].append(contentsOf:)`.
///
/// Without a descriptor (commands run in process by the tests) the buffer keeps everything, and ``finish()`` returns it
/// as text for ``CommandContext/output``. Used through `inout` only: copies would share one buffer.
struct StreamedOutput {
    /// How many bytes the buffer collects before they are written out.
    static let pieceSize = 1 << 16

    /// The buffer, freed with the last reference to it.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }

        /// Makes room for `extra` more bytes.
        func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            capacity = max(count + extra, capacity * 2)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.initialize(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }

    /// Where the bytes go; `nil` to keep them.
    let descriptor: Int32?
    private let storage = Storage(capacity: StreamedOutput.pieceSize + 4096)
    /// Set when a write failed or met a closed pipe (`shop history | head`): the rest is dropped.
    private(set) var stopped: StandardStreams.WriteOutcome = .written

    /// An empty stream to `descriptor` (`nil`: keep everything).
    init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    /// The number of bytes not yet written out.
    var count: Int { storage.count }

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        storage.reserve(piece.count)
        (storage.base + storage.count).initialize(from: source, count: piece.count)
        storage.count += piece.count
    }

    mutating func append(_ byte: UInt8) {
        storage.reserve(1)
        storage.base[storage.count] = byte
        storage.count += 1
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The bytes from `start` on (a position counted like ``count``), as text.
    func text(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: storage.base + start, count: storage.count - start), as: UTF8.self)
    }

    /// Drops the bytes from `start` on (a line being replaced).
    mutating func removeSubrange(from start: Int) { storage.count = start }

    /// Writes the bytes out when there are ``pieceSize`` or more. Call it between lines, so a line is never split.
    mutating func flushIfFull() {
        if storage.count >= Self.pieceSize { flush() }
    }

    /// Writes out every byte collected (with a descriptor; otherwise keeps them).
    mutating func flush() {
        guard let descriptor else { return }
        if stopped == .written {
            let bytes = UnsafeBufferPointer(start: storage.base, count: storage.count)
            stopped = StandardStreams.write(bytes, to: descriptor)
        }
        storage.count = 0
    }

    /// Writes out the rest; without a descriptor, returns everything as text.
    mutating func finish() -> String {
        guard descriptor != nil else { return text(from: 0) }
        flush()
        return ""
    }
}
