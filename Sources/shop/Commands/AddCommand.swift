import ShopKit

/// `shop add NAME... [options]`: creates items on the list, or puts existing ones back on it.
enum AddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add items to the list, or put existing ones back on it.",
        discussion: """
            Each name is one item; quote names with spaces. A name matching an existing item \
            (ignoring case, or its English singular or plural: 'onion' is 'Onions') puts that item back on \
            the list; any other name creates a new item. \
            The options apply to every name given: 'shop add tea coffee -q 2' puts two of each on the list. \
            A new item without --location goes where its name says, if shop can tell: beside an item of yours \
            of the same food, or in the location whose name says its kind of aisle ('shop guess' shows it \
            without adding); an existing item never moves.
            """,
        arguments: [CommandTable.itemNames("The items to add")],
        options: ItemOptions.settingSpecs + [CommonOptions.json("the affected items").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = ItemOptions(context.options)
        try ItemOptions.refuseConflicts(of: context)
        let names = try context.requireNames()
        let (outcomes, putBack, guesses, list, moved, learned) = try context.updateData {
            (list: inout ShoppingList) throws(ShopError) in
            let before = list
            let changes = try options.changes(in: list)
            let target = try context.listInEffect(in: list)
            let outcomes = try list.add(names, applying: changes, onto: target.id)
            // An item on another list moves onto this one (SPEC 22): the output says from where.
            var moved: [Item.ID: (from: String, to: String)] = [:]
            for outcome in outcomes {
                guard let old = before.item(outcome.id), old.onList, old.listID != target.id,
                    let from = before.namedList(old.listID)
                else { continue }
                moved[outcome.id] = (from.name, target.name)
            }
            // Only items that were off the list come back onto it; one already on it was updated.
            let putBack = outcomes.filter { $0.kind == .changed && before.item($0.id)?.onList == false }
            // A new item goes where its name says (SPEC 21), unless --location said where; existing items never move.
            let guesses =
                changes.locationID == nil
                ? list.placeNewItems(outcomes.filter { $0.kind == .created }.map(\.id)) : [:]
            // `--location` for an item shop placed by a guess teaches its word, as `edit` does (SPEC 21).
            let learned = outcomes.map(\.id).filter { id in
                before.item(id).map { before.learnsFromMove($0, to: changes.locationID) } ?? false
            }
            return (outcomes, Set(putBack.map(\.id)), guesses, list, moved, learned)
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", created: "Added", unchanged: "already on the list",
            putBack: putBack, moved: moved, jsonKeepsUnchanged: true, guesses: guesses, context: &context)
        EditCommand.sayLearned(learned, in: list, context: &context)
    }
}
