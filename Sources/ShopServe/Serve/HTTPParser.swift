/// Reads one HTTP/1.1 request from the bytes a connection has received so far (SPEC section 13).
///
/// A pure function, strict in the manner of darkhttpd and OpenBSD's httpd: a limit on every size, and anything it does
/// not understand is refused with a status. Lines end in CRLF (a bare LF is refused); no folded header lines; no
/// `Transfer-Encoding` (501); one `Content-Length` of digits for a POST (411 without, 400 when repeated or not a
/// number, 413 past 1 MiB); a target with a control character or a bad percent escape is 400 (SPEC 20).
public enum HTTPParser {
    /// The longest request head (request line and headers), 8 KiB: past it, 431.
    public static let maximumHeadLength = 8 * 1024
    /// The longest body, 1 MiB: past it, 413. A batch of 500 ops with names of the longest length fits (SPEC 20).
    public static let maximumBodyLength = 1024 * 1024

    /// What the bytes so far amount to.
    public enum Outcome: Sendable, Equatable {
        /// A request may still complete with more bytes.
        case incomplete
        /// One whole request, which took the first `length` bytes.
        case request(HTTPRequest, length: Int)
        /// The bytes can never become an acceptable request: answer with this status and close.
        case refused(HTTPStatus)
    }

    /// Reads the request at the start of `bytes`.
    public static func parse(_ bytes: some RandomAccessCollection<UInt8>) -> Outcome {
        let bytes = Array(bytes.prefix(maximumHeadLength + 4 + maximumBodyLength))
        // Find the end of the head, checking as we go that every LF follows a CR.
        var headEnd: Int?
        var index = 0
        while index < bytes.count, index < maximumHeadLength + 4 {
            if bytes[index] == lf {
                guard index > 0, bytes[index - 1] == cr else { return .refused(.badRequest) }
                if index >= 3, bytes[index - 2] == lf, bytes[index - 3] == cr {
                    headEnd = index + 1
                    break
                }
            }
            index += 1
        }
        guard let headEnd else {
            return bytes.count > maximumHeadLength ? .refused(.headerFieldsTooLarge) : .incomplete
        }
        guard headEnd - 4 <= maximumHeadLength else { return .refused(.headerFieldsTooLarge) }
        let lines = split(bytes[0..<(headEnd - 4)])
        guard let requestLine = lines.first else { return .refused(.badRequest) }
        let head: (method: String, target: String, version: String)
        switch parseRequestLine(requestLine) {
        case .success(let parsed): head = parsed
        case .failure(let refusal): return .refused(refusal.status)
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let field = parseField(line) else { return .refused(.badRequest) }
            headers.append(field)
        }
        guard !headers.contains(where: { $0.name == "transfer-encoding" }) else { return .refused(.notImplemented) }
        let hosts = headers.filter { $0.name == "host" }
        guard hosts.count == 1 || (hosts.isEmpty && head.version == "HTTP/1.0") else { return .refused(.badRequest) }
        let lengths = headers.filter { $0.name == "content-length" }
        var bodyLength = 0
        if lengths.count > 1 { return .refused(.badRequest) }
        if let length = lengths.first?.value {
            guard !length.isEmpty, length.utf8.count <= 12, length.utf8.allSatisfy(isDigit), let value = Int(length)
            else { return .refused(.badRequest) }
            guard value <= maximumBodyLength else { return .refused(.contentTooLarge) }
            bodyLength = value
        } else if head.method == "POST" {
            return .refused(.lengthRequired)
        }
        guard bytes.count >= headEnd + bodyLength else { return .incomplete }
        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version, headers: headers,
            body: Array(bytes[headEnd..<(headEnd + bodyLength)]))
        return .request(request, length: headEnd + bodyLength)
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// A request line refused, with its status.
    private struct Refusal: Error {
        var status: HTTPStatus
    }

    /// The lines of a head without their CRLFs (the head has been checked to use CRLF only).
    private static func split(_ head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == cr, index + 1 < head.endIndex, head[index + 1] == lf {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    /// `METHOD SP /target SP HTTP/1.x`: a method of token characters (405 unless GET, HEAD or POST), an
    /// origin-form target of visible ASCII, version 1.0 or 1.1 (another `HTTP/x.y` is 505).
    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> Result<
        (method: String, target: String, version: String), Refusal
    > {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            return .failure(Refusal(status: .badRequest))
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let shaped =
                version.utf8.count == 8 && version.hasPrefix("HTTP/")
                && version.utf8.dropFirst(5).enumerated().allSatisfy {
                    $0.offset == 1 ? $0.element == 0x2E : isDigit($0.element)
                }
            return .failure(Refusal(status: shaped ? .versionNotSupported : .badRequest))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard ["GET", "HEAD", "POST"].contains(method) else { return .failure(Refusal(status: .methodNotAllowed)) }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.count <= maximumHeadLength,
            target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), escapesAreClean(target)
        else { return .failure(Refusal(status: .badRequest)) }
        return .success((method, String(decoding: target, as: UTF8.self), version))
    }

    /// `name: value`, the name of token characters right against the colon, the value without control
    /// characters other than tab (bytes from 0x80 up pass as opaque text). A folded line is refused.
    private static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(isTokenByte) else { return nil }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        return (String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self))
    }

    /// Whether every `%` of a target starts an escape of two hex digits that stands for no control character (SPEC 20:
    /// a target carrying CR, LF or NUL, raw or escaped, or a bad escape is 400).
    private static func escapesAreClean(_ target: ArraySlice<UInt8>) -> Bool {
        var index = target.startIndex
        while index < target.endIndex {
            defer { index += 1 }
            guard target[index] == UInt8(ascii: "%") else { continue }
            guard index + 2 < target.endIndex, let high = HTTPRequest.hexValue(target[index + 1]),
                let low = HTTPRequest.hexValue(target[index + 2])
            else { return false }
            let byte = high << 4 | low
            guard byte >= 0x20 && byte != 0x7F else { return false }
            index += 2
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 9110's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
