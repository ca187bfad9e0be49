#if canImport(Glibc)
    import Glibc
#endif

/// What the server does with one request (see ``ServeLoop``).
public struct ServeReply {
    /// The answer; `nil` while another process holds the data file's lock and the request may still wait
    /// for it, as a command would: the loop asks again shortly, answering other requests meanwhile.
    public var response: HTTPResponse?
    /// A wrong token: its 401 is held to the server's rate for them.
    public var wrongToken = false
    /// The request carried the right token.
    public var authenticated = false

    /// A reply: `response` (`nil`: ask again shortly), and what the loop should know of the request's token.
    public init(response: HTTPResponse?, wrongToken: Bool = false, authenticated: Bool = false) {
        self.response = response
        self.wrongToken = wrongToken
        self.authenticated = authenticated
    }
}

/// The server's one thread: `poll(2)` over the listening socket and every connection; requests are
/// parsed as bytes arrive and answered one at a time (each answer is a command under the data file's
/// lock, so there is nothing to gain from answering two at once).
///
/// Limits (SPEC sections 13 and 20): at most ``maximumConnections`` (see `acceptAll`); a request not
/// complete ``requestTimeout`` seconds after the connection started waiting for it gets 408 and is closed; one request
/// at a time per connection, and one answer per connection per turn of the loop, so a client sending many requests
/// ahead waits its turn behind the others; a token from a connection that never sent the right one is checked only
/// when the gate lets it through, and after a wrong one the gate stays shut ``wrongCredentialDelay``, so guesses are
/// checked at most 20 a second in all however many connections send them and whether or not they wait for the answers
/// (a guesser that closes at once saw its guesses checked 1,700 a second when only the answers were held); wrong
/// tokens answered at that rate too, the right token never held; a POST waiting for the lock waits without holding up the others. SIGTERM or SIGINT stop
/// accepting, let a request in flight complete and be answered, then return.
public struct ServeLoop {
    /// The most connections served at once.
    public static let maximumConnections = 16
    /// Seconds a request may take to arrive.
    public static let requestTimeout = 10.0
    /// Seconds between two wrong tokens' answers, and the least each waits: 20 a second at most.
    public static let wrongCredentialDelay = 0.05
    /// How old a connection without the right token must be before it may be closed to make room.
    static let evictionAge = 1.0

    let listener: Int32
    let contentSecurityPolicy: String
    /// Whether a request carries a token to check (``ServeRouter/carriesToken(_:)``): such a request from a
    /// connection not yet proven waits at the gate.
    let carriesToken: (HTTPRequest) -> Bool
    /// Answers one request that has waited so long for the lock.
    let respond: (HTTPRequest, _ waited: Double) -> ServeReply

    /// A loop over `listener` (listening, non-blocking) whose every answer carries `contentSecurityPolicy`.
    public init(
        listener: Int32, contentSecurityPolicy: String, carriesToken: @escaping (HTTPRequest) -> Bool,
        respond: @escaping (HTTPRequest, _ waited: Double) -> ServeReply
    ) {
        self.listener = listener
        self.contentSecurityPolicy = contentSecurityPolicy
        self.carriesToken = carriesToken
        self.respond = respond
    }

