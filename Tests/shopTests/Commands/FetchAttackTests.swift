import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SPEC 23's fetching amendments, through `shop recipe import` and `shop-fetch` against a server on 127.0.0.1: a
/// compressed bomb stops at 10 MiB of page, an address's credentials are never shown, `HTTP://` and numeric hosts are
/// fetched, an IPv6 literal and a redirect to another scheme are refused (64).
@Suite struct FetchAttackTests {
    /// A page with one recipe, for the addresses that should work.
    static let page = """
        <html><head><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Recipe", "name": "Toast",
         "recipeIngredient": ["2 slices bread"], "recipeInstructions": "Toast the bread."}
        </script></head><body></body></html>
        """

    func sandbox() throws -> (ShopProcess, URL, CannedServer) {
        let shop = try ShopProcess()
        let out = shop.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let server = try CannedServer(routes: [
            "/page": CannedServer.ok(Array(Self.page.utf8)),
            "/missing": Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8),
            "/to-file": CannedServer.redirect("file:///etc/passwd"),
            "/to-ftp": CannedServer.redirect("FTP://127.0.0.1/page"),
        ])
        return (shop, out, server)
    }

    @Test func aCompressedBombStopsAtTenMebibytesOfPage() throws {
        // 512 MiB of zeros in 3.4 MB of gzip: counted on the wire it passes the 10 MiB limit, inflated it is 50 times it.
        let bomb = GzipBomb.zeros(copies: 2_080_000)
        #expect(bomb.count < 4 << 20)
        let server = try CannedServer(routes: [
            "/bomb": CannedServer.ok(bomb, headers: ["Content-Encoding: gzip", "Content-Type: text/html"])
        ])
        defer { server.stop() }
        let fetcher = ShopProcess.executable.deletingLastPathComponent().appendingPathComponent("shop-fetch")
        let run = try ChildUsage.run([fetcher.path, "\(server.base)/bomb"])
        #expect(run.status == 1, "\(run)")
        #expect(run.errors.contains("the page is larger than 10 MiB"), "\(run)")
        // Foundation and libcurl take some 50 MiB of their own; the page may take 10 MiB more, never the 512 MiB.
        #expect(run.peakKiB < 128 * 1024, "peak resident memory \(run.peakKiB) KiB")
    }

    @Test func credentialsInAnAddressNeverReachTheFileTheOutputOrAnError() throws {
        let (shop, out, server) = try sandbox()
        defer {
            server.stop()
            shop.remove()
        }
        let port = server.port
        let imported = try shop.run([
            "recipe", "import", "http://me:secret@127.0.0.1:\(port)/page", "--dir", out.path, "--json",
        ])
        #expect(imported.status == 0, "\(imported)")
        // They are used for the fetch: the server got them as Basic authentication.
        #expect(server.heads.contains { $0.contains("Authorization: Basic bWU6c2VjcmV0") }, "\(server.heads)")
        let file = try String(contentsOf: out.appendingPathComponent("Toast.cook"), encoding: .utf8)
        #expect(file.contains("source: \"http://127.0.0.1:\(port)/page\""), "\(file)")
        for text in [file, imported.stdout, imported.stderr] { #expect(!text.contains("secret"), "\(text)") }
        for (address, status) in [
            ("http://me:secret@127.0.0.1:\(port)/missing", 69), ("ftp://me:secret@127.0.0.1/page", 64),
            ("http://me:secret@[::1]:\(port)/page", 64),
        ] {
            let failed = try shop.run(["recipe", "import", address, "--dir", out.path])
            #expect(failed.status == Int32(status), "\(failed)")
            #expect(!failed.stderr.contains("secret") && !failed.stdout.contains("secret"), "\(failed)")
        }
    }

    @Test func upperCaseHTTPAndNumericHostsAreFetched() throws {
        let (shop, out, server) = try sandbox()
        defer {
            server.stop()
            shop.remove()
        }
        let port = server.port
        for (index, address) in [
            "HTTP://127.0.0.1:\(port)/page", "Http://2130706433:\(port)/page", "http://0x7f000001:\(port)/page",
            "http://127.1:\(port)/page",
        ].enumerated() {
            let file = out.appendingPathComponent("\(index).cook").path
            let outcome = try shop.run(["recipe", "import", address, "-o", file])
            #expect(outcome.status == 0, "\(address): \(outcome)")
        }
        let source = try String(contentsOfFile: out.appendingPathComponent("0.cook").path, encoding: .utf8)
        #expect(source.contains("source: \"http://127.0.0.1:\(port)/page\""), "\(source)")
    }

    @Test func anIPv6LiteralOrABadNumericHostIsAClearUsageError() throws {
        let (shop, _, server) = try sandbox()
        defer {
            server.stop()
            shop.remove()
        }
        try shop.expectFailure(
            ["recipe", "import", "http://[::1]:\(server.port)/page"], status: 64, mentioning: "IPv6")
        try shop.expectFailure(
            ["recipe", "add", "http://1.2.3.256/page"], status: 64, mentioning: "'1.2.3.256' is not an IPv4 address")
        #expect(shop.dataBytes() == nil)
    }

    @Test func aRedirectToAnotherSchemeIsRefusedWith64() throws {
        let (shop, out, server) = try sandbox()
        defer {
            server.stop()
            shop.remove()
        }
        try shop.expectFailure(
            ["recipe", "import", server.base + "/to-file", "--dir", out.path], status: 64, mentioning: "'file:'")
        try shop.expectFailure(
            ["recipe", "import", server.base + "/to-ftp", "--dir", out.path], status: 64, mentioning: "'ftp:'")
        // Only the redirect was asked for: nothing of the same host's /etc/passwd.
        #expect(!server.heads.contains { $0.hasPrefix("GET /etc/passwd") }, "\(server.heads)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}

/// A server on 127.0.0.1 answering each path with fixed bytes (a whole HTTP response), on one thread; it keeps each
/// request's head, so a test can see what was asked. Writes never raise SIGPIPE (a client may stop reading).
final class CannedServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let routes: [String: [UInt8]]
    private let lock = NSLock()
    private var received: [String] = []

    /// The request heads received so far.
    var heads: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    var base: String { "http://127.0.0.1:\(port)" }

    static func ok(_ body: [UInt8], headers: [String] = ["Content-Type: text/html"]) -> [UInt8] {
        let head = (["HTTP/1.1 200 OK", "Content-Length: \(body.count)", "Connection: close"] + headers)
            .joined(separator: "\r\n")
        return Array((head + "\r\n\r\n").utf8) + body
    }

    static func redirect(_ location: String) -> [UInt8] {
        Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
    }

    init(routes: [String: [UInt8]]) throws {
        self.routes = routes
        (listener, port) = try LoopbackPageServer.listening()
        Thread { [self] in serve() }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var head: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 8192)
            while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) && head.count < 65_536 {
                let count = read(connection, &buffer, buffer.count)
                guard count > 0 else { break }
                head += buffer[0..<count]
            }
            let text = String(decoding: head, as: UTF8.self)
            lock.lock()
            received.append(text)
            lock.unlock()
            let path = text.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            let answer =
                routes[path] ?? Array("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            var sent = 0
            while sent < answer.count {
                let result = answer[sent...].withUnsafeBytes {
                    send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard result > 0 else { break }
                sent += result
            }
            close(connection)
        }
    }
}

