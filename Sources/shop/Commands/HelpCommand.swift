import ShopKit

/// `shop help [COMMAND...]`: only declared here, for the table (help, completions, man page); the parser
/// answers it itself, so it has no run.
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [
            ArgumentSpec(
                name: "<command>", help: "The command (and subcommand) to explain.", isOptional: true,
                isRepeatable: true)
        ]
    )
}
