import ShopKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything a command may touch, handed in so that commands run the same in-process (tests) and in
/// the real process: the parsed command line, the environment, the clock, standard input, and buffers
/// for standard output and standard error.
struct CommandContext {
    /// The parsed command line.
    let invocation: Invocation
    /// The process environment.
    let environment: [String: String]
    /// "Now", fixed once per command so every timestamp of one command agrees.
    let now: Date
    /// How to style human output.
    let style: TerminalStyle
    /// Reads all of standard input (for `-` as the only name).
    let readStandardInput: () -> String
    /// What goes to standard output.
    var output = ""
    /// What goes to standard error (confirmations and notices).
    var messages = ""

    /// The data file path: `--file`, `SHOP_FILE`, `XDG_DATA_HOME`, then `~/.local/share`.
    func dataFilePath() throws(ShopError) -> String {
        try DataFilePath.resolve(explicit: invocation.global.file, environment: environment)
    }

    /// The store for the data file; `SHOP_LOCK_TIMEOUT` (seconds) shortens the lock wait for tests.
    func store() throws(ShopError) -> DataFileStore {
        let timeout = environment["SHOP_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10
        let now = self.now
        return DataFileStore(
            path: try dataFilePath(), lockTimeout: max(0, timeout), undoDescription: undoDescription, clock: { now })
    }

    /// How the undo history names this command: its words and names, shortened ("buy milk, eggs",
    /// "add 10000 names", "location remove Deli", "buy --all").
    var undoDescription: String {
        let path = invocation.commandPath.joined(separator: " ")
        let names = invocation.positionals == ["-"] ? [] : invocation.positionals.map(Escape.forTerminal)
        if invocation.positionals == ["-"] { return path + " (names from standard input)" }
        if names.isEmpty { return invocation.values["all"] != nil ? path + " --all" : path }
        return path + " " + ChangeReport.joined(names)
    }

    /// Loads the data without taking the lock or creating anything (reads see the old or the new file).
    func load() throws(ShopError) -> ShoppingList {
        try store().load()
    }

    /// One line on standard error when this device's file (current store, timer: SPEC section 8.3) exists
    /// but cannot be read: it is ignored, never written over, so the person should hear about it.
    func deviceFileWarning() -> String {
        guard let store = try? store(), let problem = store.deviceFileProblem() else { return "" }
        return "Warning: ignoring this device's own file (no current store, timer at zero): "
            + ErrorReport(problem).message + "\n"
    }

    /// Adds a line to standard output.
    mutating func print(_ line: String) {
        output += line
        output += "\n"
    }

    /// Adds a confirmation or notice line to standard error, unless `--quiet`.
    mutating func say(_ line: String) {
        guard !invocation.global.quiet else { return }
        messages += line
        messages += "\n"
    }

    /// Whether `--json` was given.
    var wantsJSON: Bool { invocation.flag("json") }

    /// The NAME arguments, with `-` as the only one meaning "one name a line from standard input,
    /// skipping blank lines and # comments".
    func names() -> [String] {
        let positionals = invocation.positionals
        guard positionals == ["-"] else { return positionals }
        return Self.names(fromLines: readStandardInput())
    }

    /// Splits standard input into names, one a line (`\n` or `\r\n`), skipping blank lines and lines whose
    /// first visible character is `#`. Works on UTF-8 bytes: Character-by-Character splitting cost more
    /// than the rest of `add -` for 10,000 names.
    static func names(fromLines text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var names: [String] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let next = end + 1
                if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                var first = start
                while first < end && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
                    first += 1
                }
                if first < end && bytes[first] != UInt8(ascii: "#") {
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    // A line of only Unicode white space (a no-break space) is blank too.
                    if bytes[first] < 0x80 || !Validation.isBlank(line) { names.append(line) }
                }
                start = next
            }
            return names
        }
    }
}

/// A failure that stops a command: a ShopKit error, a usage error, or a ready-made report.
enum CommandFailure: Error {
    case shop(ShopError)
    case usage(UsageError)
    case report(ErrorReport)
}

/// Runs a throwing ShopKit call, wrapping its error for the command layer. (Closures do not infer
/// typed throws yet, so the body is untyped; ShopKit throws nothing but ``ShopError``.)
func attempt<T>(_ body: () throws -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch let error as ShopError {
        throw .shop(error)
    } catch let error as CommandFailure {
        throw error
    } catch {
        throw .report(ErrorReport(message: "\(error)"))
    }
}
