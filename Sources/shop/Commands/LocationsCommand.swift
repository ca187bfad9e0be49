import ShopKit

/// `shop locations [--json]`: all locations in visitation order with item counts.
enum LocationsCommand {
    static let spec = CommandSpec(
        name: "locations",
        abstract: "List all locations in visitation order, with item counts.",
        options: [CommonOptions.json("the locations").spec],
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let list = try context.readData()
        context.output +=
            context.wantsJSON
            ? JSONOutput.locations(in: list)
            : HumanOutput.locations(in: list, style: context.style)
    }
}
