#if canImport(Glibc)
    import Glibc
#endif

/// One open connection of ``ServeLoop``: what it has received, what it owes, and where it stands. A connection is
/// answered one request at a time (SPEC 20): the next request is read only once the answer to the last is written, so
/// pipelined requests that are never read wait in the client's socket, not in the server's memory.
struct ServeConnection {
    let descriptor: Int32
    /// When it was accepted (monotonic seconds): a connection this young is never closed to make room.
    let opened: Double
    /// Bytes received and not yet taken by a request (at most one request's worth).
    var input: [UInt8] = []
    /// The answer being written, and how much of it is out.
    var output: [UInt8] = []
    var written = 0
    /// When the request being waited for must be complete.
    var deadline: Double
    /// Answer sent, then close: stop reading requests.
    var closing = false
    /// Closing: the write side is shut, input is read and dropped until the peer closes or this time.
    var lingerUntil: Double?
    /// A wrong token's 401, held until the loop lets it go (at most 20 a second in all), and since when.
    var heldSince: Double?
    /// A request carrying a token, received on a connection that never sent the right one, waiting its turn to be
    /// checked (at most 20 a second in all, SPEC 20), and since when.
    var gated: (request: HTTPRequest, since: Double)?
    /// A request waiting for the data file's lock, and since when.
    var parked: (request: HTTPRequest, since: Double)?
    /// It has sent the right token: the phone's, never closed to make room for another.
    var authenticated = false
    /// Bytes of another request may be waiting in ``input``: the loop comes back to it next turn.
    var hasMore = false

    /// The most one connection keeps of what it received: one whole request.
    static let maximumInput = HTTPParser.maximumHeadLength + 4 + HTTPParser.maximumBodyLength
    /// The most output that may wait behind the answer being written: past it, the connection is closed.
    static let maximumPendingOutput = 1 << 20

    init(descriptor: Int32, now: Double, timeout: Double) {
        self.descriptor = descriptor
        opened = now
        deadline = now + timeout
    }

    /// Whether an answer is owed or being written: no new request is read meanwhile.
    var isBusy: Bool { written < output.count || parked != nil || gated != nil || heldSince != nil || closing }

    /// Whether to read from the socket now: not while an answer is owed, nor while a request already
    /// received waits its turn (so what a client sends ahead stays in its socket, not here).
    var wantsInput: Bool { lingerUntil != nil || (!isBusy && !hasMore && input.count < Self.maximumInput) }

    /// Reads what arrived (into the input, or dropped while lingering). `false`: the peer closed or failed.
    mutating func read() -> Bool {
        let room = lingerUntil != nil ? 4096 : Self.maximumInput - input.count
        guard room > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: min(room, 65_536))
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
        if count == 0 { return false }
        if lingerUntil == nil && !closing { input += buffer[0..<count] }
        return true
    }

    /// Queues an answer's bytes. `false`: more than 1 MiB would wait behind the answer being written.
    mutating func queue(_ bytes: [UInt8]) -> Bool {
        let pending = output.count - written
        if pending > 0 && pending + bytes.count > Self.maximumPendingOutput { return false }
        if pending == 0 {
            output = bytes
            written = 0
        } else {
            output += bytes
        }
        return true
    }

    /// Writes what is pending (unless held); once a closing connection's answer is out, shuts its write
    /// side and lingers so the answer is not lost to a reset. `false`: the connection is done.
    mutating func flush(now: Double) -> Bool {
        if heldSince != nil { return true }
        while written < output.count {
            let sent = output.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            written += sent
            // A reader taking its answer, however slowly, is given 10 s more from each piece it takes.
            deadline = max(deadline, now + ServeLoop.requestTimeout)
        }
        output = []
        written = 0
        if closing && lingerUntil == nil {
            shutdown(descriptor, Int32(SHUT_WR))
            lingerUntil = now + 2
        }
        return true
    }
}
