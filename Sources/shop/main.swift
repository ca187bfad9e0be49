#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Process glue only: everything else happens in ShopCommandLine.run, which tests call in-process.
signal(SIGPIPE, SIG_IGN)
let arguments: [String]
do throws(ArgumentBytes.UsageRefusal) {
    arguments = try ArgumentBytes.decode(ArgumentBytes.processArguments())
} catch let refusal {
    exit(
        OutputDelivery.deliver(
            ShopCommandLine.Result(exitCode: refusal.report.exitCode, output: "", messages: refusal.report.text)))
}
let result = ShopCommandLine.run(
    arguments: arguments,
    environment: ProcessEnvironment.read(),
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
    terminalColumns: TerminalSize.measured(STDOUT_FILENO),
    readStandardInput: StandardStreams.readAll,
    streamingOutputTo: STDOUT_FILENO)
// `result` lives until `exit`, and with it what the command kept to be freed by exiting (keptUntilExit).
exit(OutputDelivery.deliver(result))
