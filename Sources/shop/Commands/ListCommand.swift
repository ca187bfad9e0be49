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
        options: [byLocation.spec, location.spec, allLists.spec, CommonOptions.json("the list").spec, format.spec],
        data: .reads(log: false),
        run: run
    )

    static let byLocation = OptionKey<Bool>.flag(
        "by-location", help: "One section per location that has items on the list.")
    /// `--location <location>`: a location name, resolved against the list.
    static let location = OptionKey<String>.string(
        "location", value: "<location>", help: "Only the items at this location.")
    static let allLists = OptionKey<Bool>.flag(
        "all-lists", help: "Every list, each headed by its name, each in walking order.")
    static let format = OptionKey<ListFormat>.choice(
        "format", value: "<format>", help: "Plain text for e-mail or print, a Markdown checklist, or CSV.")

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let invocation = context.invocation
        try context.refuseJSON(with: Self.format)
        let list = try context.readData()
        for pair in list.lookAlikes { context.say(HumanOutput.lookAlikeNote(pair)) }
        let store = try attempt { try context.storeInEffect(in: list) }
        // At a store, the view gives each item as it is there (the last price paid there, its availability).
        let location = try invocation.options[Self.location].map { (reference) throws(CommandFailure) in
            try attempt { try list.resolveLocation(reference) }
        }
        // The list in effect (SPEC 22), or every list with --all-lists: with one list, what it always showed.
        let shown =
            invocation.options[Self.allLists]
            ? list.listsInNameOrder : [try attempt { try context.listInEffect(in: list) }]
        let byLocation = invocation.options[Self.byLocation]
        guard shown.count > 1 else {
            let items = list.items.filter { $0.onList && $0.listID == shown[0].id }
            render(items, of: list, at: store, location: location, byLocation: byLocation, context: &context)
            return
        }
        if context.wantsJSON {
            // One array of every list's items, list by list; each item names its list.
            var all: [Item] = []
            for named in shown {
                let items = list.items.filter { $0.onList && $0.listID == named.id }
                all += list.view(of: items.filter { location == nil || $0.locationID == location }, at: store).items
            }
            context.output += JSONOutput.items(all, in: list, walk: list.walk(at: store))
            return
        }
        for (index, named) in shown.enumerated() {
            if index > 0 { context.output += "\n" }
            context.output += "\(context.style.bold(Escape.forTerminal(named.name)))\n"
            let items = list.items.filter { $0.onList && $0.listID == named.id }
            render(items, of: list, at: store, location: location, byLocation: byLocation, context: &context)
        }
    }

    /// One list's items as the options ask: JSON, a format, by location, or the walk.
    private static func render(
        _ items: [Item], of list: ShoppingList, at store: Store?, location: Location.ID?, byLocation: Bool,
        context: inout CommandContext
    ) {
        let invocation = context.invocation
        var items = items
        if let location { items = items.filter { $0.locationID == location } }
        // One view (one walk, one sort, its groups and totals) for whichever renderer formats it.
        let view = list.view(of: items, at: store)
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
