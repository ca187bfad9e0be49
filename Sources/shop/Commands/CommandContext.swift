import ShopKit

/// Everything a command may touch, handed in so that commands run the same in-process (tests) and in
/// the real process: the parsed command line, the process boundary (``Frontend``), the clock, and buffers
/// for standard output and standard error.
struct CommandContext {
    /// The parsed command line.
    let invocation: Invocation
    /// The process: environment, standard input, standard output's descriptor.
    let frontend: Frontend
    /// "Now", fixed once per command so every timestamp of one command agrees.
    let now: Date
    /// How to style human output.
    let style: TerminalStyle
    /// What goes to standard output.
    var output = ""
    /// What goes to standard error (confirmations and notices).
    var messages = ""
    /// What the command's row says it needs of the data file (see ``CommandContext+Data``).
    var dataNeed = DataNeed.nothing
    /// The data file's store, one for the command (see ``CommandContext+Data``).
    let dataStore = DataStoreBox()

    /// The process environment.
    var environment: [String: String] { frontend.environment }

    /// The data file path: `--file`, `SHOP_FILE`, `XDG_DATA_HOME`, then `~/.local/share`.
    func dataFilePath() throws(ShopError) -> String {
        try DataFilePath.resolve(explicit: invocation.global.file, environment: environment)
    }

    /// Writes a long report to standard output as it is made, after whatever ``output`` holds: through a
    /// ``StreamedOutput`` to ``Frontend/outputDescriptor`` when there is one, otherwise into ``output``. Only for
    /// the last thing a command does: what went out cannot be taken back if the command then failed.
    mutating func streamOutput(_ write: (inout StreamedOutput) -> Void) {
        var stream = StreamedOutput(descriptor: frontend.outputDescriptor)
        if frontend.outputDescriptor != nil, !output.isEmpty {
            stream.append(output)
            output = ""
        }
        write(&stream)
        output += stream.finish()
        if case .failed(let code) = stream.stopped { outputFailure = code }
    }

    /// The `errno` of a failed write of streamed output (a full disk): the run ends with exit 74.
    private(set) var outputFailure: Int32?

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
        sayEvenIfQuiet(line)
    }

    /// Adds a notice line to standard error even with `--quiet`: what a script must not miss (SPEC 16: a
    /// purchase that was not logged).
    mutating func sayEvenIfQuiet(_ line: String) {
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
    func names() throws(CommandFailure) -> [String] {
        let positionals = invocation.positionals
        guard positionals == ["-"] else { return positionals }
        return try frontend.standardInputNames()
    }
}

// MARK: - Names

extension CommandContext {
    /// The NAME arguments (or standard input's names, for `-`); at least one is required.
    func requireNames() throws(CommandFailure) -> [String] {
        let names = try names()
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
}

// MARK: - The store in effect

extension CommandContext {
    /// The store a command walks (SPEC section 7): `--store`, else `$SHOP_STORE`, else the data file's
    /// current store, else none. An unknown `--store` or `SHOP_STORE` fails (exit 1, the known names in
    /// the hint); a saved current store that was removed is simply none.
    func storeInEffect(in list: ShoppingList) throws(ShopError) -> Store? {
        let named = invocation.global.store ?? environment["SHOP_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let reference = named else { return currentStore(in: list) }
        return list.store(try list.resolveStore(reference))
    }

    /// The list a command works on (SPEC section 22): `--list`, else `$SHOP_LIST`, else this device's current list.
    /// An unknown `--list` or `SHOP_LIST` fails (exit 1, the known names in the hint).
    func listInEffect(in list: ShoppingList) throws(ShopError) -> NamedList {
        if let chosen = try chosenList(in: list) { return chosen }
        return deviceState.currentList(in: list)
    }

    /// The list `--list` or `$SHOP_LIST` names, if either is given: they beat a recipe's or plan's own list.
    func chosenList(in list: ShoppingList) throws(ShopError) -> NamedList? {
        let named = invocation.global.list ?? environment["SHOP_LIST"].flatMap { $0.isEmpty ? nil : $0 }
        guard let reference = named else { return nil }
        return list.namedList(try list.resolveList(reference))
    }

    /// Gives each recipe request the list its ingredients go on (SPEC 22): `--list` or `$SHOP_LIST`, else the list the
    /// recipe or plan file names (`>> list: Party`), else this device's current list.
    /// - Throws: a list a file names that is none of the lists (exit 1, the known names in the hint).
    func placing(_ requests: [RecipeRequest], in list: ShoppingList) throws(ShopError) -> [RecipeRequest] {
        let chosen = try chosenList(in: list)?.id
        let current = deviceState.currentList(in: list).id
        var placed = requests
        for index in placed.indices {
            if let chosen {
                placed[index].listID = chosen
            } else if let asked = placed[index].list {
                placed[index].listID = try list.resolveList(asked)
            } else {
                placed[index].listID = current
            }
        }
        return placed
    }

    /// ``placing(_:in:)`` inside a recipe change: a list the command or a file names that does not exist is a
    /// failure of the core below the recipes (``RecipeError/core(_:)``).
    func placingRecipes(_ requests: [RecipeRequest], in list: ShoppingList) throws(RecipeError) -> [RecipeRequest] {
        do throws(ShopError) {
            return try placing(requests, in: list)
        } catch {
            throw .core(error)
        }
    }

    /// The store `buy` logs (SPEC section 12): the store in effect, or (from `--store` only) a name that is none of the
    /// stores, returned as a name to log with no store id. `SHOP_STORE` must still name a store (SPEC section 7). A
    /// name that breaks rule 1 is refused like any name.
    func buyStore(in list: ShoppingList) throws(ShopError) -> (store: Store?, name: String?) {
        guard let reference = invocation.global.store else { return (try storeInEffect(in: list), nil) }
        do {
            return (try storeInEffect(in: list), nil)
        } catch .notFound(_, kind: .store, candidates: _) {
            return (nil, try Validation.name(reference, kind: .store))
        }
    }

    /// This device's current store, as read with `list` (none before the data is read, and for the sample).
    func currentStore(in list: ShoppingList) -> Store? {
        deviceState.currentStore(in: list)
    }

    /// This device's state (current store, timer) as the command last read it with the list.
    var deviceState: DeviceState { dataStore.device ?? DeviceState() }
}
