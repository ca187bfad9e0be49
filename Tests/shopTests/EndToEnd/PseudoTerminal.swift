import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The pseudo-terminal could not be opened.
struct TerminalUnavailable: Error {
    var call: String
    var code: Int32
}

/// A new pseudo-terminal of a given size, with output processing off (the text reads as written: no `\r`
/// before each `\n`), for a child process that must see a real terminal (`isatty`, `TIOCGWINSZ`). The one
/// place the end-to-end tests open a terminal and read what a child writes to it.
final class PseudoTerminal {
    private var master: Int32 = -1
    private var slave: Int32 = -1
    /// The terminal's side for the child: its standard output (and error, if wanted).
    let childSide: FileHandle

    init(columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw TerminalUnavailable(call: "openpty", code: errno)
        }
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(slave, TCSANOW, &settings)
        childSide = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    }

    deinit {
        if slave >= 0 { close(slave) }
        close(master)
    }

    /// Starts `process` (its standard streams already set, on ``childSide`` where wanted) and reads what it
    /// writes to the terminal until it exits, or until `timeout` seconds pass (then it is killed).
    /// - Returns: the bytes read, and whether the time ran out.
    func run(_ process: Process, timeout: Double? = nil) throws -> (bytes: [UInt8], timedOut: Bool) {
        do {
            try process.run()
        } catch {
            close(slave)
            slave = -1
            throw error
        }
        // Only the child may hold the terminal's other side now, so reading ends (EIO) when it exits.
        close(slave)
        slave = -1
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var timedOut = false
        while true {
            if let deadline {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, Int32(max(0, deadline.timeIntervalSinceNow) * 1000))
                if polled < 0 && errno == EINTR { continue }
                if polled == 0 {
                    timedOut = true
                    kill(process.processIdentifier, SIGKILL)
                    break
                }
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
        return (bytes, timedOut)
    }
}
