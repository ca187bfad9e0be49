import ShopKit

#if canImport(Glibc)
    import Glibc
#endif

/// The server's one thread: `poll(2)` over the listening socket, a signal descriptor and every
/// connection; requests are parsed as bytes arrive and answered one at a time (each answer is a command
/// under the data file's lock, so there is nothing to gain from answering two at once).
///
/// Limits (SPEC section 13): at most 16 connections (the 17th gets 503 at once); a request not complete
/// 10 s after the connection started waiting for it gets 408 and is closed; SIGTERM or SIGINT stop
/// accepting, let a request in flight complete and be answered, then return.
struct ServeLoop {
    /// The most connections served at once.
    static let maximumConnections = 16
    /// Seconds a request may take to arrive.
    static let requestTimeout = 10.0
    /// How long a wrong token or cookie waits for its 401, one after another: 20 take at least a second.
    static let wrongCredentialDelay = 0.06

    /// One open connection.
    private struct Connection {
        let descriptor: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        /// When the request being waited for must be complete.
        var deadline: Double
        /// Answer sent, then close: stop reading requests.
        var closing = false
        /// Closing: the write side is shut, input is read and dropped until the peer closes or this time.
        var lingerUntil: Double?
        /// A slowed answer is held until this time.
        var heldUntil: Double?
    }

    let listener: Int32
    let contentSecurityPolicy: String
    /// Answers one request; `slowed` asks for the wrong-credential delay.
    let respond: (HTTPRequest) -> (response: HTTPResponse, slowed: Bool)

    /// Serves until SIGTERM or SIGINT; returns when every request in flight has been answered.
    func run() {
        var connections: [Int32: Connection] = [:]
        var accepting = true
        var listening = listener
        var nextWrongAnswer = 0.0
        while accepting || !connections.isEmpty {
            let now = Self.clock()
            var descriptors: [pollfd] = []
            if accepting { descriptors.append(pollfd(fd: listening, events: Int16(POLLIN), revents: 0)) }
            // SIGTERM and SIGINT are blocked and looked for between waits, so no wait is longer than 0.2 s.
            var wake = now + 0.2
            for connection in connections.values {
                var events = Int16(POLLIN)
                if connection.written < connection.output.count && (connection.heldUntil ?? 0) <= now {
                    events |= Int16(POLLOUT)
                }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                wake = min(wake, connection.lingerUntil ?? connection.deadline, connection.heldUntil ?? wake)
            }
            let timeout = Int32(max(0, min(200, (wake - now) * 1000 + 1)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { return }
            let after = Self.clock()
            if accepting && Self.stopRequested() {
                accepting = false
                close(listening)
                listening = -1
                // Idle connections have nothing in flight: close them; the others finish.
                for (descriptor, connection) in connections
                where connection.input.isEmpty && connection.written >= connection.output.count {
                    close(descriptor)
                    connections[descriptor] = nil
                }
            }
            for entry in descriptors where entry.revents != 0 {
                if accepting && entry.fd == listening {
                    acceptAll(listening, into: &connections, now: after)
                    continue
                }
                guard var connection = connections[entry.fd] else { continue }
                var open = true
                if entry.revents & Int16(POLLOUT) != 0 { open = flush(&connection, now: after) }
                if open && entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    open = receive(&connection, now: after, accepting: accepting, nextWrongAnswer: &nextWrongAnswer)
                }
                connections[entry.fd] = open ? connection : nil
                if !open { close(entry.fd) }
            }
            // Deadlines: a request too slow gets 408; a closing connection past its linger is closed.
            let later = Self.clock()
            for (descriptor, var connection) in connections {
                if let linger = connection.lingerUntil {
                    if later >= linger {
                        close(descriptor)
                        connections[descriptor] = nil
                    }
                    continue
                }
                if let held = connection.heldUntil, held <= later {
                    connection.heldUntil = nil
                    connections[descriptor] = connection
                }
                guard later >= connection.deadline, !connection.closing else { continue }
                if connection.written < connection.output.count {
                    close(descriptor)  // a reader too slow to take its answer
                    connections[descriptor] = nil
                    continue
                }
                connection.output = HTTPResponse.text(
                    .requestTimeout, "the request took longer than 10 s", closes: true
                )
                .bytes(contentSecurityPolicy: contentSecurityPolicy)
                connection.written = 0
                connection.closing = true
                connection.input = []
                connections[descriptor] = flush(&connection, now: later) ? connection : nil
                if connections[descriptor] == nil { close(descriptor) }
            }
            if !accepting {
                for (descriptor, connection) in connections
                where connection.input.isEmpty && connection.written >= connection.output.count
                    && connection.lingerUntil == nil
                {
                    close(descriptor)
                    connections[descriptor] = nil
                }
            }
        }
    }

    /// Accepts every waiting connection; past the limit each gets 503 at once and is closed.
    private func acceptAll(_ listener: Int32, into connections: inout [Int32: Connection], now: Double) {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let serving = connections.values.filter { $0.lingerUntil == nil }.count
            guard serving < Self.maximumConnections else {
                let answer = HTTPResponse.text(.serviceUnavailable, "too many connections; try again", closes: true)
                    .bytes(contentSecurityPolicy: contentSecurityPolicy)
                _ = answer.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                shutdown(descriptor, Int32(SHUT_WR))
                close(descriptor)
                continue
            }
            connections[descriptor] = Connection(descriptor: descriptor, deadline: now + Self.requestTimeout)
        }
    }

