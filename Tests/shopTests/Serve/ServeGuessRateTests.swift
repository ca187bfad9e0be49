import Foundation
import ShopKit
import Testing

@testable import shop

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 20 (kept by 23): wrong tokens are checked at most 20 a second in all, however they come. A guesser that sends
/// and closes at once, never waiting for an answer, had its guesses checked some 1,700 a second: only the answers were
/// held. Measured inside the server, by counting the checks of the loop's own router.
@Suite(.serialized) struct ServeGuessRateTests {
    /// A running ``ServeLoop`` on 127.0.0.1 whose answers count the wrong tokens checked.
    final class CountingServer: @unchecked Sendable {
        let port: Int
        let token = String(repeating: "ab", count: 16)
        private let lock = NSLock()
        private var wrong = 0
        private var thread: pthread_t?
        private let finished = DispatchSemaphore(value: 0)

        var wrongChecked: Int {
            lock.lock()
            defer { lock.unlock() }
            return wrong
        }

        init() throws {
            let (descriptor, port) = try ServeSocket.listen(port: 0, lan: false)
            self.port = port
            let router = ServeRouter(token: token, hosts: ServeRouter.hosts(port: port, addresses: ["127.0.0.1"]))
            let started = DispatchSemaphore(value: 0)
            Thread { [self] in
                ServeLoop.blockStopSignals()
                lock.lock()
                thread = pthread_self()
                lock.unlock()
                started.signal()
                let loop = ServeLoop(
                    listener: descriptor, contentSecurityPolicy: "default-src 'none'",
                    carriesToken: { router.carriesToken($0) }
                ) { [self] request, _ in
                    guard router.route(request) != .wrongCredential else {
                        lock.lock()
                        wrong += 1
                        lock.unlock()
                        return ServeReply(response: .text(.unauthorized, "no"), wrongToken: true)
                    }
                    return ServeReply(response: .text(.ok, "yes"), authenticated: router.isAuthenticated(request))
                }
                loop.run()
                finished.signal()
            }.start()
            started.wait()
        }

        func stop() {
            lock.lock()
            let running = thread
            lock.unlock()
            if let running { pthread_kill(running, SIGTERM) }
            _ = finished.wait(timeout: .now() + 10)
        }

        func request(_ token: String) -> [UInt8] {
            Array("GET /api/list HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n\r\n".utf8)
        }
    }

    @Test func guessesAreCheckedAtMost20ASecondEvenWhenTheGuesserNeverWaits() throws {
        let server = try CountingServer()
        defer { server.stop() }
        // Guessers for two seconds: four open, send and reset at once; one pipelines 50 guesses a connection. Each
        // has a thread of its own and counts its two seconds from its own start, so that a test process whose shared
        // queues are busy still sees the burst (on the global queue they could start after their two seconds were up,
        // and send nothing).
        let started = Date()
        let group = DispatchGroup()
        for (number, pipelined) in [false, false, false, false, true].enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                let until = Date().addingTimeInterval(2)
                var guess = 0
                while Date() < until {
                    guard let connection = try? RawConnection(port: server.port) else { continue }
                    var bytes: [UInt8] = []
                    for _ in 0..<(pipelined ? 50 : 1) {
                        guess += 1
                        bytes += server.request(String(format: "%032x", guess + number << 24))
                    }
                    connection.send(bytes)
                    // Closed with a reset a moment later: the server sees the close at once, so a held answer never
                    // kept this guesser's place (how 1,700 guesses a second were checked).
                    usleep(2_000)
                    var reset = linger(l_onoff: 1, l_linger: 0)
                    setsockopt(
                        connection.descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                    connection.close()
                }
            }.start()
        }
        group.wait()
        let checked = server.wrongChecked
        let elapsed = Date().timeIntervalSince(started)
        // 20 a second, and the first at once: one more for the timer.
        #expect(Double(checked) <= 20 * elapsed + 2, "\(checked) wrong tokens checked in \(elapsed) s")
        // A guesser that waits for its answer is checked and told no. (How many of the burst's guesses were checked
        // depends on how soon the loop runs before each reset, so a busy machine may check none of them: that count
        // has only an upper bound.)
        let patient = try RawConnection(port: server.port)
        defer { patient.close() }
        patient.send(server.request(String(repeating: "cd", count: 16)))
        #expect(patient.readResponse(timeout: 5)?.status == 401)
        #expect(server.wrongChecked > checked, "the patient guess was not checked")
        // The right token, on a new connection, right after the burst: answered within a second.
        let phone = try RawConnection(port: server.port)
        defer { phone.close() }
        let asked = Date()
        phone.send(server.request(server.token))
        #expect(phone.readResponse(timeout: 5)?.status == 200)
        #expect(Date().timeIntervalSince(asked) < 1.0)
    }
}