/// A gzip stream that inflates to far more than it weighs, written by hand (no zlib in the tests): one block of fixed
/// Huffman codes, a literal zero and then copies of 258 bytes at distance 1, 13 bits each.
enum GzipBomb {
    /// `1 + 258 × copies` zero bytes, gzipped, with the right CRC-32 and length.
    static func zeros(copies: Int) -> [UInt8] {
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        var bits: UInt64 = 0
        var count = 0
        func put(_ value: UInt64, _ width: Int) {
            bits |= value << UInt64(count)
            count += width
            while count >= 8 {
                output.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                count -= 8
            }
        }
        /// A Huffman code goes in from its most significant bit.
        func code(_ value: UInt64, _ width: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<width where value & (1 << UInt64(width - 1 - bit)) != 0 { reversed |= 1 << UInt64(bit) }
            put(reversed, width)
        }
        put(1, 1)  // the last block
        put(1, 2)  // fixed Huffman codes
        code(0x30, 8)  // the literal 0
        for _ in 0..<copies {
            code(0xC5, 8)  // length 258 (symbol 285)
            code(0, 5)  // distance 1 (code 0)
        }
        code(0, 7)  // end of block
        if count > 0 { put(0, 8 - count) }
        let size = UInt64(1 + 258 * copies)
        let crc = crc32OfZeros(size)
        for value in [crc, UInt32(truncatingIfNeeded: size)] {
            for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return output
    }

    /// CRC-32 of `count` zero bytes in logarithmic time: a zero byte is a linear map of the CRC register, raised to the
    /// power `count` by squaring (32 × 32 bit matrices, one column a word).
    static func crc32OfZeros(_ count: UInt64) -> UInt32 {
        func apply(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
            var result: UInt32 = 0
            for bit in 0..<32 where vector & (1 << UInt32(bit)) != 0 { result ^= matrix[bit] }
            return result
        }
        var byte = (0..<32).map { bit -> UInt32 in
            var register = UInt32(1) << UInt32(bit)
            for _ in 0..<8 { register = (register >> 1) ^ (register & 1 == 1 ? 0xEDB8_8320 : 0) }
            return register
        }
        var register: UInt32 = 0xFFFF_FFFF
        var left = count
        while left > 0 {
            if left & 1 == 1 { register = apply(byte, register) }
            byte = byte.map { apply(byte, $0) }
            left >>= 1
        }
        return ~register
    }
}

/// Runs a program and reports its peak resident memory: its `VmHWM` in `/proc/PID/status`, read every millisecond
/// until it ends (its own address space's high-water mark since `exec`). Not `wait4`'s `ru_maxrss`: a child spawned
/// with `vfork` (as `posix_spawn` does) carries the spawning process's high-water mark into its own, and the test
/// process of a full suite holds over 150 MiB.
enum ChildUsage {
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var errors: String
        var peakKiB: Int
        var description: String { "exit \(status), peak \(peakKiB) KiB: \(errors)" }
    }

    static func run(_ arguments: [String]) throws -> Outcome {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
            throw CocoaError(.executableNotLoadable)
        }
        var peak = 0
        var status: Int32 = 0
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kiB = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peak = max(peak, kiB)
            }
            let ended = wait4(pid, &status, WNOHANG, nil)
            if ended == pid || (ended == -1 && errno != EINTR) { break }
            usleep(1_000)
        }
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Outcome(status: code, errors: errors, peakKiB: peak)
    }
}
