import ShopKit

#if canImport(Glibc)
    import Glibc
#endif

/// The command line as the kernel hands it over: bytes, which must be UTF-8 (SPEC 20). Swift's
/// `CommandLine.arguments` replaces bad bytes with U+FFFD, which stored `\xff` names as `�` and sent
/// `--file $'\xff.json'` to another file; reading argv's bytes first refuses them instead.
enum ArgumentBytes {
    /// The arguments of this process, as bytes, without the program name.
    static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    /// The arguments as text, or the usage error (exit 64) naming the first that is not valid UTF-8 (`\xff`), except
    /// the path of `--file`, which is used as the bytes given (SPEC 20 and 23): see ``dataFilePath(_:)``.
    static func decode(_ arguments: [[UInt8]]) throws(UsageRefusal) -> [String] {
        var decoded: [String] = []
        decoded.reserveCapacity(arguments.count)
        let option = Array("--file".utf8)
        for (position, bytes) in arguments.enumerated() {
            if let text = String(validating: bytes, as: UTF8.self) {
                decoded.append(text)
                continue
            }
            let refusal = UsageRefusal(position: position + 1, shown: escaped(bytes))
            let prefix = option + [UInt8(ascii: "=")]
            let given = position > 0 && arguments[position - 1] == option
            guard given || bytes.starts(with: prefix) else { throw refusal }
            switch dataFilePath(given ? bytes : Array(bytes.dropFirst(prefix.count))) {
            case .success(let path): decoded.append(given ? path : "--file=" + path)
            case .failure(let reason): throw refusal.because(reason)
            }
        }
        return decoded
    }

    /// A data file path whose folder's bytes are not UTF-8, as a path text can name: the folder is opened as given
    /// and named through `/proc/self/fd`, the descriptor left open for the process and the programs it starts (git
    /// finds the same folder). Every file shop keeps beside the data file is then found there, byte for byte. The
    /// file's own name is joined to it as text, so it must be UTF-8 (shop adds `.lock`, `.purchases` to it).
    /// - Returns: the path, or why it cannot be used.
    static func dataFilePath(_ bytes: [UInt8]) -> Result<String, UsageRefusal.Reason> {
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
        guard let text = String(validating: name, as: UTF8.self), !text.isEmpty else {
            return .failure(.fileNameNotUTF8)
        }
        var folder = slash.map { Array(bytes[..<$0]) } ?? Array(".".utf8)
        if folder.isEmpty { folder = Array("/".utf8) }
        func call(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Int32) -> Int32 {
            (path + [0]).withUnsafeBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
            }
        }
        var descriptor = call(folder) { open($0, O_RDONLY | O_DIRECTORY) }
        if descriptor < 0 && errno == ENOENT {
            // A missing folder is made, as it is for any data file path (`mkdir -p`, 0700): named by its bytes, it
            // cannot be made later through a path text.
            for (index, byte) in folder.enumerated() where byte == UInt8(ascii: "/") && index > 0 {
                _ = call(Array(folder[..<index])) { mkdir($0, 0o700) }
            }
            _ = call(folder) { mkdir($0, 0o700) }
            descriptor = call(folder) { open($0, O_RDONLY | O_DIRECTORY) }
        }
        guard descriptor >= 0 else { return .failure(.folderUnreadable(POSIXFile.describe(errno))) }
        return .success("/proc/self/fd/\(descriptor)/\(text)")
    }

    /// A refused argument: its position (1 is the first after `shop`) and its bytes as shown.
    struct UsageRefusal: Error, Equatable {
        /// Why a `--file` path that is not UTF-8 cannot be used.
        enum Reason: Error, Equatable {
            /// The file's own name (after the last `/`) is not UTF-8: only its folder may be any bytes.
            case fileNameNotUTF8
            /// The folder cannot be opened (missing, not a folder, no permission): the reason.
            case folderUnreadable(String)
        }

        var position: Int
        var shown: String
        var reason: Reason?

        /// The same argument refused for `reason`.
        func because(_ reason: Reason) -> UsageRefusal {
            UsageRefusal(position: position, shown: shown, reason: reason)
        }

        /// The report: exit 64 (74 for a folder that cannot be opened), the argument named, a hint.
        var report: ErrorReport {
            switch reason {
            case nil:
                ErrorReport(
                    message: "argument \(position) is not valid UTF-8: '\(shown)'",
                    hint: "shop reads names and values as UTF-8 text; only --file's path may be other bytes",
                    exitCode: ErrorReport.ExitCode.usage)
            case .fileNameNotUTF8:
                ErrorReport(
                    message: "the data file's name in '\(shown)' is not valid UTF-8",
                    hint: "its folder may be any bytes; the file's own name must be UTF-8",
                    exitCode: ErrorReport.ExitCode.usage)
            case .folderUnreadable(let why):
                ErrorReport(
                    message: "cannot open the folder of the data file '\(shown)': \(why)",
                    exitCode: ErrorReport.ExitCode.io)
            }
        }
    }

    /// `bytes` for a message: valid UTF-8 escaped as any text is (``Escape/forTerminal(_:)``), every other
    /// byte as `\xNN`, cut to ``Quoted/maximumCells`` cells.
    static func escaped(_ bytes: [UInt8]) -> String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(leading: bytes[index])
            if length > 0, index + length <= bytes.count,
                let text = String(validating: bytes[index..<index + length], as: UTF8.self)
            {
                shown += Escape.forTerminal(text)
                index += length
            } else {
                let hex = String(bytes[index], radix: 16)
                shown += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return CellText.truncate(shown, to: Quoted.maximumCells)
    }

    /// How many bytes a UTF-8 sequence starting with `byte` takes; 0 for a byte that cannot start one.
    private static func sequenceLength(leading byte: UInt8) -> Int {
        switch byte {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}
