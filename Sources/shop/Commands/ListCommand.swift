import ShopKit

/// `shop list [--by-location] [--location LOC] [--json] [--format text|markdown|csv]`.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Show the shopping list in walking order.",
        discussion: """
            Priced items show their line total (quantity x price), and the list ends with the total. At a \
            store, the total is of the items at the store, and the items elsewhere get a line of their own. \
            Text and Markdown also show each item's note.
            """,
        options: [byLocation.spec, location.spec, CommonOptions.json("the list").spec, format.spec],
        data: .reads(log: false),
        run: run
    )

    static let byLocation = OptionKey<Bool>.flag(
        "by-location", help: "One section per location that has items on the list.")
    /// `--location <location>`: a location name, resolved against the list.
    static let location = OptionKey<String>.string(
        "location", value: "<location>", help: "Only the items at this location.")
    static let format = OptionKey<ListFormat>.choice(
        "format", value: "<format>", help: "Plain text for e-mail or print, a Markdown checklist, or CSV.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        try context.refuseJSON(with: Self.format)
        let list = try context.readData()
        for pair in list.lookAlikes { context.say(HumanOutput.lookAlikeNote(pair)) }
        let store = try attempt { try context.storeInEffect(in: list) }
        // At a store, the view gives each item as it is there (the last price paid there, its availability).
        var items = list.items.filter(\.onList)
        if let reference = invocation.options[Self.location] {
            let location = try attempt { try list.resolveLocation(reference) }
            items = items.filter { $0.locationID == location }
        }
        // One view (one walk, one sort, its groups and totals) for whichever renderer formats it.
        let view = list.view(of: items, at: store)
        let byLocation = invocation.options[Self.byLocation]
        if context.wantsJSON {
            context.output +=
                byLocation
                ? JSONOutput.itemsByLocation(view, in: list)
                : JSONOutput.items(view.items, in: list, walk: view.walk)
        } else if let format = invocation.options[Self.format] {
            context.output += format.render(view, in: list, width: context.style.width)
        } else {
            context.output +=
                byLocation
                ? HumanOutput.listByLocation(view, in: list, style: context.style)
                : HumanOutput.list(view, in: list, style: context.style)
        }
    }
}
