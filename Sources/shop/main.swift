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

// Process glue only: everything else happens in ShopCommandLine.run, which tests call in-process.
signal(SIGPIPE, SIG_IGN)
let result = ShopCommandLine.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.read(),
    stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
    terminalColumns: TerminalSize.measured(STDOUT_FILENO),
    readStandardInput: StandardStreams.readAll,
    streamingOutputTo: STDOUT_FILENO)
// `result` lives until `exit`, and with it what the command kept to be freed by exiting (keptUntilExit).
StandardStreams.write(result.output, to: STDOUT_FILENO)
StandardStreams.write(result.messages, to: STDERR_FILENO)
exit(result.exitCode)
