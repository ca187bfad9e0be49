import ShopKit

/// `shop help [COMMAND... | TOPIC]`: declared for the table (help, completions, man page); the parser answers
/// it itself, with a command's help or a manual topic's page (``ManualTopic``).
enum HelpCommand {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for a command, or a topic of the manual.",
        arguments: [
            ArgumentSpec(
                name: "<command>",
                help: "The command (and subcommand) to explain, or a topic: "
                    + ManualTopic.names.joined(separator: ", ") + ".",
                isOptional: true, isRepeatable: true)
        ]
    )
}
