/// Turns a program's arguments into a ``ParseResult``, git-style, driven entirely by its tree of
/// ``CommandSpec``s: the root's options are the global ones, its subcommands the commands.
///
/// - Options before the command are global (`tool -q add eggs` is quiet).
/// - After the command, its own options win; global options are still accepted by their long names
///   anywhere (`tool add eggs -q 12` is a quantity, `tool add eggs --quiet` is quiet).
/// - `--opt value` and `--opt=value`; the word after an option that needs a value is always its value,
///   even when it begins with `-` (`--note -x`).
/// - Options and positionals mix in any order; `--` makes every later word a positional.
/// - An option given twice keeps both values; single-valued readers take the last.
/// - `-h`/`--help` after a command asks for that command's help, even on a line that is otherwise wrong.
public struct ArgumentParser<Action: Sendable>: Sendable {
    /// The program's command tree; tests may pass a smaller one.
    public var root: CommandSpec<Action>
    /// What the parser asks of the program: how it quotes words, its `--version` and `help`.
    public var conventions: ParserConventions

    /// A parser of the command tree `root`, following `conventions`.
    public init(root: CommandSpec<Action>, conventions: ParserConventions) {
        self.root = root
        self.conventions = conventions
    }

    /// Parses `arguments` (argv without the program name).
    /// - Throws: ``UsageError`` when the line's shape is wrong (the caller exits 64).
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var cursor = Cursor(words: arguments)
        var global = OptionValues()
        var wantsHelp = false

        // Global options, up to the first word that is not an option.
        while let word = cursor.peek, ArgumentWords.looksLikeOption(word) {
            cursor.index += 1
            if word == "--" { break }
            let (name, inline) = ArgumentWords.split(word)
            if ArgumentWords.isHelp(name) {
                wantsHelp = true
                continue
            }
            guard let option = root.option(matching: name) else {
                let candidates = root.visibleOptions.map(\.longFlag) + ["--help"]
                throw UsageError(
                    message: "Unknown option \(conventions.quote(name))" + suggestion(for: name, among: candidates),
                    commandPath: [])
            }
            if option.long == conventions.versionOption { return .version }
            let (word, decoded) = try value(for: option, named: name, inline: inline, &cursor, path: [])
            global.append(option, word: word, decoded: decoded)
        }

        if wantsHelp { return .help(commandPath: deepestPath(cursor.rest)) }
        guard let name = cursor.next() else { return .help(commandPath: []) }
        guard let command = root.subcommand(named: name) else {
            let candidates = root.visibleSubcommands.map(\.name)
            throw UsageError(
                message: "Unknown command \(conventions.quote(name))" + suggestion(for: name, among: candidates),
                commandPath: [])
        }