    /// Serves until SIGTERM or SIGINT; returns when every request in flight has been answered.
    public func run() {
        var connections: [Int32: ServeConnection] = [:]
        var accepting = true
        var listening = listener
        var nextWrongAnswer = 0.0
        // When the gate next lets a token from an unproven connection be checked.
        var nextGuess = 0.0
        while accepting || !connections.isEmpty {
            let now = Self.clock()
            var descriptors: [pollfd] = []
            if accepting { descriptors.append(pollfd(fd: listening, events: Int16(POLLIN), revents: 0)) }
            // SIGTERM and SIGINT are blocked and looked for between waits, so no wait is longer than 0.2 s.
            var wake = now + 0.2
            for connection in connections.values {
                var events: Int16 = connection.wantsInput ? Int16(POLLIN) : 0
                if connection.written < connection.output.count && connection.heldSince == nil {
                    events |= Int16(POLLOUT)
                }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                wake = min(wake, connection.lingerUntil ?? connection.deadline)
                if connection.parked != nil { wake = min(wake, now + 0.05) }
                if connection.hasMore && !connection.isBusy { wake = now }
                if connection.gated != nil { wake = min(wake, max(now, nextGuess)) }
                if let held = connection.heldSince {
                    wake = min(wake, max(nextWrongAnswer, held + Self.wrongCredentialDelay))
                }
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
                for (descriptor, connection) in connections where connection.input.isEmpty && !connection.isBusy {
                    close(descriptor)
                    connections[descriptor] = nil
                }
            }
            var served: Set<Int32> = []
            for entry in descriptors where entry.revents != 0 {
                if accepting && entry.fd == listening {
                    acceptAll(listening, into: &connections, now: after)
                    continue
                }
                guard var connection = connections[entry.fd] else { continue }
                var open = true
                if entry.revents & Int16(POLLOUT) != 0 { open = connection.flush(now: after) }
                if open && entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    open = connection.wantsInput ? connection.read() : entry.revents & Int16(POLLIN) != 0
                }
                if open { open = advance(&connection, now: after, accepting: accepting) }
                served.insert(entry.fd)
                finish(entry.fd, connection, open: open, in: &connections)
            }
            let later = Self.clock()
            // Requests waiting for the lock try again; a connection with another request already received
            // gets its next answer: one per connection per turn, so none holds up the others.
            for (descriptor, var connection) in connections
            where connection.parked != nil || (connection.hasMore && !connection.isBusy && !served.contains(descriptor))
            {
                let open = advance(&connection, now: later, accepting: accepting)
                finish(descriptor, connection, open: open, in: &connections)
            }
            // The gate: tokens from unproven connections are checked the longest waiting first; after a wrong one, no
            // other is checked for ``wrongCredentialDelay`` (the right one costs nothing, so the phone is never slowed).
            while later >= nextGuess,
                let descriptor = connections.filter({ $0.value.gated != nil })
                    .min(by: { $0.value.gated!.since < $1.value.gated!.since })?.key,
                var connection = connections[descriptor]
            {
                let open = advance(&connection, now: later, accepting: accepting, throughGate: true)
                if connection.heldSince != nil { nextGuess = later + Self.wrongCredentialDelay }
                finish(descriptor, connection, open: open, in: &connections)
            }
            // One wrong token's answer goes out, the longest held first, no sooner than the rate allows.
            if later >= nextWrongAnswer,
                let (descriptor, since) = connections.compactMap({ key, value in value.heldSince.map { (key, $0) } })
                    .min(by: { $0.1 < $1.1 }), later >= since + Self.wrongCredentialDelay,
                var connection = connections[descriptor]
            {
                nextWrongAnswer = later + Self.wrongCredentialDelay
                connection.heldSince = nil
                let open = connection.flush(now: later) && advance(&connection, now: later, accepting: accepting)
                finish(descriptor, connection, open: open, in: &connections)
            }
            expire(&connections, now: Self.clock(), accepting: accepting)
        }
    }

    private func finish(
        _ descriptor: Int32, _ connection: ServeConnection, open: Bool, in connections: inout [Int32: ServeConnection]
    ) {
        connections[descriptor] = open ? connection : nil
        if !open { close(descriptor) }
    }

    /// Deadlines: a request too slow gets 408; a reader too slow to take its answer, or a closing
    /// connection past its linger, is closed. Once stopping, idle connections are closed.
    private func expire(_ connections: inout [Int32: ServeConnection], now: Double, accepting: Bool) {
        for (descriptor, var connection) in connections {
            if let linger = connection.lingerUntil {
                if now >= linger { finish(descriptor, connection, open: false, in: &connections) }
                continue
            }
            if !accepting && connection.input.isEmpty && !connection.isBusy {
                finish(descriptor, connection, open: false, in: &connections)
                continue
            }
            guard now >= connection.deadline, !connection.closing, connection.parked == nil,
                connection.gated == nil, connection.heldSince == nil
            else { continue }
            if connection.written < connection.output.count {
                finish(descriptor, connection, open: false, in: &connections)
                continue
            }
            connection.input = []
            connection.closing = true
            let open =
                connection.queue(
                    HTTPResponse.text(.requestTimeout, "the request took longer than 10 s", closes: true)
                        .bytes(contentSecurityPolicy: contentSecurityPolicy)) && connection.flush(now: now)
            finish(descriptor, connection, open: open, in: &connections)
        }
    }

    /// Accepts every waiting connection. When all 16 places are taken, the oldest connection that never
    /// sent the right token (and is over a second old) is closed to make room; without one, the newcomer
    /// gets 503 at once and is closed. Idle sockets of a stranger so never keep the phone out.
    private func acceptAll(_ listener: Int32, into connections: inout [Int32: ServeConnection], now: Double) {
        while true {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let serving = connections.values.filter { $0.lingerUntil == nil }
            if serving.count >= Self.maximumConnections {
                let evictable = serving.filter { !$0.authenticated && now - $0.opened >= Self.evictionAge }
                guard let oldest = evictable.min(by: { $0.opened < $1.opened }) else {
                    let answer = HTTPResponse.text(.serviceUnavailable, "too many connections; try again", closes: true)
                        .bytes(contentSecurityPolicy: contentSecurityPolicy)
                    _ = answer.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    shutdown(descriptor, Int32(SHUT_WR))
                    close(descriptor)
                    continue
                }
                finish(oldest.descriptor, oldest, open: false, in: &connections)
            }
            connections[descriptor] = ServeConnection(descriptor: descriptor, now: now, timeout: Self.requestTimeout)
        }
    }

    /// Answers the connection's next request, if it is free for one and one has arrived (or retries the
    /// one waiting for the lock): one request, so that a client sending many at once waits its turn
    /// (``ServeConnection/hasMore`` says whether to come back). A request carrying a token on a connection not yet
    /// proven is left at the gate, and answered only when called `throughGate`. `false`: the connection is done.
    private func advance(
        _ connection: inout ServeConnection, now: Double, accepting: Bool, throughGate: Bool = false
    ) -> Bool {
        connection.hasMore = false
        let request: HTTPRequest
        var since = now
        if let parked = connection.parked {
            (request, since) = parked
        } else if let gated = connection.gated {
            guard throughGate else { return true }
            // The time at the gate is not time waited for the lock: that starts now.
            request = gated.request
            connection.gated = nil
        } else {
            guard !connection.isBusy else { return true }
            switch HTTPParser.parse(connection.input) {
            case .incomplete:
                return true
            case .refused(let status):
                connection.input = []
                connection.closing = true
                let answer = HTTPResponse.text(status, Self.refusalText(status), closes: true)
                guard connection.queue(answer.bytes(contentSecurityPolicy: contentSecurityPolicy)) else {
                    return false
                }
                return connection.flush(now: now)
            case .request(let parsed, let length):
                connection.input.removeFirst(length)
                if !connection.authenticated && carriesToken(parsed) {
                    connection.gated = (parsed, now)
                    return true
                }
                request = parsed
            }
        }
        let reply = respond(request, now - since)
        if reply.authenticated { connection.authenticated = true }
        guard var response = reply.response else {
            connection.parked = (request, since)
            return true
        }
        connection.parked = nil
        if !accepting || !request.keepsAlive { response.closes = true }
        if reply.wrongToken { connection.heldSince = now }
        let bytes = response.bytes(contentSecurityPolicy: contentSecurityPolicy, headOnly: request.method == "HEAD")
        guard connection.queue(bytes) else { return false }
        connection.closing = response.closes
        connection.deadline = Self.clock() + Self.requestTimeout
        guard connection.flush(now: now) else { return false }
        connection.hasMore = !connection.input.isEmpty
        return true
    }

    /// The line a refused request is told.
    static func refusalText(_ status: HTTPStatus) -> String {
        switch status {
        case .headerFieldsTooLarge: "the request head is over 8 KiB"
        case .contentTooLarge: "the body is over 1 MiB"
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

    private static var stopSignals: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        return mask
    }

    /// Blocks SIGTERM and SIGINT, so that they wait as pending until the loop looks for them (no handler,
    /// no global state). Called before any thread is started, so every thread inherits the mask.
    public static func blockStopSignals() {
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
