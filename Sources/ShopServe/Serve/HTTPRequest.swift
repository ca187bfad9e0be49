/// One HTTP/1.1 request as ``HTTPParser`` read it (SPEC section 13): trusted no further than the parser checked.
public struct HTTPRequest: Sendable, Equatable {
    /// `GET`, `HEAD` or `POST` (the parser refuses every other method).
    public var method: String
    /// The request target as sent (`/api/list?store=...`), never decoded.
    public var target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in the order sent, names lowercased, values trimmed of surrounding white space.
    public var headers: [(name: String, value: String)]
    /// The body (`Content-Length` bytes; empty without one).
    public var body: [UInt8]

    /// A request with these parts (for tests and the parser).
    public init(
        method: String, target: String, version: String = "HTTP/1.1", headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version && lhs.body == rhs.body
            && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value of header `name` (lowercase), if sent.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The target's path: everything before `?`, exactly as sent (`/../shop.json` stays that: not in the routes).
    public var path: Substring {
        target.prefix { $0 != "?" }
    }

    /// The value of query parameter `name`, percent-decoded (`+` is a space); `nil` when absent or not UTF-8.
    public func query(_ name: String) -> String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard HTTPRequest.percentDecoded(parts[0]) == name else { continue }
            return parts.count == 2 ? HTTPRequest.percentDecoded(parts[1]) : ""
        }
        return nil
    }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepsAlive: Bool {
        let connection = header("connection")?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    }

    /// Decodes `%XX` escapes and `+`; `nil` for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The value of one hex digit (either case); `nil` for any other byte.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
