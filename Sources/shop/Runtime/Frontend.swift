import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process boundary a command sees: the environment, standard input, standard output's descriptor and the running
/// executable. `main.swift` makes one from the real process; tests make one from values.
struct Frontend {
    let environment: [String: String]
    /// Reads all of standard input; called only by a command given `-` as its only name. `nil` when it
    /// held more than ``standardInputLimit`` bytes (reading stopped there).
    let readStandardInput: () -> String?
    /// Standard output's descriptor, when long reports may be written to it as they are made (see
    /// ``CommandContext/streamOutput(_:)``); `nil` keeps all output in the command's buffer (tests).
    var outputDescriptor: Int32? = nil

    /// The most standard input shop reads (SPEC 20: every input bounded): 16 MiB, 80,000 names of the
    /// longest kind, so that `shop add - < /dev/zero` is refused at once instead of filling memory.
    static let standardInputLimit = 16 << 20

    /// The names on standard input, one a line (see ``NameLines``).
    /// - Throws: exit 65 for input over ``standardInputLimit``; exit 1 naming the line of a name longer
    ///   than rule 1 allows (without repeating it: it may be megabytes).
    func standardInputNames() throws(CommandFailure) -> [String] {
        guard let text = readStandardInput() else {
            throw .report(
                ErrorReport(
                    message: "standard input is over the \(Self.standardInputLimit >> 20) MiB shop reads",
                    hint: "give names one a line, a file of them at a time",
                    exitCode: ErrorReport.ExitCode.invalidData))
        }
        let lines = NameLines.numbered(text)
        // Bytes that are not UTF-8 were read as U+FFFD: refused by their line, never stored as `�`.
        if let (line, _) = lines.first(where: { $0.name.unicodeScalars.contains("\u{FFFD}") }) {
            throw .report(
                ErrorReport(
                    message: "line \(line) of standard input is not valid UTF-8",
                    hint: "give names as UTF-8 text", exitCode: ErrorReport.ExitCode.invalidData))
        }
        for (line, name) in lines where name.utf8.count > Validation.maximumNameLength {
            let length = Validation.trimmedLength(name)
            guard length > Validation.maximumNameLength else { continue }
            throw .report(
                ErrorReport(
                    message:
                        "line \(line) of standard input is a name of \(length) characters, over the "
                        + "\(Validation.maximumNameLength) allowed",
                    hint: "give one name a line"))
        }
        return lines.map(\.name)
    }

    /// The absolute path of the running `shop` (`/proc/self/exe`), so that git finds the merge driver under any `PATH`.
    static func executablePath() -> String {
        resolvedExecutablePath() ?? CommandLine.arguments.first ?? "shop"
    }

    /// The real path of the running `shop` (`/proc/self/exe`: a link to it elsewhere is resolved), if it can be read.
    static func resolvedExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
