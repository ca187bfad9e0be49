import ShopKit

/// `shop mv NAME... LIST` (SPEC section 22): moves items to a list in one step (one undo step). An item off every
/// list (bought, dropped) gets the list as its home list: `restock` and `unbuy` put it back there.
enum MoveCommand {
    static let spec = CommandSpec(
        name: "mv",
        abstract: "Move items to another list (one undo step).",
        discussion: """
            The last argument is the list. An item is one record on at most one list: moving it takes it off \
            the list it was on. An item off every list (bought, dropped) keeps the list as its home, where \
            'shop restock' and 'shop unbuy' put it back.
            """,
        // One repeatable argument: the list comes last, after the names (`shop mv NAME... LIST`).
        arguments: [
            ArgumentSpec(
                name: "<name>", help: "The items to move (names, prefixes or id:HEX), then the list to move them to.",
                isRepeatable: true)
        ],
        options: [CommonOptions.json("the items moved").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        var names = context.invocation.positionals
        guard names.count >= 2 else { throw context.usageError("Missing expected argument '<list>'") }
        let target = names.removeLast()
        let (moved, to, list) = try context.updateData { (list: inout ShoppingList) throws(ShopError) in
            let to = try list.resolveList(target)
            let moved = try list.moveItems(try list.resolveItems(names, in: .all), to: to)
            return (moved, list.namedList(to)!, list)
        }
        if context.wantsJSON {
            context.output += JSONOutput.items(moved.map { list.item($0.item.id) ?? $0.item }, in: list)
            return
        }
        guard !moved.isEmpty else {
            context.say("Already on \(Escape.forTerminal(to.name)): nothing to move")
            return
        }
        // One line per list the items came from, in the order first met.
        var order: [NamedList.ID] = []
        var byList: [NamedList.ID: [String]] = [:]
        for (item, from) in moved {
            if byList[from] == nil { order.append(from) }
            byList[from, default: []].append(Escape.forTerminal(item.name))
        }
        for from in order {
            let source = list.namedList(from).map { Escape.forTerminal($0.name) } ?? "a removed list"
            context.say(
                "Moved \(byList[from]!.joined(separator: ", ")) from \(source) to \(Escape.forTerminal(to.name))")
        }
    }
}
