/// The command line's shape is wrong: an unknown command or option, a missing argument or value, a word
/// where a number is required. The caller prints it with ``HelpRenderer/usageErrorText(_:)`` and exits 64.
struct UsageError: Error, Sendable, Hashable {
    /// What is wrong, without the `Error: ` prefix (`Unknown option '--quantty'. Did you mean '--quantity'?`).
    var message: String
    /// The command whose usage line to show (`[]`: the program itself).
    var commandPath: [String]
}
