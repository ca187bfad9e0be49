import ShopKit

/// `shop stores [--json]`: every store by name, the current one marked.
enum StoresCommand {
    static let spec = CommandSpec(
        name: "stores",
        abstract: "List the stores by name, the current one marked.",
        options: [CommonOptions.json("the stores").spec],
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try context.readData()
        context.output +=
            context.wantsJSON
            ? JSONOutput.stores(in: list, current: context.currentStore(in: list)?.id)
            : HumanOutput.stores(in: list, current: context.currentStore(in: list)?.id, style: context.style)
    }
}
