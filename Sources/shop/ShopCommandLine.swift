import ShopKit

/// The testable entry point: argv, environment, terminal facts, standard input and the clock go in;
/// the text for standard output and standard error and the exit code come out. No global state.
enum ShopCommandLine {
    /// The version `shop --version` prints.
    static let version = "0.1.0"

    /// What one run produced.
    struct Result: Sendable {
        var exitCode: Int32
        var output: String
        var messages: String
        /// Large values the command is done with (see ``CommandContext/keepUntilExit(_:)``).
        var keptUntilExit: [any Sendable] = []
        /// The `errno` of a failed write of output streamed while the command ran (SPEC 20: exit 74).
        var outputFailure: Int32? = nil
        /// The pager to show ``output`` through (a manual page at a terminal, see ``Pager``), if any.
        var pager: String? = nil
    }

    /// Runs one command line.
    /// - Parameters:
    ///   - arguments: argv without the program name.
    ///   - stdoutIsTerminal: whether standard output is a TTY (decides `--color auto`, and whether lines
    ///     are fitted to the terminal's width).
    ///   - terminalColumns: the terminal's width as it reports it (`nil`: unknown; `$COLUMNS`, then 80,
    ///     stand in). Ignored unless `stdoutIsTerminal`: a pipe or a file is never cut.
    ///   - readStandardInput: reads all of standard input, called only when a command needs it; `nil` when
    ///     it is over ``Frontend/standardInputLimit``.
    ///   - streamingOutputTo: standard output's descriptor, to which a long report (`history`) is written
    ///     as it is made; what is left for ``Result/output`` comes after it. `nil`: all output in the result.
    static func run(
        arguments: [String], environment: [String: String], stdoutIsTerminal: Bool = false,
        terminalColumns: Int? = nil, readStandardInput: @escaping () -> String? = { "" }, now: Date = Date(),
        streamingOutputTo outputDescriptor: Int32? = nil
    ) -> Result {
        let width = stdoutIsTerminal ? TerminalSize.columns(measured: terminalColumns, environment: environment) : nil
        let parsed: ParseResult
        do throws(UsageError) {
            parsed = try ArgumentParser().parse(arguments)
        } catch {
            return failed(.usage(error), context: nil)
        }
        let invocation: Invocation
        switch parsed {
        case .help(let path):
            // Help is wrapped to 80 columns, or to a narrower terminal; a word wider still is cut there.
            let help = HelpRenderer.help(for: path, width: min(HelpRenderer.width, width ?? HelpRenderer.width))
            return Result(exitCode: 0, output: HumanOutput.fitted(help + "\n", width: width), messages: "")
        case .topic(let name):
            // The parser answers only the topics there are.
            let page = ManualTopic.named(name)?.text(width: min(HelpRenderer.width, width ?? HelpRenderer.width))
            return Result(
                exitCode: 0, output: HumanOutput.fitted((page ?? "") + "\n", width: width), messages: "",
                pager: stdoutIsTerminal ? Pager.command(environment: environment) : nil)
        case .version:
            return Result(exitCode: 0, output: "shop \(version)\n", messages: "")
        case .run(let parsedInvocation):
            invocation = parsedInvocation
        }
        // A value refused before any command runs (`-q 1.5`): nothing was read, so no file is warned about.
        if let report = invocation.refusal { return failed(.report(report), context: nil) }
        let clock: Date
        do throws(CommandFailure) {
            clock = try ClockSetting.now(environment: environment, clock: now)
        } catch {
            return failed(error, context: nil)
        }
        let style = TerminalStyle.detect(
            choice: invocation.global.color, isTerminal: stdoutIsTerminal, environment: environment
        )
        .fitting(width)
        let frontend = Frontend(
            environment: environment, readStandardInput: readStandardInput, outputDescriptor: outputDescriptor)
        var context = CommandContext(invocation: invocation, frontend: frontend, now: clock, style: style)
        do throws(CommandFailure) {
            let spec = CommandTable.command(at: invocation.commandPath)
            guard let command = spec?.run else {
                // The table has a runnable path without a run; a test guards against this ever shipping.
                throw CommandFailure.report(
                    ErrorReport(message: "'\(invocation.commandPath.joined(separator: " "))' has no implementation"))
            }
            context.dataNeed = spec?.data ?? .nothing
            try command(&context)
            return Result(
                exitCode: 0, output: context.output, messages: context.deviceFileWarning() + context.messages,
                keptUntilExit: context.keptUntilExit, outputFailure: context.outputFailure)
        } catch {
            return failed(error, context: context)
        }
    }

    /// The one way a failure becomes output: a usage error (from the parser or a command) is its message,
    /// the usage line and a pointer to the help, exit 64; anything else is ``ErrorReport``'s text and code.
    /// - Parameter context: the command that failed, if one ran: what it said on standard error is kept,
    ///   after a warning about this device's file when the error does not already name it.
    private static func failed(_ failure: CommandFailure, context: CommandContext?) -> Result {
        let text: String
        let code: Int32
        var output = ""
        switch failure {
        case .shop(let shopError):
            let report = ErrorReport(shopError)
            (text, code) = (report.text, report.exitCode)
        case .usage(let usage):
            (text, code) = (HelpRenderer.usageErrorText(usage) + "\n", ErrorReport.ExitCode.usage)
        case .report(let report):
            (text, code, output) = (report.text, report.exitCode, report.standardOutput)
        }
        guard let context else { return Result(exitCode: code, output: output, messages: text) }
        // Nothing a failed command printed to standard output is kept: a script sees no partial result (only an error
        // object it asked for with --json). A change the damaged device file refused already names it.
        let devicePath = context.deviceFilePath.map(Quoted.path)
        let warning = devicePath.map(text.contains) == true ? "" : context.deviceFileWarning()
        return Result(exitCode: code, output: output, messages: warning + context.messages + text)
    }
}
