import Foundation

extension ShopProcess {
    /// Runs `shop arguments...` with standard output on a new pseudo-terminal `columns` cells wide, so that
    /// `isatty(1)` is true and `TIOCGWINSZ` reports the size as on a real terminal. Standard error goes
    /// to a file, standard input is empty. The terminal's output processing is off, so the text reads as
    /// shop wrote it (no `\r` before each `\n`).
    func runInTerminal(_ arguments: [String], columns: Int, environment extra: [String: String] = [:]) throws -> Outcome
    {
        let terminal = try PseudoTerminal(columns: columns, rows: 60)
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stderr = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = terminal.childSide
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let bytes = try terminal.run(process).bytes
        try stderr.close()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: bytes, as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self))
    }
}
