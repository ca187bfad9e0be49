import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 for `recipe import URL` tests: fixed routes, one thread, closed by
/// `stop()`. Routes: `/page` (a recipe), `/none` (no recipe), `/missing` (404), `/huge` (11 MiB, no
/// length given), `/redirect/N` (N redirects, then `/page`), `/elsewhere` (a redirect to ftp://).
final class LoopbackPageServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let page: String

    init(page: String) throws {
        self.page = page
        (listener, port) = try Self.listening()
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// A socket listening on 127.0.0.1 at a port the system picks, and that port.
    static func listening() throws -> (socket: Int32, port: UInt16) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw CocoaError(.fileWriteUnknown)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 8192)
            let count = read(connection, &buffer, buffer.count)
            let request = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            let path = request.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            respond(to: path, on: connection)
            close(connection)
        }
    }

    private func respond(to path: String, on connection: Int32) {
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let result = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                guard result > 0 else { return }
                sent += result
            }
        }
        func ok(_ body: String) {
            send(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            )
        }
        func redirect(_ location: String) {
            send("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        if path == "/page" {
            ok(page)
        } else if path == "/none" {
            ok("<html><body><h1>Just a blog post</h1></body></html>")
        } else if path == "/huge" {
            send("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n")
            let chunk = String(repeating: "<p>padding</p>\n", count: 4096)
            for _ in 0..<(11 * 1024 * 1024 / chunk.utf8.count + 1) { send(chunk) }
        } else if path.hasPrefix("/redirect/"), let left = Int(path.dropFirst("/redirect/".count)) {
            redirect(left == 0 ? "/page" : "/redirect/\(left - 1)")
        } else if path == "/elsewhere" {
            redirect("ftp://127.0.0.1/page")
        } else {
            send("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found")
        }
    }
}
