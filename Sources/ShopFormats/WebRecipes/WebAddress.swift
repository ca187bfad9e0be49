import ShopModel

/// An http(s) address given to `recipe import` or `recipe add` (SPEC sections 19 and 23), read once by `shop` and
/// again by `shop-fetch`: the scheme in any case (`HTTP://` is `http://`), a `user:password@` kept apart so that it
/// never reaches a file, an output or an error, and a numeric host in any form the system resolver takes
/// (`2130706433`, `0x7f000001`, `127.1`) written as the dotted quad it means, since FoundationNetworking refuses the
/// other forms. An IPv6 literal is refused with a clear reason: FoundationNetworking cannot fetch one.
public struct WebAddress: Sendable, Equatable {
    /// Why an address is refused (exit 64); each names the address without its credentials.
    public struct Problem: Error, Sendable, Equatable {
        /// One line, naming the address as ``WebAddress/withoutCredentials(_:)`` shows it.
        public var message: String
    }

    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host as given (lowercased), for showing.
    public let host: String
    /// The host as it is fetched: a numeric host as its dotted quad, else the host as given.
    public let fetchedHost: String
    /// The port as given (digits), if any.
    public let port: String?
    /// The path, query and fragment as given (`/r/42?x=1`), possibly empty.
    public let rest: String
    /// The `user:password` given before `@`, for the fetch alone; never shown.
    public let credentials: String?

    /// The address as it is shown, written into a recipe file's `source:` and named in messages: no credentials.
    public var shown: String { "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(rest)" }

    /// The address as it is fetched, without credentials: the numeric host as its dotted quad.
    public var fetched: String { "\(scheme)://\(fetchedHost)\(port.map { ":\($0)" } ?? "")\(rest)" }

    /// Whether `text` starts with `http://` or `https://`, in any case.
    public static func isWebAddress(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Reads `text`, an address starting with `http://` or `https://` in any case.
    /// - Throws: ``Problem`` for another scheme, a missing or bad host or port, or an IPv6 literal.
    public init(parsing text: String) throws(Problem) {
        let shownText = Self.withoutCredentials(text)
        func refuse(_ why: String) -> Problem {
            Problem(message: "cannot fetch '\(Escape.forTerminal(shownText))': \(why)")
        }
        guard let (schemeText, afterScheme) = Self.split(text) else {
            throw refuse("not an http:// or https:// address")
        }
        let scheme = schemeText.lowercased()
        guard scheme == "http" || scheme == "https" else { throw refuse("only http:// and https:// are fetched") }
        let authorityEnd = Self.authorityEnd(afterScheme)
        var authority = afterScheme[..<authorityEnd]
        var credentials: String?
        if let at = authority.lastIndex(of: "@") {
            credentials = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        if authority.hasPrefix("[") {
            throw refuse("IPv6 addresses cannot be fetched; use the host's name")
        }
        var hostText = authority
        var port: String?
        if let colon = authority.lastIndex(of: ":") {
            hostText = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            guard
                digits.isEmpty
                    || (digits.count <= 5 && digits.allSatisfy({ $0.isASCIIDigit }) && Int(digits)! <= 65_535)
            else { throw refuse("'\(Escape.forTerminal(String(digits)))' is not a port") }
            port = digits.isEmpty ? nil : String(digits)
        }
        let host = hostText.lowercased()
        guard !host.isEmpty else { throw refuse("it names no host") }
        guard host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }) else {
            throw refuse("its host holds a space or a control character")
        }
        var fetchedHost = host
        if Self.looksNumeric(host) {
            guard let quad = Self.dottedQuad(host) else {
                throw refuse("'\(Escape.forTerminal(host))' is not an IPv4 address")
            }
            fetchedHost = quad
        }
        self.scheme = scheme
        self.host = host
        self.fetchedHost = fetchedHost
        self.port = port
        self.rest = String(afterScheme[authorityEnd...])
        self.credentials = credentials
    }

    /// `text` without the `user:password@` of an address in it (`scheme://user:password@host/...`), for anything that
    /// shows an address that may not be a web one (`ftp://me:pw@host/` named in a refusal).
    public static func withoutCredentials(_ text: String) -> String {
        guard let (_, afterScheme) = split(text),
            let at = afterScheme[..<authorityEnd(afterScheme)].lastIndex(of: "@")
        else { return text }
        return String(text[..<afterScheme.startIndex]) + String(text[afterScheme.index(after: at)...])
    }

    /// The scheme before the first `://` and what follows it; `nil` without one.
    private static func split(_ text: String) -> (scheme: Substring, rest: Substring)? {
        let characters = Array(text.utf8)
        guard characters.count >= 3 else { return nil }
        for index in 0...(characters.count - 3)
        where characters[index] == UInt8(ascii: ":") && characters[index + 1] == UInt8(ascii: "/")
            && characters[index + 2] == UInt8(ascii: "/")
        {
            let colon = text.utf8.index(text.startIndex, offsetBy: index)
            let after = text.utf8.index(colon, offsetBy: 3)
            return (text[..<colon], text[after...])
        }
        return nil
    }

    /// Where the authority (`user@host:port`) ends: at the first `/`, `?` or `#`, else at the end.
    private static func authorityEnd(_ afterScheme: Substring) -> Substring.Index {
        afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
    }

    /// Whether a host is meant as a number (WHATWG's rule: its last label, a trailing dot aside, is digits or `0x`
    /// and hex digits), so that it is read as an IPv4 address, never looked up as a name.
    static func looksNumeric(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last == "" { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.allSatisfy({ $0.isASCIIDigit }) { return true }
        return (last.hasPrefix("0x") || last.hasPrefix("0X")) && last.dropFirst(2).allSatisfy { $0.isHexDigit }
    }

    /// The dotted quad of an IPv4 address in any of the forms `inet_aton` reads: one to four parts, each decimal,
    /// octal (leading `0`) or hex (`0x`), the last filling the bytes left. `nil` when it is no such address.
    static func dottedQuad(_ host: String) -> String? {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last == "" { labels.removeLast() }
        guard (1...4).contains(labels.count) else { return nil }
        var numbers: [UInt64] = []
        for label in labels {
            let lowered = label.lowercased()
            let value: UInt64?
            if lowered.hasPrefix("0x") {
                value = lowered.count == 2 ? 0 : UInt64(lowered.dropFirst(2), radix: 16)
            } else if lowered.count > 1, lowered.hasPrefix("0") {
                value = UInt64(lowered.dropFirst(), radix: 8)
            } else {
                value = lowered.allSatisfy { $0.isASCIIDigit } ? UInt64(lowered) : nil
            }
            guard let value else { return nil }
            numbers.append(value)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
        let lastBytes = 4 - (numbers.count - 1)
        guard numbers.last! < (UInt64(1) << (8 * lastBytes)) else { return nil }
        var address = numbers.last!
        for (index, part) in numbers.dropLast().enumerated() { address |= part << (8 * (3 - index)) }
        return [24, 16, 8, 0].map { String((address >> $0) & 0xFF) }.joined(separator: ".")
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits).
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
