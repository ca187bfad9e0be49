/// A growable byte buffer for the JSON writers: copy on write, and appends that cost a capacity check and a copy.
///
/// `[UInt8].append(contentsOf:)` pays for iterator set-up and uniqueness and capacity checks on every call; here a
/// member is a few `memcpy`s (measured: see .bench/figures-in-code.md).
package struct ByteBuffer: Sendable {
    /// Only ever mutated through a uniquely referenced `ByteBuffer`, hence sendable.
    private final class Storage: @unchecked Sendable {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func copy() -> Storage {
            let copy = Storage(capacity: count)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        func grow(toAtLeast needed: Int) {
            capacity = max(needed, capacity * 2)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.initialize(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }

    private var storage: Storage

    /// An empty buffer with room for `capacity` bytes before it grows.
    package init(capacity: Int = 0) {
        storage = Storage(capacity: capacity)
    }

    /// The number of bytes written.
    package var count: Int { storage.count }

    /// Makes room for `extra` more bytes (copying the storage first if it is shared) and returns where
    /// they go; the caller writes them and adds them to the count.
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        if storage.count + extra > storage.capacity { storage.grow(toAtLeast: storage.count + extra) }
        return storage.base + storage.count
    }

    package mutating func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        storage.count += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count).initialize(from: source, count: bytes.count)
        storage.count += bytes.count
    }

    /// Appends the bytes of a literal.
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Lets `write` put at most `maximum` bytes straight into the buffer; it returns how many it wrote.
    package mutating func append(atMost maximum: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        let written = write(reserve(maximum))
        assert(written <= maximum)
        storage.count += written
    }

    /// Forgets the bytes written, keeping the room they took.
    package mutating func removeAll() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        storage.count = 0
    }

    /// The bytes written, for the duration of `body`.
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// A copy of the bytes written.
    package var array: [UInt8] { withBytes { Array($0) } }

    /// The bytes written as UTF-8 text.
    package var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }
}
