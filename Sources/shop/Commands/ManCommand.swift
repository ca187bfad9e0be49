import ShopKit

/// `shop man`: prints the manual page, shop(1), generated from ``CommandTable``.
enum ManCommand {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print the manual page, shop(1), in roff.",
        discussion: """
            Generated from the same command table as the help and the completion scripts. Install it where \
            man finds it: shop man > ~/.local/share/man/man1/shop.1
            """,
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        context.output += ManPage.render(version: ShopCommandLine.version)
    }
}
