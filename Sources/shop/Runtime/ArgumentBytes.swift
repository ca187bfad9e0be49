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

    /// The arguments as text, or the usage error (exit 64) naming the first that is not valid UTF-8 (`\xff`).
    static func decode(_ arguments: [[UInt8]]) -> Result<[String], UsageRefusal> {
        var decoded: [String] = []
        decoded.reserveCapacity(arguments.count)
        for (position, bytes) in arguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(UsageRefusal(position: position + 1, shown: escaped(bytes)))
            }
            decoded.append(text)
        }
        return .success(decoded)
    }

    /// A refused argument: its position (1 is the first after `shop`) and its bytes as shown.
    struct UsageRefusal: Error, Equatable {
        var position: Int
        var shown: String

        /// The report: exit 64, the argument named, a hint.
        var report: ErrorReport {
            ErrorReport(
                message: "argument \(position) is not valid UTF-8: '\(shown)'",
                hint: "shop reads names, values and paths as UTF-8 text",
                exitCode: ErrorReport.ExitCode.usage)
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
