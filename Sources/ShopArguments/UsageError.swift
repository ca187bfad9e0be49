/// The command line's shape is wrong: an unknown command or option, a missing argument or value, a word
/// where a number is required. The program prints it with its usage line and exits 64.
public struct UsageError: Error, Sendable, Hashable {
    /// What is wrong, without the `Error: ` prefix (`Unknown option '--quantty'. Did you mean '--quantity'?`).
    public var message: String
    /// The command whose usage line to show (`[]`: the program itself).
    public var commandPath: [String]

    /// A usage error of the command at `commandPath`.
    public init(message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }
}