        let start = cursor
        do throws(UsageError) {
            return try parseCommand(command, &cursor, global: global)
        } catch {
            // `tool add --bogus --help` shows the help rather than the error: help was what was asked for.
            if start.rest.prefix(while: { $0 != "--" }).contains(where: {
                ArgumentWords.isHelp(ArgumentWords.split($0).name)
            }) {
                return .help(commandPath: error.commandPath)
            }
            throw error
        }
    }

    /// Parses everything after the command word.
    private func parseCommand(
        _ command: CommandSpec<Action>, _ cursor: inout Cursor, global: OptionValues
    ) throws(UsageError) -> ParseResult {
        var spec = command
        var invocation = Invocation(commandPath: [command.name], globalOptions: global)
        var optionsEnded = false

        while let word = cursor.next() {
            let path = invocation.commandPath
            if optionsEnded || !ArgumentWords.looksLikeOption(word) {
                if spec.subcommands.isEmpty {
                    invocation.positionals.append(word)
                    continue
                }
                // A command that runs by itself and takes arguments (`stock [SEARCH]`, `stock add`): a word
                // that names no subcommand, or any word after its first argument, is an argument.
                let takesArguments = spec.runsWithoutSubcommand && !spec.arguments.isEmpty
                let sub =
                    takesArguments && (optionsEnded || !invocation.positionals.isEmpty)
                    ? nil : spec.subcommand(named: word)
                if sub == nil, takesArguments {
                    invocation.positionals.append(word)
                    continue
                }
                guard let sub else {
                    let candidates = spec.visibleSubcommands.map(\.name)
                    throw UsageError(
                        message: "Unknown subcommand \(conventions.quote(word))"
                            + suggestion(for: word, among: candidates),
                        commandPath: path)
                }
                spec = sub
                invocation.commandPath.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inline) = ArgumentWords.split(word)
            if ArgumentWords.isHelp(name) { return .help(commandPath: path) }
            if let option = spec.option(matching: name) {
                let (word, decoded) = try value(for: option, named: name, inline: inline, &cursor, path: path)
                invocation.options.append(option, word: word, decoded: decoded)
            } else if name.hasPrefix("--"), let option = root.option(long: String(name.dropFirst(2))) {
                if option.long == conventions.versionOption { return .version }
                let (word, decoded) = try value(for: option, named: name, inline: inline, &cursor, path: path)
                invocation.globalOptions.append(option, word: word, decoded: decoded)
            } else {
                throw unknownOption(name, of: spec, path: path)
            }
        }

        let path = invocation.commandPath
        if !spec.subcommands.isEmpty && !spec.runsWithoutSubcommand {
            let names = spec.visibleSubcommands.map(\.name).joined(separator: ", ")
            throw UsageError(message: "Missing expected subcommand (one of: \(names))", commandPath: path)
        }
        try checkPositionals(invocation, of: spec)
        if let help = conventions.helpCommand, path == [help] {
            if invocation.positionals.count == 1, let topic = invocation.positionals.first,
                conventions.helpTopics.contains(topic)
            {
                return .topic(topic)
            }
            return .help(commandPath: try helpTarget(invocation.positionals))
        }
        return .run(invocation)
    }

    /// Reads (from `=` or the next word) and decodes the value of `option`, typed as `name`: the word as
    /// typed and its value, decoded here once for the command to read. A word of the wrong shape is a usage error.
    private func value(
        for option: OptionSpec, named name: String, inline: String?, _ cursor: inout Cursor, path: [String]
    ) throws(UsageError) -> (word: String, decoded: Decoded<any Sendable>) {
        let label = option.valueName.map { "\(name) \($0)" } ?? name
        guard option.takesValue else {
            if inline != nil {
                throw UsageError(message: "Option '\(name)' does not take a value", commandPath: path)
            }
            return ("", option.decode(""))
        }
        guard let word = inline ?? cursor.next() else {
            throw UsageError(message: "Missing value for '\(label)'", commandPath: path)
        }
        let decoded = option.decode(word)
        if case .malformed(let expected) = decoded {
            throw UsageError(
                message: "Invalid value \(conventions.quote(word)) for '\(label)': expected \(expected)",
                commandPath: path)
        }
        return (word, decoded)
    }

    /// Checks the count and choices of the positionals against `spec`'s arguments.
    private func checkPositionals(_ invocation: Invocation, of spec: CommandSpec<Action>) throws(UsageError) {
        let path = invocation.commandPath
        let given = invocation.positionals
        let required = spec.arguments.filter { !$0.isOptional }
        if given.count < spec.requiredArgumentCount(given: invocation.options.givenNames) {
            throw UsageError(
                message: "Missing expected argument '\(required[given.count].name)'", commandPath: path)
        }
        for (index, word) in given.enumerated() {
            guard let argument = index < spec.arguments.count ? spec.arguments[index] : spec.arguments.last,
                index < spec.arguments.count || argument.isRepeatable
            else {
                throw UsageError(message: "Unexpected argument \(conventions.quote(word))", commandPath: path)
            }
            if let choices = argument.choices {
                try check(word, choices: choices, label: argument.name, path: path)
            }
        }
    }

    /// The command `tool help WORDS...` asks about.
    private func helpTarget(_ words: [String]) throws(UsageError) -> [String] {
        var spec = root
        var path: [String] = []
        for word in words {
            guard let sub = spec.subcommand(named: word) else {
                // At the first word a topic is as good an answer as a command: both are suggested and the
                // topics listed, since a topic cannot be guessed from the commands' help.
                let topics = path.isEmpty ? conventions.helpTopics : []
                let candidates = spec.visibleSubcommands.map(\.name) + topics
                let what = path.isEmpty ? (topics.isEmpty ? "command" : "command or topic") : "subcommand"
                let listed = topics.isEmpty ? "" : " (topics: \(topics.joined(separator: ", ")))"
                throw UsageError(
                    message: "Unknown \(what) \(conventions.quote(word))\(listed)"
                        + suggestion(for: word, among: candidates),
                    commandPath: conventions.helpCommand.map { [$0] } ?? [])
            }
            spec = sub
            path.append(word)
        }
        return path
    }

    /// The longest command path that the leading words spell (for `tool --help location add`).
    private func deepestPath(_ words: ArraySlice<String>) -> [String] {
        var spec = root
        var path: [String] = []
        for word in words {
            guard let sub = spec.subcommand(named: word) else { break }
            spec = sub
            path.append(word)
        }
        return path
    }

    /// The usage error for an option that `spec` does not know, with the closest known name as a hint.
    private func unknownOption(_ name: String, of spec: CommandSpec<Action>, path: [String]) -> UsageError {
        let own = spec.visibleOptions.map(\.longFlag)
        let global = root.visibleOptions.map(\.longFlag).filter { !own.contains($0) }
        var hint = suggestion(for: name, among: own + global + ["--help"])
        // A global short option after the command (`tool list -q`): point at its long name.
        if hint.isEmpty, let short = ArgumentWords.shortName(name), let option = root.option(short: short) {
            hint = ". Did you mean '\(option.longFlag)'?"
        }
        return UsageError(message: "Unknown option \(conventions.quote(name))" + hint, commandPath: path)
    }
}