    /// Reads what arrived and answers every complete request in it. `false`: the connection is done.
    private func receive(
        _ connection: inout Connection, now: Double, accepting: Bool, nextWrongAnswer: inout Double
    ) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
        if count == 0 { return false }  // the peer closed
        if connection.lingerUntil != nil || connection.closing { return true }  // dropped
        connection.input += buffer[0..<count]
        while !connection.closing {
            switch HTTPParser.parse(connection.input) {
            case .incomplete:
                return flush(&connection, now: now)
            case .refused(let status):
                connection.input = []
                connection.closing = true
                connection.output += HTTPResponse.text(status, Self.refusalText(status), closes: true)
                    .bytes(contentSecurityPolicy: contentSecurityPolicy)
            case .request(let request, let length):
                connection.input.removeFirst(length)
                var (response, slowed) = respond(request)
                if !accepting || !request.keepsAlive { response.closes = true }
                if slowed {
                    // Wrong tokens are answered one at a time, each later than the last.
                    nextWrongAnswer = max(now, nextWrongAnswer) + Self.wrongCredentialDelay
                    connection.heldUntil = nextWrongAnswer
                }
                connection.output += response.bytes(
                    contentSecurityPolicy: contentSecurityPolicy, headOnly: request.method == "HEAD")
                connection.closing = response.closes
                connection.deadline = Self.clock() + Self.requestTimeout
            }
        }
        return flush(&connection, now: now)
    }

    /// Writes what is pending (unless held); once a closing connection's answer is out, shuts its write
    /// side and lingers so the answer is not lost to a reset. `false`: the connection is done.
    private func flush(_ connection: inout Connection, now: Double) -> Bool {
        if let held = connection.heldUntil, held > now { return true }
        while connection.written < connection.output.count {
            let sent = connection.output.withUnsafeBytes { raw in
                send(
                    connection.descriptor, raw.baseAddress! + connection.written, raw.count - connection.written,
                    Int32(MSG_NOSIGNAL))
            }
            if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            connection.written += sent
        }
        connection.output = []
        connection.written = 0
        if connection.closing && connection.lingerUntil == nil {
            shutdown(connection.descriptor, Int32(SHUT_WR))
            connection.lingerUntil = now + 2
        }
        return true
    }

    /// The line a refused request is told.
    static func refusalText(_ status: HTTPStatus) -> String {
        switch status {
        case .headerFieldsTooLarge: "the request head is over 8 KiB"
        case .contentTooLarge: "the body is over 64 KiB"
        case .notImplemented: "Transfer-Encoding (chunked bodies) is not supported; send Content-Length"
        case .lengthRequired: "a POST needs a Content-Length"
        case .methodNotAllowed: "only GET, HEAD and POST are answered"
        case .versionNotSupported: "only HTTP/1.1 and HTTP/1.0 are answered"
        default: "the request is not well-formed HTTP/1.1"
        }
    }

    /// Seconds on the monotonic clock.
    static func clock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The signals that stop the server.
    private static var stopSignals: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        return mask
    }

    /// Blocks SIGTERM and SIGINT, so that they wait as pending until the loop looks for them (no handler,
    /// no global state). Called before any thread is started, so every thread inherits the mask.
    static func blockStopSignals() {
        var mask = stopSignals
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Whether SIGTERM or SIGINT is pending; takes it if so.
    private static func stopRequested() -> Bool {
        var pending = sigset_t()
        sigpending(&pending)
        guard sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGINT) == 1 else { return false }
        var mask = stopSignals
        var signal: Int32 = 0
        sigwait(&mask, &signal)
        return true
    }
}
