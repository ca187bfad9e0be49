#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment, read from `environ` directly.
///
/// Foundation's `ProcessInfo.processInfo.environment` costs far more on Linux for the same dictionary (measured: see
/// .bench/figures-in-code.md).
enum ProcessEnvironment {
    /// Every `NAME=value` entry; one without `=` is ignored and a repeated name keeps its last value, as `ProcessInfo`.
    static func read() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
