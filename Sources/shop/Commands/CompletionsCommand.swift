import ShopKit

/// `shop completions bash|zsh|fish`: prints a completion script generated from ``CommandTable``.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script.",
        arguments: [ArgumentSpec(name: "<shell>", help: "The shell.", choices: ["bash", "zsh", "fish"])],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        switch context.invocation.positional(0) {
        case "zsh": context.output += CompletionScripts.zsh()
        case "fish": context.output += CompletionScripts.fish()
        default: context.output += CompletionScripts.bash()
        }
    }
}
