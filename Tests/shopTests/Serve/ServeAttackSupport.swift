import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension ShopProcess {
    /// The data file's and the purchase log's bytes: every refusal leaves both as they were.
    func savedBytes() -> [Data?] {
        [dataBytes(), try? Data(contentsOf: URL(fileURLWithPath: dataFile.path + ".purchases"))]
    }
}

extension ServeServer {
    /// The server's resident memory in KiB, from `/proc`.
    var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Waits (at most 20 s) for the process to end by itself; whether it did.
    func waitForExit() -> Bool {
        let started = Date()
        while process.isRunning && Date().timeIntervalSince(started) < 20 { usleep(20_000) }
        return !process.isRunning
    }
}

/// The data file's lock held by this test process (another process than the server), as a `sync` would.
final class HeldLock {
    private let descriptor: Int32

    init(_ shop: ShopProcess) throws {
        descriptor = open(shop.dataFile.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw ServeTestError.cannotConnect(errno) }
    }

    func release() { close(descriptor) }
}

/// A page served from another port of 127.0.0.1 (another origin, the same site): answers every request
/// with `html`, on a thread of its own, until closed.
final class OtherOriginServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init(html: String) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound, listen(socket, 16) == 0 else { throw ServeTestError.cannotConnect(errno) }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        let body = Array(html.utf8)
        let head = Array(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                .utf8)
        Thread.detachNewThread {
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 8192)
                _ = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                let answer = head + body
                _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                shutdown(client, Int32(SHUT_RDWR))
                Glibc.close(client)
            }
        }
    }

    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }
}
