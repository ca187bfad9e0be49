import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real `shop serve --port 0` on a sandbox's data file, started by the tests and stopped by them.
final class ServeServer {
    /// Why the tests that run a server cannot run here, or nil. Under libfaketime (CI's moved-clock run),
    /// Foundation's `Process.waitUntilExit` never returns for a `shop` command run while the server
    /// process is alive, so those tests would hang; they run in the normal pass, and nothing in them
    /// depends on the day (their tap times are fixed).
    static let unavailable: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard environment["LD_PRELOAD"]?.contains("faketime") == true || environment["FAKETIME"] != nil else {
            return nil
        }
        return "under libfaketime a child's exit is not seen while the server runs; these tests run in the normal pass"
    }()

    let process: Process
    let port: Int
    let token: String
    let link: String
    private let output: Pipe
    private let errorFile: URL

    /// Starts the server and waits for the link it prints (at most 20 s).
    init(_ shop: ShopProcess, arguments: [String] = ["--port", "0"], environment extra: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = ShopProcess.executable
        process.arguments = ["serve"] + arguments
        process.environment = shop.environment.merging(extra) { $1 }
        output = Pipe()
        errorFile = shop.folder.appendingPathComponent("serve-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var text = ""
        let started = Date()
        while !text.contains("\n"), Date().timeIntervalSince(started) < 20 {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        guard let range = line.range(of: "http://") else {
            process.terminate()
            throw ServeTestError.notStarted(text + (try String(contentsOf: errorFile, encoding: .utf8)))
        }
        link = String(line[range.lowerBound...])
        let afterColon = link.split(separator: ":")[2]
        port = Int(afterColon.prefix { $0.isNumber })!
        token = String(link.split(separator: "=").last!)
    }

    /// What the server wrote on standard error so far.
    var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits for the exit (at most 20 s); returns the exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        let started = Date()
        while process.isRunning && Date().timeIntervalSince(started) < 20 { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// A request with this server's Host and (unless `token` is nil) `Authorization: Bearer` with its
    /// token (`""`) or the one given.
    func request(
        _ method: String, _ target: String, token: String? = "", headers: [String] = [], body: String? = nil
    ) -> String {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)"]
        if let token { lines.append("Authorization: Bearer \(token.isEmpty ? self.token : token)") }
        lines += headers
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }

    /// A POST of ops as the page sends it.
    func postOps(_ json: String, headers: [String] = []) -> String {
        request("POST", "/api/ops", headers: ["Content-Type: application/json"] + headers, body: json)
    }

    /// Sends one request on a fresh connection and reads the answer.
    func exchange(_ request: String, timeout: Double = 10) throws -> RawResponse {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        connection.send(request)
        guard let response = connection.readResponse(timeout: timeout) else { throw ServeTestError.noAnswer(request) }
        return response
    }
}

enum ServeTestError: Error {
    case notStarted(String)
    case noAnswer(String)
    case cannotConnect(Int32)
}

/// An answer as read off the socket.
struct RawResponse: CustomStringConvertible {
    var status: Int
    /// Header names lowercased.
    var headers: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }
    var description: String { "\(status) \(headers) \(text.prefix(200))" }
}

/// A client socket with no HTTP library in between, so the tests send exactly the bytes they mean.
final class RawConnection {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw ServeTestError.cannotConnect(errno) }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads more bytes, waiting up to `timeout`; `false` on timeout or when the peer closed.
    private func fill(until deadline: Date) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&entry, 1, milliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[0..<count]
        return true
    }

    /// The next whole answer (head and Content-Length body), or nil on timeout or close.
    func readResponse(timeout: Double = 10, headOnly: Bool = false) -> RawResponse? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let status = Int(head[0].split(separator: " ")[1]) ?? 0
                let headers = head.dropFirst().map { line -> (String, String) in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return (parts[0].lowercased(), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
                }
                let length =
                    headOnly || status == 304
                    ? 0 : headers.first { $0.0 == "content-length" }.flatMap { Int($0.1) } ?? 0
                if buffer.count >= end.upperBound + length {
                    let body = Array(buffer[end.upperBound..<(end.upperBound + length)])
                    buffer.removeFirst(end.upperBound + length)
                    return RawResponse(status: status, headers: headers, body: body)
                }
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    /// Whether the server closed the connection within `timeout` (reading and dropping what comes).
    func isClosed(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { return false }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    func close() { Glibc.close(descriptor) }
}
