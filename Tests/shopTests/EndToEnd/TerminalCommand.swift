import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a shell command line as a person at a terminal does: standard output and standard error both on one
/// pseudo-terminal of a given width, so that `isatty` is true, the terminal reports its size, and the two
/// streams arrive in the order they were written. Standard input is empty (`/dev/null`), so a command that
/// reads it ends instead of waiting for a keyboard.
enum TerminalCommand {
    struct Outcome {
        var status: Int32
        /// What the terminal received, as written (output processing is off: no `\r` before each `\n`).
        var text: String
        var timedOut = false
    }

    /// Runs `bash -c line` in `directory` with exactly `environment`.
    /// - Parameter timeout: seconds after which the command is killed (a README example never takes long).
    static func run(
        _ line: String, in directory: URL, environment: [String: String], columns: Int, rows: Int = 50,
        timeout: Double = 60
    ) throws -> Outcome {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line]
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardOutput = terminal.childSide
        process.standardError = terminal.childSide
        process.standardInput = FileHandle.nullDevice
        let (bytes, timedOut) = try terminal.run(process, timeout: timeout)
        return Outcome(
            status: process.terminationStatus, text: String(decoding: bytes, as: UTF8.self), timedOut: timedOut)
    }
}
