#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal that standard output goes to (SPEC section 9).
enum TerminalSize {
    /// The width used when neither the terminal nor `$COLUMNS` tells one.
    static let fallbackColumns = 80

    /// The columns the terminal on `descriptor` reports (`ioctl(TIOCGWINSZ)`), or `nil` when it is not a
    /// terminal or reports none (some report 0, such as a serial console or a pty nobody sized).
    static func measured(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The width to fit lines to: the terminal's own, else a positive whole `$COLUMNS`, else ``fallbackColumns``.
    static func columns(measured: Int?, environment: [String: String]) -> Int {
        if let measured, measured > 0 { return measured }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return fallbackColumns
    }
}
