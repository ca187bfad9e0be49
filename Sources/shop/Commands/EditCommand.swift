import ShopKit

/// `shop edit NAME... [options]`: changes items, all in one step (SPEC 16).
enum EditCommand {
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change items.",
        discussion: """
            Several names get the same changes in one step ('shop undo' takes them all back); --name renames \
            one item only. --price takes a decimal comma too (1,19). With --pantry, what recipes need of the \
            item leaves the list. --location of an item shop placed by a guess teaches its name for that \
            location: new items like it go there ('shop help walking').
            """,
        arguments: [CommandTable.itemNames("The items to change")],
        options: [CommonOptions.name.spec] + ItemOptions.specs + [CommonOptions.json("the changed items").spec],
        data: .writes(log: false),
        run: run
    )

    static func run(_ context: inout CommandContext) throws(CommandFailure) {
        let options = ItemOptions(context.options)
        let newName = context.options[CommonOptions.name]
        try ItemOptions.refuseConflicts(of: context)
        let names = try context.requireNames()
        if newName != nil && names.count > 1 {
            throw context.usageError("'--name' renames one item, not \(names.count)")
        }
        var learning: [Item.ID] = []
        let (outcomes, list) = try context.updateItems { (list: inout ShoppingList) throws(ShopError) in
            var changes = try options.changes(in: list)
            changes.name = newName
            let ids =
                names.count == 1 ? [try list.resolveItem(names[0], in: .all)] : try list.resolveItems(names, in: .all)
            // Moving an item out of a guessed location teaches its word (SPEC 21): said after the change.
            learning = ids.filter { id in
                list.item(id).map { list.learnsFromMove($0, to: changes.locationID) } ?? false
            }
            return try list.edit(ids, changes)
        }
        ChangeReport.report(
            outcomes, in: list, changed: "Updated", unchanged: "nothing to change", jsonKeepsUnchanged: true,
            context: &context)
        sayLearned(learning, in: list, context: &context)
    }

    /// `Learned 'gouda' for Deli`, one line a word learned.
    static func sayLearned(_ ids: [Item.ID], in list: ShoppingList, context: inout CommandContext) {
        for id in ShoppingList.distinct(ids) {
            guard let item = list.item(id), let place = list.learnedPlace(word: LearnedPlace.word(of: item.name)),
                let location = list.location(place.locationID)
            else { continue }
            context.say(
                "Learned \(Quoted.value(place.word)) for \(Escape.forTerminal(location.name)): "
                    + "new items like it go there")
        }
    }
}
