import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
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
    /// Standard output's descriptor, when long reports may be written to it as they are made (see
    /// ``streamOutput(_:)``); `nil` keeps all output in ``output`` (commands run in process by tests).
    var outputDescriptor: Int32? = nil
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

    /// How the undo history names this command: its words as typed, with its options, so two steps
    /// of one command tell apart (`edit eggs --note brown`, `add "whole milk" --quantity 2`, `buy --all`).
    /// Options are written by their long names, in the command table's order; `--json` (output only)
    /// and global options other than `--store` are left out. A long batch of names is shortened
    /// (`add a b c d e f g h (and 9992 more names)`), and names read from standard input are not listed.
    var undoDescription: String {
        var words = invocation.commandPath
        let positionals = invocation.positionals
        if positionals == ["-"] {
            words.append("-")
        } else if positionals.count > 10 {
            words += positionals.prefix(8).map(ShellWord.quoted)
            words.append("(and \(positionals.count - 8) more names)")
        } else {
            words += positionals.map(ShellWord.quoted)
        }
        for option in CommandTable.command(at: invocation.commandPath)?.options ?? []
        where option.long != CommonOptions.json.spec.long {
            let values = options.words(of: option)
            guard let last = values.last else { continue }
            guard option.takesValue else {
                words.append(option.longFlag)
                continue
            }
            for value in option.isRepeatable ? values : [last] { words += [option.longFlag, ShellWord.quoted(value)] }
        }
        if let store = invocation.global.store { words += ["--store", ShellWord.quoted(store)] }
        return words.joined(separator: " ") + (positionals == ["-"] ? " (names from standard input)" : "")
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

    /// Writes a long report to standard output as it is made, after whatever ``output`` holds: through a
    /// ``StreamedOutput`` to ``outputDescriptor`` when there is one, otherwise into ``output``. Only for
    /// the last thing a command does: what went out cannot be taken back if the command then failed.
    mutating func streamOutput(_ write: (inout StreamedOutput) -> Void) {
        var stream = StreamedOutput(descriptor: outputDescriptor)
        if outputDescriptor != nil, !output.isEmpty {
            stream.append(output)
            output = ""
        }
        write(&stream)
        output += stream.finish()
    }

    /// Large values the command is done with, handed back in the result so that the process frees them by
    /// exiting (`main.swift` keeps the result until `exit`), not piece by piece.
    private(set) var keptUntilExit: [any Sendable] = []

    /// Keeps `value` until the process exits instead of freeing it when the command returns: a list read
    /// with ten years of purchases is 30,000 values holding 60,000 references, and releasing them one by one
    /// cost 3.7 M instructions, 2% of the time of `spending --by month` (measured on the data of
    /// `.bench/run --log`). Commands run in process by the tests free it with the result.
    mutating func keepUntilExit(_ value: some Sendable) {
        keptUntilExit.append(value)
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

    /// A usage error of this command (exit 64, followed by its usage line).
    func usageError(_ message: String) -> CommandFailure {
        .usage(UsageError(message: message, commandPath: invocation.commandPath))
    }

    /// `--json` with `--format` asks for two outputs at once: a usage error.
    func refuseJSON<Format: RawRepresentable>(with format: OptionKey<Format>) throws(CommandFailure)
    where Format.RawValue == String {
        if wantsJSON, let format = options[format] {
            throw usageError("'--json' and '--format \(format.rawValue)' cannot be used together")
        }
    }

    /// Whether `--json` was given.
    var wantsJSON: Bool { options[CommonOptions.json] }

    /// The command's options, decoded at parse time; read them through their keys.
    var options: OptionValues { invocation.options }

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

// MARK: - Names

extension CommandContext {
    /// The NAME arguments (or standard input's names, for `-`); at least one is required.
    func requireNames() throws(CommandFailure) -> [String] {
        let names = names()
        guard !names.isEmpty else {
            if invocation.positionals == ["-"] {
                throw .report(
                    ErrorReport(
                        message: "standard input held no names",
                        hint: "give one name a line; blank lines and # comments are skipped"))
            }
            throw usageError("Missing expected argument '<name>'")
        }
        return names
    }

    /// Whether `--all` was given; giving names with it too is a usage error.
    func namesOrAll() throws(CommandFailure) -> Bool {
        guard options[CommonOptions.all] else { return false }
        guard invocation.positionals.isEmpty else {
            throw usageError("'--all' cannot be combined with names")
        }
        return true
    }

    /// Runs an item change under the store's lock and returns its outcomes with the list after it.
    func updateItems(_ change: (inout ShoppingList) throws(ShopError) -> [ItemOutcome]) throws(CommandFailure)
        -> ([ItemOutcome], ShoppingList)
    {
        let store = try attempt { try self.store() }
        return try attempt {
            try store.update { (list: inout ShoppingList) throws(ShopError) in (try change(&list), list) }
        }
    }
}

// MARK: - Reading

extension CommandContext {
    /// Loads the data for a command that only reads it (`list`, `stores`, `export`...), creating nothing.
    ///
    /// A data file that does not exist reads as an empty list (SPEC section 5), and standard error says
    /// so: a mistyped `--file` or `SHOP_FILE` would otherwise look like an empty list and nothing more.
    /// - Parameter withPurchaseLog: read the purchase log too (history, spending, learned restock).
    mutating func readData(withPurchaseLog: Bool = false) throws(CommandFailure) -> ShoppingList {
        let store = try attempt { try self.store() }
        if !store.exists {
            // Quoted like a path in an error (SPEC section 9): a long one is cut in the middle, keeping its
            // start and its file name, which is where a typo shows.
            say("No data file at \(Quoted.path(store.path)) yet; the first change creates it.")
        }
        return try attempt { withPurchaseLog ? try store.loadWithPurchaseLog() : try store.load() }
    }
}

// MARK: - The store in effect

extension CommandContext {
    /// The store a command walks (SPEC section 7): `--store`, else `$SHOP_STORE`, else the data file's
    /// current store, else none. An unknown `--store` or `SHOP_STORE` fails (exit 1, the known names in
    /// the hint); a saved current store that was removed is simply none.
    func storeInEffect(in list: ShoppingList) throws(ShopError) -> Store? {
        if let reference = invocation.global.store {
            return list.store(try list.resolveStore(reference))
        }
        if let reference = environment["SHOP_STORE"], !reference.isEmpty {
            return list.store(try list.resolveStore(reference))
        }
        return list.currentStore
    }
}

// MARK: - Dates and filters

/// The date and filter options of `buy`, `history` and `spending`.
extension CommandContext {
    /// The local calendar day an option names (`--date 2026-11-22`), if given. A word that is not shaped
    /// like a date is a usage error (exit 64); a date-shaped text that names no day is a bad value (exit 1).
    func day(_ key: OptionKey<Result<CalendarDay, DayProblem>>) throws(CommandFailure) -> CalendarDay? {
        let option = key.spec.long
        switch options[key] {
        case nil:
            return nil
        case .success(let day):
            return day
        case .failure(let problem) where problem.failure == .malformed:
            throw usageError("'--\(option)' expects a date such as 2026-11-22 (YYYY-MM-DD), got '\(problem.word)'")
        case .failure(let problem):
            throw .report(
                ErrorReport(
                    message: "--\(option) \(Quoted.value(problem.word)) is not a day of the calendar",
                    hint: "give a date as YYYY-MM-DD, such as 2026-11-22"))
        }
    }

    /// `history` and `spending`'s filter: SEARCH, `--since`, `--until` and an explicit `--store` only.
    func purchaseFilter(search: String?, in list: ShoppingList) throws(CommandFailure) -> PurchaseFilter {
        var filter = PurchaseFilter(
            search: search, since: try day(CommonOptions.since), until: try day(CommonOptions.until),
            store: try invocation.global.store.map { (reference) throws(CommandFailure) in
                try attempt { list.store(try list.resolveStore(reference))! }
            })
        filter.device = options[HistoryCommand.device]
        try attempt { try filter.validate() }
        return filter
    }

    /// `buy --date` (`key`): the instant to log. Today is now; an earlier day is noon local time (a
    /// receipt's time of day is not known). A day in the future or before 1970 is refused (exit 1).
    func purchaseDate(_ key: OptionKey<Result<CalendarDay, DayProblem>>) throws(CommandFailure) -> Date? {
        guard let day = try day(key) else { return nil }
        let today = LocalCalendar.current.dayNumber(of: now)
        guard day.number <= today else {
            throw .report(
                ErrorReport(message: "--date \(day) is in the future", hint: "today is \(CalendarDay(number: today))"))
        }
        guard day.number >= 0 else {
            throw .report(ErrorReport(message: "--date \(day) is before 1970", hint: "give the day the receipt shows"))
        }
        if day.number == today { return now }
        return day.instant(hour: 12, in: .current)
    }
}

// MARK: - Sync

extension CommandContext {
    /// The git sync of this data file, registering this very executable as the merge driver.
    func gitSync() throws(CommandFailure) -> GitSync {
        let store = try attempt { try self.store() }
        return GitSync(store: store, executable: Self.executablePath(), environment: environment)
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
