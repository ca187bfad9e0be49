#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process boundary a command sees: the environment, standard input, standard output's descriptor
/// and the running executable. `main.swift` makes one from the real process; tests make one from values,
/// so a command runs the same in-process and as a process.
struct Frontend {
    /// The process environment.
    let environment: [String: String]
    /// Reads all of standard input; called only by a command given `-` as its only name.
    let readStandardInput: () -> String
    /// Standard output's descriptor, when long reports may be written to it as they are made (see
    /// ``CommandContext/streamOutput(_:)``); `nil` keeps all output in the command's buffer (tests).
    var outputDescriptor: Int32? = nil

    /// The names on standard input, one a line (see ``NameLines``).
    func standardInputNames() -> [String] {
        NameLines.parse(readStandardInput())
    }

    /// The absolute path of the running `shop` (`/proc/self/exe` on Linux), so that git finds the merge
    /// driver under any `PATH`.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "shop" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
