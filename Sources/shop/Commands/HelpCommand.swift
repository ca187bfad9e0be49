import ShopKit

/// `shop help [COMMAND...]`: declared for the table (help, completions, man page); the parser answers it itself.
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
