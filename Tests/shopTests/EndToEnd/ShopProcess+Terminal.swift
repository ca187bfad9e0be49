import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The pseudo-terminal could not be opened.
struct TerminalUnavailable: Error {
    var call: String
    var code: Int32
}

extension ShopProcess {
    /// Runs `shop arguments...` with standard output on a new pseudo-terminal `columns` cells wide, so that
    /// `isatty(1)` is true and `TIOCGWINSZ` reports the size as on a real terminal. Standard error goes
    /// to a file, standard input is empty. The terminal's output processing is off, so the text reads as
    /// shop wrote it (no `\r` before each `\n`).
    func runInTerminal(_ arguments: [String], columns: Int, environment extra: [String: String] = [:]) throws -> Outcome
    {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 60, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw TerminalUnavailable(call: "openpty", code: errno)
        }
        defer { close(master) }
        var settings = termios()
        tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(slave, TCSANOW, &settings)

        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stderr = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(slave)
            throw error
        }
        // Only the child may hold the terminal's other side now, so reading ends (EIO) when it exits.
        close(slave)
        try stderr.close()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
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
            status: process.terminationStatus, stdout: String(decoding: bytes, as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self))
    }
}
