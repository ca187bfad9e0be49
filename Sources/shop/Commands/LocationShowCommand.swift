import ShopKit

/// `shop location show NAME [--json]`: a location and its items.
enum LocationShowCommand {
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a location and its items.",
        arguments: [CommandTable.locationName],
        options: [CommonOptions.json("the location and its items").spec],
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let reference = context.invocation.positionals[0]
        let list = try context.readData()
        let location = list.location(try attempt { try list.resolveLocation(reference) })!
        context.output +=
            context.wantsJSON
            ? JSONOutput.location(location, in: list)
            : HumanOutput.location(location, in: list, style: context.style, zone: .local)
    }
}
