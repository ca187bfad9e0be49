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
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw TerminalUnavailable(call: "openpty", code: errno)
        }
        defer { close(master) }
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(slave, TCSANOW, &settings)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line]
        process.environment = environment
        process.currentDirectoryURL = directory
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardOutput = terminal
        process.standardError = terminal
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(slave)
            throw error
        }
        // Only the command may hold the terminal's other side now, so reading ends (EIO) when it is done.
        close(slave)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while true {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let waitMilliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let polled = poll(&ready, 1, waitMilliseconds)
            if polled < 0 && errno == EINTR { continue }
            if polled == 0 {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, text: String(decoding: bytes, as: UTF8.self), timedOut: timedOut)
    }
}
