import ShopKit

/// `shop store show NAME [--json]`: one store's walk with on-list counts.
enum StoreShowCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a store's walking order with the number of items on the list at each location.",
        arguments: [CommandTable.storeName],
        options: [CommonOptions.json("the store").spec],
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let list = try context.readData()
        let store = list.store(try attempt { try list.resolveStore(reference) })!
        context.output +=
            context.wantsJSON
            ? JSONOutput.store(store, in: list, current: context.currentStore(in: list)?.id)
            : HumanOutput.store(store, in: list, current: context.currentStore(in: list)?.id, style: context.style)
    }
}
