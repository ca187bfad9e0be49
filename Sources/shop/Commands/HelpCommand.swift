import ShopKit

/// `shop help`.
enum HelpCommand {
    /// `shop help`.
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
