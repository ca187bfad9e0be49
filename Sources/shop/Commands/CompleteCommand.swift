import ShopKit

/// Hidden `shop __complete items|onlist|purchased|locations|stores [PREFIX]`: names for the completion scripts,
/// one a line, in name order. Never creates the data file; any error prints nothing (exit 0), because a
/// completion must never put an error message on the user's command line.
enum CompleteCommand {
    /// Hidden: prints names for the completion scripts, so they stay in step with the data file.
    static let spec = CommandSpec(
        name: CommandTable.completeCommandName,
        abstract: "Print completion candidates, one a line (used by the completion scripts).",
        arguments: [
            ArgumentSpec(
                name: "<kind>", help: "What to list: items, onlist, purchased, locations, stores, lists or recipes."),
            ArgumentSpec(name: "<prefix>", help: "Only candidates starting with this text.", isOptional: true),
        ],
        isHidden: true,
        data: .reads(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        guard let list = try? context.loadData() else { return }
        let prefix = NameOrder.key(context.invocation.positional(1) ?? "")
        var names: [String]
        // An unknown kind lists nothing: the scripts of another version of shop may ask for one.
        guard let kind = context.invocation.positional(0).flatMap(CompletionKind.init(rawValue:)) else { return }
        switch kind {
        case .items: names = list.items.map(\.name)
        case .onlist: names = list.items.filter(\.onList).map(\.name)
        case .purchased: names = list.items.filter { !$0.onList }.map(\.name)
        case .locations: names = list.locations.map(\.name)
        case .stores: names = list.stores.map(\.name)
        case .lists: names = list.lists.map(\.name)
        case .recipes: names = Array(Set(list.recipesInNameOrder.map(\.name))).sorted()
        }
        names = names.filter { name in
            NameOrder.key(name).hasPrefix(prefix) && !name.unicodeScalars.contains(where: Validation.isControl)
        }
        for name in names.sorted(by: NameOrder.precedes) { context.print(name) }
    }
}
