import ShopKit

/// Turns the item options of `add` and `edit` into validated ``ItemChanges``, resolving `--location`
/// against the list. Values the parser let through (`-q 0`, `--price -1`) are refused here with exit 1.
enum ItemChangeOptions {
    /// `--price 2 --no-price` contradicts itself: a usage error, since no reading makes sense of it.
    /// (`add` has none of the clearing options, so for it there is nothing to refuse.)
    static func refuseConflicts(_ options: OptionValues, command: [String]) throws(CommandFailure) {
        try refuse(CommonOptions.price, with: EditCommand.noPrice, in: options, command: command)
        try refuse(CommonOptions.star, with: EditCommand.unstar, in: options, command: command)
        try refuse(CommonOptions.note, with: EditCommand.noNote, in: options, command: command)
        try refuse(CommonOptions.every, with: EditCommand.noEvery, in: options, command: command)
        try refuse(CommonOptions.pantry, with: EditCommand.noPantry, in: options, command: command)
        try refuse(CommonOptions.pack, with: EditCommand.noPack, in: options, command: command)
    }

    private static func refuse<Value>(
        _ setting: OptionKey<Value>, with clearing: OptionKey<Bool>, in options: OptionValues, command: [String]
    ) throws(CommandFailure) {
        guard options.contains(setting) && options[clearing] else { return }
        throw .usage(
            UsageError(
                message: "'\(setting.spec.longFlag)' and '\(clearing.spec.longFlag)' cannot be used together",
                commandPath: command))
    }

    /// The validated changes; runs under the lock so `--location` resolves against the current data.
    static func changes(from options: OptionValues, in list: ShoppingList) throws(ShopError) -> ItemChanges {
        var changes = ItemChanges()
        if let amount = try options[CommonOptions.amount]?.get() { changes.quantity = amount }
        if let location = options[CommonOptions.location] { changes.locationID = try list.resolveLocation(location) }
        if let typed = try options[CommonOptions.price]?.get() {
            changes.price = .set(typed.price)
            changes.priceUnit = typed.unit
        }
        // The amount decoder is `-q`'s too, so a whole number out of range comes back as "quantity N";
        // a pack size is no quantity of the item, so it is said as an amount.
        let packSize: Amount?
        do throws(ShopError) {
            packSize = try options[CommonOptions.pack]?.get()
        } catch .invalidQuantity(let value) {
            throw .invalidAmount(String(value), problem: value < 1 ? .zero : .tooLarge)
        }
        if let pack = packSize {
            guard pack.parts.count == 1 else { throw .invalidAmount(pack.description, problem: .notANumber) }
            changes.pack = .set(pack.parts[0])
        }
        if options[EditCommand.noPack] { changes.pack = .clear }
        switch options[CommonOptions.every] {
        case .learned: changes.restock = .set(.learned)
        case .days(let days): changes.restock = .set(.days(try Validation.every(days)))
        case nil: break
        }
        if let note = options[CommonOptions.note] {
            // A blank note clears it.
            changes.note = try note.get().map { .set($0) } ?? .clear
        }
        if options[CommonOptions.star] { changes.starred = true }
        if options[EditCommand.unstar] { changes.starred = false }
        if options[EditCommand.noPrice] { changes.price = .clear }
        if options[EditCommand.noNote] { changes.note = .clear }
        if options[EditCommand.noEvery] { changes.restock = .clear }
        if options[CommonOptions.pantry] { changes.pantry = true }
        if options[EditCommand.noPantry] { changes.pantry = false }
        return changes
    }
}
