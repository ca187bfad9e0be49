#if canImport(Glibc)
    import Glibc
#endif

/// The listening socket of `shop serve` and the facts the link needs: the C library's sockets, no package.
public enum ServeSocket {
    /// Why listening failed.
    public enum Failure: Error {
        /// The port is taken by another program.
        case portInUse(Int)
        /// Any other failure of socket, bind or listen, with the system's words.
        case system(String)
    }

    /// Opens a non-blocking TCP socket listening on 127.0.0.1 (or every interface with `lan`) at
    /// `port` (0: one the system picks).
    /// - Returns: the socket and the port it listens on.
    public static func listen(port: Int, lan: Bool) throws(Failure) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        // Restarting the server right after it stopped must not find the port still held by TIME_WAIT.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = lan ? INADDR_ANY : inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 128) == 0 else {
            let code = errno
            close(descriptor)
            throw code == EADDRINUSE ? .portInUse(port) : .system(String(cString: strerror(code)))
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// The IPv4 addresses of this machine's interfaces that are up, loopback left out (`--lan`).
    public static func lanAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.pointee.ifa_flags & UInt32(IFF_UP) != 0, entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !addresses.contains(string) { addresses.append(string) }
        }
        return addresses
    }
}
