import ShopKit

/// `shop man [TOPIC]`: prints a manual page in roff: shop(1), generated from ``CommandTable``, or a topic's
/// page (``ManualTopic``).
enum ManCommand {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print a manual page in roff: shop(1), or a topic's page.",
        discussion: """
            shop(1) is generated from the same command table as the help and the completion scripts; a topic's \
            page is the text 'shop help TOPIC' shows. Install them where man finds them: shop man > \
            ~/.local/share/man/man1/shop.1, and shop man sharing > ~/.local/share/man/man7/shop-sharing.7 \
            (shop-file goes to man5).
            """,
        arguments: [
            ArgumentSpec(
                name: "<topic>", help: "The topic whose page to print, instead of shop(1).", isOptional: true,
                choices: ManualTopic.names)
        ],
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let topic = context.invocation.positional(0).flatMap(ManualTopic.named)
        context.output +=
            topic?.roff(version: ShopCommandLine.version) ?? ManPage.render(version: ShopCommandLine.version)
    }
}
